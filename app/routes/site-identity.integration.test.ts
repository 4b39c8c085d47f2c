// The built server over HTTP outside production: the operator's identity saved in the admin's site settings appears
// on /contact, /legal-notice and in the footer, its legal details (register, governing law, courts) on the legal
// notice and the terms; unset fields are marked "not configured"; the platform figures are the live site_totals in
// the spec's "564,000+" style, never the old hard-coded New York company or a Delaware registration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, type DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { LANGUAGE_COOKIE } from "~/utils/cookie-names";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "site-identity-password";
const IDENTITY = {
  company_name: "Zürich Listings & Maps AG",
  company_street: "Bahnhofstrasse 12",
  company_postal_city: "8001 Zürich",
  company_country: "Switzerland",
  company_phone: "+41 44 123 45 67",
  support_email: "help@listings.example.ch",
  privacy_email: "privacy@listings.example.ch",
  legal_email: "legal@listings.example.ch",
};
const LEGAL = {
  company_legal_form: "Aktiengesellschaft (AG)",
  company_register: "Commercial register of the Canton of Zürich",
  company_registration_number: "CHE-123.456.789",
  company_vat_id: "CHE-123.456.789 MWST",
  company_management: "Anna Muster, Beat Beispiel",
  governing_law: "Swiss law",
  place_of_jurisdiction: "Zürich, Switzerland",
};
/** What the old pages claimed for every deployment. */
const INVENTED = ["Delaware", "New York", "Chief Executive Officer", "board of directors", "registered for sales tax"];
const CODE = { head_tags: "", footer_tags: "", analytics_code: "", facebook_pixel: "" };
/** Totals whose rounded forms differ from the old marketing text (564,000+, 195+, 15,000+, 500+). */
const TOTALS = { businesses: 1_234_567, countries: 87, cities: 4_321, categories: 212 };

/** The page's text with tags removed and entities decoded enough for these assertions. */
function textOf(html: string): string {
  return (
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      // React separates adjacent text with empty comments: they are not spaces.
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ")
  );
}
const footerOf = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
const statsOf = (html: string) => /<section[^>]*aria-labelledby="platform-stats"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

describe(`site identity from the admin settings, over HTTP outside production, on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let server: { port: number; close(): Promise<void> } | undefined;
  let url = "";
  let cookie = "";
  let csrf = "";
  let nodeEnv: typeof process.env.NODE_ENV;

  const page = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const save = (body: unknown, headers: Record<string, string> = { "X-CSRF-Token": csrf }) =>
    fetch(`${url}/api/admin/site-settings`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await useFreshProcessDatabase("site-identity");
    handle = database.handle;
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    for (const [key, value] of Object.entries(TOTALS))
      await handle.query("insert into site_totals (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value", [key, value]);
    // NOTE: read once by the bundle's environment module: this file's server stays outside production throughout.
    nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
    server = await startBuiltServer({ database: await getDatabase() });
    url = `http://127.0.0.1:${server.port}`;
    ({ cookie, csrfToken: csrf } = await logInOverHttp(url, { username: "admin", password: ADMIN_PASSWORD }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
    if (nodeEnv) process.env.NODE_ENV = nodeEnv;
  });

  it("before any save: /contact, /legal-notice and the footer mark each field 'not configured' and show live figures", async () => {
    const contact = await page("/contact");
    const text = textOf(contact);
    for (const mark of ["Company name", "Street", "Postal code and city", "Country", "Phone", "Support e-mail"])
      expect(text).toContain(`${mark} not configured`);
    for (const fake of ["Example Avenue", "New York, NY", "businessdirectory.example", "555"]) expect(contact).not.toContain(fake);
    const stats = textOf(statsOf(contact));
    for (const figure of ["Businesses 1,230,000+", "Countries 87", "Cities 4,320+", "Categories 210+"]) expect(stats).toContain(figure);
    const footer = textOf(footerOf(contact));
    expect(footer).toContain("for 1,230,000+ businesses in 87 countries.");
    expect(footer).toContain("Company name not configured");
    expect(footer).toContain("Support e-mail not configured");

    const legal = textOf(await page("/legal-notice"));
    for (const mark of ["Company name", "Phone", "Support e-mail", "Privacy e-mail", "Legal e-mail"])
      expect(legal).toContain(`${mark} not configured`);
    expect(legal).toContain("We publish a directory of 1,230,000+ businesses in 87 countries, 4,320+ cities and 210+ categories.");
    for (const mark of [
      "Legal form",
      "Commercial register",
      "Registration number",
      "VAT number",
      "Management",
      "Governing law",
      "Place of jurisdiction",
    ])
      expect(legal).toContain(`${mark} not configured`);
    const terms = textOf(await page("/terms-of-service"));
    for (const mark of ["Governing law", "Place of jurisdiction"]) expect(terms).toContain(`${mark} not configured`);
    expect(terms).toContain("Mandatory consumer protection laws of your country of residence always apply.");
    for (const text of [legal, terms]) for (const invented of INVENTED) expect(text).not.toContain(invented);
  });

  it("saved by the admin (CSRF required, audited before → after): every public page shows it at once", async () => {
    const refused = await save({ ...CODE, ...IDENTITY }, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "CSRF_TOKEN_INVALID" });

    const saved = await save({ ...CODE, ...IDENTITY });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ success: true, settings: IDENTITY });

    const contact = await page("/contact");
    const text = textOf(contact);
    expect(text).toContain("Zürich Listings & Maps AG Bahnhofstrasse 12 8001 Zürich Switzerland");
    expect(contact).toContain('href="tel:+41441234567"');
    expect(contact).toContain('href="mailto:help@listings.example.ch"');
    expect(text).not.toContain("not configured");

    const footer = textOf(footerOf(contact));
    expect(footer).toContain("Zürich Listings & Maps AG Bahnhofstrasse 12 8001 Zürich Switzerland help@listings.example.ch");
    expect(footer).toContain(`© ${new Date().getFullYear()} Zürich Listings & Maps AG. All rights reserved.`);

    const legalHtml = await page("/legal-notice");
    const legal = textOf(legalHtml);
    expect(legal).toContain(
      "Zürich Listings & Maps AG Bahnhofstrasse 12 8001 Zürich Switzerland Phone: +41 44 123 45 67 Email: help@listings.example.ch",
    );
    expect(legalHtml).toContain('href="mailto:legal@listings.example.ch"');
    expect(legalHtml).toContain('href="mailto:privacy@listings.example.ch"');
    // The legal details (register, law, courts) are saved by the next test.
    expect(legal).not.toMatch(/(Company name|Street|Postal code and city|Country|Phone|e-mail) not configured/);
    expect(textOf(await page("/privacy-policy"))).toContain(
      "Zürich Listings & Maps AG Bahnhofstrasse 12, 8001 Zürich, Switzerland Email: privacy@listings.example.ch",
    );

    const [audit] = await handle.query<{ details: string }>(
      "select details::text as details from audit_log where action = 'site-settings.save' order by id desc limit 1",
    );
    const details = JSON.parse(audit!.details) as { changed: string[]; changes: Record<string, { before: string; after: string }> };
    expect(details.changed).toEqual(Object.keys(IDENTITY));
    expect(details.changes.company_name).toEqual({ before: "", after: IDENTITY.company_name });
    expect(details.changes.legal_email).toEqual({ before: "", after: IDENTITY.legal_email });
  });

  it("a save with only the spec's four code fields keeps the identity; a cleared field is marked again", async () => {
    expect((await save({ ...CODE, head_tags: '<meta name="x" content="y">' })).status).toBe(200);
    expect(textOf(await page("/contact"))).toContain("Zürich Listings & Maps AG Bahnhofstrasse 12");

    expect((await save({ ...CODE, company_phone: "", support_email: "" })).status).toBe(200);
    const contact = textOf(await page("/contact"));
    expect(contact).toContain("Phone not configured");
    expect(contact).toContain("Support e-mail not configured");
    expect(contact).toContain("Zürich Listings & Maps AG");
  });

  it("refuses a bad e-mail, a bad phone and an over-long field with a code that says how to fix it", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ support_email: "not-an-address" }, "INVALID_SITE_EMAIL"],
      [{ company_phone: "call us maybe" }, "INVALID_SITE_PHONE"],
      [{ company_name: "x".repeat(201) }, "SITE_IDENTITY_TOO_LONG"],
    ];
    for (const [fields, code] of cases) {
      const response = await save({ ...CODE, ...fields });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code });
    }
    expect(textOf(await page("/contact"))).toContain("Zürich Listings & Maps AG");
  });
  it("legal details saved by the admin (CSRF required, audited before → after) appear on the legal notice and the terms", async () => {
    const before = textOf(await page("/legal-notice"));
    expect((await save({ ...CODE, ...LEGAL }, {})).status).toBe(403);
    expect(textOf(await page("/legal-notice"))).toBe(before);

    const saved = await save({ ...CODE, ...LEGAL });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ success: true, settings: LEGAL });

    const legal = textOf(await page("/legal-notice"));
    expect(legal).toContain(
      "Legal form: Aktiengesellschaft (AG) Commercial register: Commercial register of the Canton of Zürich Registration number: CHE-123.456.789 VAT number: CHE-123.456.789 MWST",
    );
    expect(legal).toContain("Management: Anna Muster, Beat Beispiel The management named above is responsible for the content of this website");
    expect(legal).toContain(
      "This legal notice and the use of this website are governed by Swiss law, without regard to conflict-of-law rules. Place of jurisdiction: Zürich, Switzerland, unless",
    );
    const terms = textOf(await page("/terms-of-service"));
    expect(terms).toContain("These Terms are governed by Swiss law. Place of jurisdiction: Zürich, Switzerland, unless");
    for (const text of [legal, terms]) {
      for (const invented of INVENTED) expect(text).not.toContain(invented);
      // (Phone and support e-mail were cleared by an earlier test.)
      expect(text).not.toMatch(
        /(Legal form|Commercial register|Registration number|VAT number|Management|Governing law|Place of jurisdiction) not configured/,
      );
      // The spec's figures stay.
      expect(text).toContain("December 12, 2025");
    }
    for (const figure of ["$5,000,000", "$10,000,000", "$2,000,000", "$1,000,000", "45%", "30%", "20%", "5%"]) expect(legal).toContain(figure);
    for (const figure of ["95% of disputes", "85% of mediations", "7 business days", "Fewer than 1%", "10,000 submissions"])
      expect(terms).toContain(figure);

    const [audit] = await handle.query<{ details: string }>(
      "select details::text as details from audit_log where action = 'site-settings.save' order by id desc limit 1",
    );
    const details = JSON.parse(audit!.details) as { changed: string[]; changes: Record<string, { before: string; after: string }> };
    expect(details.changed).toEqual(Object.keys(LEGAL));
    expect(details.changes.governing_law).toEqual({ before: "", after: "Swiss law" });
    expect(details.changes.company_registration_number).toEqual({ before: "", after: "CHE-123.456.789" });
  });

  it("refuses an over-long or control-character legal detail with a code that says how to fix it, and keeps what was stored", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ governing_law: "Swiss law ".repeat(512) }, "SITE_IDENTITY_TOO_LONG"],
      [{ company_register: "x".repeat(5 * 1024) }, "SITE_IDENTITY_TOO_LONG"],
      [{ governing_law: "Swiss\u0000law" }, "SITE_IDENTITY_CONTROL_CHARACTERS"],
      [{ place_of_jurisdiction: "Zürich\r\n<h1>Delaware</h1>" }, "SITE_IDENTITY_CONTROL_CHARACTERS"],
      [{ company_management: "Anna \u202eretsuM" }, "SITE_IDENTITY_CONTROL_CHARACTERS"],
      [{ company_vat_id: "<b>VAT</b>" }, "INVALID_SITE_VAT_ID"],
    ];
    for (const [fields, code] of cases) {
      // A valid field in the same request is not stored either: the save is all or nothing.
      const response = await save({ ...CODE, company_legal_form: "GmbH", ...fields });
      expect(response.status, code).toBe(400);
      const body = (await response.json()) as { success: boolean; code: string; message: string };
      expect(body).toMatchObject({ success: false, code });
      expect(body.message).toMatch(/at most|one line of plain text|letters, digits/);
    }
    const [row] = await handle.query<Record<string, string>>(`select ${Object.keys(LEGAL).join(", ")} from site_settings where id = 1`);
    expect(row).toEqual(LEGAL);
    const legal = textOf(await page("/legal-notice"));
    expect(legal).toContain("governed by Swiss law");
    expect(legal).toContain("Legal form: Aktiengesellschaft (AG)");
  });

  it("the admin settings page labels the legal details in Turkish by default and in English when chosen", async () => {
    const turkish = await fetch(`${url}/admin/settings`, { headers: { Cookie: cookie } });
    expect(turkish.status).toBe(200);
    const tr = textOf(await turkish.text());
    for (const label of [
      "Yasal bilgiler",
      "Şirket türü",
      "Ticaret sicili",
      "Sicil numarası",
      "Vergi numarası (KDV)",
      "Yönetim (isimler)",
      "Uygulanacak hukuk",
      "Yetkili mahkeme",
    ])
      expect(tr).toContain(label);
    expect(tr).not.toContain("Governing law");

    const english = await fetch(`${url}/admin/settings`, { headers: { Cookie: `${cookie}; ${LANGUAGE_COOKIE}=en` } });
    const en = textOf(await english.text());
    for (const label of [
      "Legal details",
      "Legal form",
      "Commercial register",
      "Registration number",
      "VAT number",
      "Governing law",
      "Place of jurisdiction",
    ])
      expect(en).toContain(label);
  });
});
