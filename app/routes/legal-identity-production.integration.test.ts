// The built server over HTTP in production: legal pages whose registration, management and governing-law details
// nobody configured claim no jurisdiction at all (no Delaware, no New York, no "not configured" marks) and keep the
// spec's figures; once the admin saves them (CSRF, our origin), the legal notice and the terms show them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "legal-identity-password";
const LEGAL_PAGES = ["/legal-notice", "/terms-of-service", "/privacy-policy"];
/** Jurisdictions, registers and officers the old pages claimed for every deployment, and any mark of an unset field. */
const INVENTED = [
  "Delaware",
  "New York",
  "United States,",
  "registered in the State",
  "Chief Executive Officer",
  "Chief Technology Officer",
  "board of directors",
  "registered for sales tax",
  "governed by",
  "Place of jurisdiction",
  "Legal form",
  "Commercial register",
  "Registration number",
  "VAT number",
  "Management:",
  "management named above",
  "not configured",
];

/** The page's visible text (scripts, tags and React's text separators removed). */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

describe(`legal pages in production without configured legal details, on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer | undefined;
  let nodeEnv: typeof process.env.NODE_ENV;

  const page = async (path: string) => {
    const response = await fetch(`${server!.url}${path}`);
    expect(response.status, path).toBe(200);
    return textOf(await response.text());
  };

  beforeAll(async () => {
    database = await useFreshProcessDatabase("legal-identity-production");
    await upsertAdminUser(database.handle, "admin", ADMIN_PASSWORD);
    nodeEnv = process.env.NODE_ENV;
    server = await startBuiltApp();
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
    process.env.NODE_ENV = nodeEnv;
  });

  it("unset: no invented jurisdiction, register or officer, and no placeholder; the spec's texts and tables stay", async () => {
    const texts = Object.fromEntries(await Promise.all(LEGAL_PAGES.map(async (path) => [path, await page(path)] as const)));
    for (const [path, text] of Object.entries(texts)) {
      for (const invented of INVENTED) expect(text, `${path}: ${invented}`).not.toContain(invented);
      expect(text, path).toContain("Last updated: December 12, 2025");
    }
    const legal = texts["/legal-notice"]!;
    for (const section of ["Registration and Legal Status", "Management", "Governing Law", "Professional Liability Insurance"])
      expect(legal).toContain(section);
    for (const figure of ["$5,000,000", "$10,000,000", "$2,000,000", "$1,000,000", "United States 45%", "European Union 30%", "Asia-Pacific 20%"])
      expect(legal).toContain(figure);
    expect(legal).toContain("Governing Law Mandatory consumer protection laws of your country of residence always apply.");
    expect(legal).toContain("acts as a neutral publisher of business information");
    const terms = texts["/terms-of-service"]!;
    expect(terms).toContain("Mandatory consumer protection laws of your country of residence always apply. Disputes follow the four steps");
    for (const figure of ["95% of disputes", "85% of mediations", "7 business days", "Fewer than 1%"]) expect(terms).toContain(figure);
  });

  it("saved by the admin over HTTP: both pages state the operator's own law and courts", async () => {
    const url = server!.url;
    const { cookie, csrfToken } = await logInOverHttp(url, { username: "admin", password: ADMIN_PASSWORD });
    const saved = await fetch(`${url}/api/admin/site-settings`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": "application/json", "X-CSRF-Token": csrfToken },
      body: JSON.stringify({
        head_tags: "",
        footer_tags: "",
        analytics_code: "",
        facebook_pixel: "",
        governing_law: "the laws of England and Wales",
        place_of_jurisdiction: "the courts of London.",
        company_registration_number: "Company number 01234567",
        company_register: "Companies House",
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const legal = await page("/legal-notice");
    expect(legal).toContain("Commercial register: Companies House Registration number: Company number 01234567");
    expect(legal).toContain(
      "governed by the laws of England and Wales, without regard to conflict-of-law rules. Place of jurisdiction: the courts of London, unless",
    );
    expect(legal).not.toContain("Legal form");
    expect(legal).not.toContain("VAT number");
    expect(legal).not.toContain("not configured");
    const terms = await page("/terms-of-service");
    expect(terms).toContain("These Terms are governed by the laws of England and Wales. Place of jurisdiction: the courts of London, unless");
    for (const text of [legal, terms]) for (const invented of ["Delaware", "New York"]) expect(text).not.toContain(invented);
  });
});
