// "Suggest an edit" over real HTTP (the built server): a visitor's suggestion is stored (honeypot dropped, over-size
// 413, bad fields 400, foreign origin 403, rate limit 429); only an admin with the CSRF token reviews; an accepted edit
// changes the business with an audit entry, and a re-import of the same place by the real CLI keeps the accepted
// fields; a rejected one changes nothing; an accepted "permanently closed" leaves the lists and the sitemap.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDatabase, type DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { runDirectory, type CliEnv } from "../../ingest-cli/testing/run-cli.ts";
import { SUGGESTION_RATE_LIMIT } from "~/models/business-suggestions.server";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "suggestions-test-password";
const HEADER = ["name", "place_id", "full_address", "city", "country_code", "phone", "latitude", "longitude", "rating", "reviews", "working_hours"];
const HOURS = JSON.stringify({ Monday: "9AM-5PM", Tuesday: "9AM-5PM" });

function place(name: string, placeId: string, index: number, reviews: number): Record<string, string> {
  return {
    name,
    place_id: placeId,
    full_address: `${index + 1} Bahnhofstrasse, 8001 Zürich, Switzerland`,
    city: "Zürich",
    country_code: "CH",
    phone: `+41 44 123 45 6${index}`,
    latitude: (47.37 + index / 1000).toFixed(4),
    longitude: (8.54 + index / 1000).toFixed(4),
    rating: "4.4",
    reviews: String(reviews),
    working_hours: HOURS,
  };
}

const ROWS = [
  place("Cafe Nuovo", "ChIJsuggestNuovo", 0, 120),
  place("Bäckerei Brot", "ChIJsuggestBrot", 1, 80),
  place("Old Tavern", "ChIJsuggestTavern", 2, 60),
];

function toCsv(rows: Array<Record<string, string>>): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [HEADER.join(","), ...rows.map((row) => HEADER.map((column) => cell(row[column] ?? "")).join(","))].join("\r\n") + "\r\n";
}

interface StoredBusiness {
  id: number;
  name: string;
  slug: string;
  phone: string | null;
  phone_e164: string | null;
  url: string | null;
  working_hours: unknown;
  status: string;
  reviews: number;
  kept_fields: string[] | null;
}

describe(`suggest an edit, reviewed in the admin, kept over a re-import, on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let handle: DatabaseHandle;
  let server: InProcessServer;
  let cookie = "";
  let csrf = "";
  const slugs = new Map<string, string>();

  const business = async (name: string): Promise<StoredBusiness> => {
    const [row] = await handle.query<StoredBusiness>(
      `select id::int as id, name, slug, phone, phone_e164, url, working_hours, status, reviews, kept_fields from businesses where slug = $1`,
      [slugs.get(name)],
    );
    if (!row) throw new Error(`no business ${name}`);
    return row;
  };
  const suggestions = () =>
    handle.query<{
      id: number;
      business_id: number;
      name: string | null;
      phone: string | null;
      closure: string | null;
      status: string;
      ip_hash: string;
    }>("select id::int as id, business_id::int as business_id, name, phone, closure, status, ip_hash from business_suggestions order by id");

  async function suggest(name: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}/business/${slugs.get(name)}/suggest`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async function review(fields: Record<string, string>, auth: { cookie?: string; csrf?: string } = { cookie, csrf }) {
    const body = new URLSearchParams({ ...fields, ...(auth.csrf === undefined ? {} : { _csrf: auth.csrf }) });
    const response = await fetch(`${server.url}/admin/suggestions?_data=routes%2Fadmin.suggestions`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(auth.cookie ? { Cookie: auth.cookie } : {}) },
      body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text.startsWith("{") ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  beforeAll(async () => {
    database = await useFreshProcessDatabase("business-suggestions");
    handle = database.handle;
    await importFixtureRows(handle, ROWS);
    for (const row of await handle.query<{ name: string; slug: string }>("select name, slug from businesses")) slugs.set(row.name, row.slug);
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: ADMIN_PASSWORD }));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("the business page links to its form, which shows the current values", async () => {
    const page = await (await fetch(`${server.url}/business/${slugs.get("Cafe Nuovo")}`)).text();
    expect(page).toContain(`href="/business/${slugs.get("Cafe Nuovo")}/suggest"`);
    const form = await fetch(`${server.url}/business/${slugs.get("Cafe Nuovo")}/suggest`);
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toBe("no-store");
    const html = await form.text();
    expect(html).toContain("Suggest an edit");
    expect(html).toContain("Now: Cafe Nuovo");
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect((await fetch(`${server.url}/business/no-such-business/suggest`)).status).toBe(404);
  });

  it("stores a valid suggestion with a salted sender hash, and answers with the thank-you", async () => {
    const sent = await suggest("Cafe Nuovo", {
      name: "Caffè Nuovo",
      phone: "+41 44 765 43 21",
      hours: "Monday: 8:00 AM – 6:00 PM | Tuesday: Closed",
      closure: "",
      note: "New owners since May.",
      email: "visitor@example.com",
      homepage: "",
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("Thank you, your suggestion was sent");
    const [stored] = await suggestions();
    expect(stored).toMatchObject({ name: "Caffè Nuovo", phone: "+41 44 765 43 21", closure: null, status: "pending" });
    expect(stored?.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing changes before a review.
    expect((await business("Cafe Nuovo")).name).toBe("Cafe Nuovo");
  });

  it("drops a submission whose honeypot is filled, with the same answer", async () => {
    const before = (await suggestions()).length;
    const sent = await suggest("Cafe Nuovo", { name: "Spam Spam", homepage: "http://spam.example" });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("Thank you, your suggestion was sent");
    expect((await suggestions()).length).toBe(before);
  });

  it("answers 400 with a message per bad field, and when nothing is suggested; 415 for a JSON body", async () => {
    const bad = await suggest("Cafe Nuovo", { name: "A", phone: "call us", website: "not a web address", email: "nope", closure: "vanished" });
    expect(bad.status).toBe(400);
    for (const message of [
      "The name must be at least 2 characters",
      "Enter a phone number with at least 5 digits",
      "Enter a web address such as https://example.com",
      "Enter a valid e-mail address, or leave it empty",
      "Choose one of the listed answers",
    ]) {
      expect(bad.text).toContain(message);
    }
    const moved = await suggest("Cafe Nuovo", { closure: "moved" });
    expect(moved.status).toBe(400);
    expect(moved.text).toContain("Give the new address of a business that moved");
    const empty = await suggest("Cafe Nuovo", { note: "Just saying hello" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Fill in at least one correction");
    const tooLong = await suggest("Cafe Nuovo", { name: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain("This is too long");
    const json = await fetch(`${server.url}/business/${slugs.get("Cafe Nuovo")}/suggest`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ name: "Caffè" }),
    });
    expect(json.status).toBe(415);
    expect((await suggestions()).length).toBe(1);
  });

  it("refuses an over-size body (413) and a post from another site (403)", async () => {
    const big = await suggest("Cafe Nuovo", { name: "Big", note: "x".repeat(70 * 1024) });
    expect(big.status).toBe(413);
    const foreign = await suggest("Cafe Nuovo", { name: "Forged Name" }, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await suggestions()).length).toBe(1);
  });

  it("only an admin with the CSRF token can see and review the queue", async () => {
    const [pending] = await suggestions();
    const anonymousPage = await fetch(`${server.url}/admin/suggestions`, { redirect: "manual" });
    expect(anonymousPage.status).toBe(302);
    expect(anonymousPage.headers.get("Location")).toMatch(/^\/admin\/login/);
    const anonymous = await fetch(`${server.url}/admin/suggestions`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "accept", id: String(pending?.id), name: "Hijacked" }),
    });
    expect(anonymous.status).toBe(302);
    const noToken = await review({ intent: "accept", id: String(pending?.id), name: "Hijacked" }, { cookie, csrf: "wrong-token" });
    expect(noToken.status).toBe(403);
    const noCookie = await review({ intent: "reject", id: String(pending?.id) }, { csrf });
    expect([204, 302]).toContain(noCookie.status);
    expect((await suggestions())[0]?.status).toBe("pending");
    expect((await business("Cafe Nuovo")).name).toBe("Cafe Nuovo");
  });

  it("lists the pending suggestion beside the current values; accepting with an edit changes the business, audited", async () => {
    const queue = await fetch(`${server.url}/admin/suggestions?_data=routes%2Fadmin.suggestions`, { headers: { Cookie: cookie } });
    expect(queue.status).toBe(200);
    const { suggestions: listed } = (await queue.json()) as {
      suggestions: Array<{ id: number; proposal: { name: string }; business: { current: { name: string; phone: string } } }>;
    };
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ proposal: { name: "Caffè Nuovo" }, business: { current: { name: "Cafe Nuovo" } } });

    // The admin fixes the name before accepting; unreadable hours are refused with a field message first.
    const id = String(listed[0]?.id);
    const unreadable = await review({ intent: "accept", id, name: "Caffè Nuovo Zürich", hours: "mornings mostly" });
    expect(unreadable.status).toBe(400);
    expect(unreadable.json).toMatchObject({ fieldErrors: { hours: expect.stringContaining("could not be read") } });
    const accepted = await review({
      intent: "accept",
      id,
      name: "Caffè Nuovo Zürich",
      phone: "+41 44 765 43 21",
      hours: "Monday: 8:00 AM – 6:00 PM | Tuesday: Closed",
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(accepted.json).toMatchObject({ success: true, intent: "accept" });

    const changed = await business("Cafe Nuovo");
    expect(changed).toMatchObject({ name: "Caffè Nuovo Zürich", phone: "+41 44 765 43 21", phone_e164: "+41447654321", status: "operational" });
    expect(changed.working_hours).toEqual({ monday: [["08:00", "18:00"]], tuesday: [] });
    expect([...(changed.kept_fields ?? [])].sort()).toEqual(["name", "phone", "working_hours"]);
    expect((await suggestions())[0]).toMatchObject({ status: "accepted", name: "Caffè Nuovo Zürich" });

    const [audit] = await handle.query<{ actor: string; target: string; details: { changes: Record<string, { before: unknown; after: unknown }> } }>(
      "select actor, target, details from audit_log where action = 'suggestion.accept'",
    );
    expect(audit).toMatchObject({ actor: "admin", target: `business:${changed.id}` });
    expect(audit?.details.changes.name).toEqual({ before: "Cafe Nuovo", after: "Caffè Nuovo Zürich" });

    // The page and the search show the change at once (a POST empties the page cache; the index is updated).
    const page = await (await fetch(`${server.url}/business/${changed.slug}`)).text();
    expect(page).toContain("Caffè Nuovo Zürich");
    const search = (await (await fetch(`${server.url}/api/search?q=${encodeURIComponent("nuovo zürich")}`)).json()) as {
      hits: Array<{ name: string }>;
    };
    expect(search.hits.map((hit) => hit.name)).toContain("Caffè Nuovo Zürich");
    // A reviewed suggestion cannot be reviewed again.
    expect((await review({ intent: "reject", id })).status).toBe(409);
  });

  it("a re-import of the same place by the CLI keeps the accepted fields and updates the others", { timeout: 240_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-suggest-reimport-"));
    const file = path.join(dir, "places.csv");
    // The source still has the old name, phone and hours; its review count moved, so the row is rewritten.
    fs.writeFileSync(file, toCsv([place("Cafe Nuovo", "ChIJsuggestNuovo", 0, 150)]));
    const env: CliEnv =
      testDriver() === "pglite"
        ? { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: undefined, MEILI_URL: undefined }
        : { DATABASE_URL: database?.url, MEILI_URL: undefined };
    // NOTE: PGlite allows one process per data dir: the server and this process let go of it while the CLI runs.
    await server.close();
    await closeDatabase();
    try {
      const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 180_000 });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)[0].counts).toMatchObject({ totalRows: 1, updated: 1 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      handle = await getDatabase();
      server = await startBuiltApp();
    }
    const after = await business("Cafe Nuovo");
    expect(after).toMatchObject({ name: "Caffè Nuovo Zürich", phone: "+41 44 765 43 21", phone_e164: "+41447654321", reviews: 150 });
    expect(after.working_hours).toEqual({ monday: [["08:00", "18:00"]], tuesday: [] });
  });

  it("rejecting leaves the business unchanged", async () => {
    const sent = await suggest("Bäckerei Brot", { name: "Brot und Spiele", website: "brot.example" });
    expect(sent.status).toBe(200);
    const before = await business("Bäckerei Brot");
    const pending = (await suggestions()).find((row) => row.status === "pending");
    const rejected = await review({ intent: "reject", id: String(pending?.id) });
    expect(rejected.status).toBe(200);
    expect(await business("Bäckerei Brot")).toEqual(before);
    expect((await suggestions()).find((row) => row.id === pending?.id)?.status).toBe("rejected");
    const [audit] = await handle.query<{ target: string }>("select target from audit_log where action = 'suggestion.reject'");
    expect(audit?.target).toBe(`business_suggestions/${pending?.id}`);
  });

  it("an accepted 'permanently closed' leaves the lists, the counts and the sitemap; the page stays with a banner", async () => {
    expect(await suggest("Old Tavern", { closure: "closed_permanently", note: "Boarded up." })).toMatchObject({ status: 200 });
    const pending = (await suggestions()).find((row) => row.status === "pending");
    const accepted = await review({ intent: "accept", id: String(pending?.id), closure: "closed_permanently" });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const tavern = await business("Old Tavern");
    expect(tavern.status).toBe("closed_permanently");
    expect(tavern.kept_fields).toEqual(["status"]);
    const list = await (await fetch(`${server.url}/api/businesses`)).text();
    expect(list).toContain("Bäckerei Brot");
    expect(list).not.toContain("Old Tavern");
    const [total] = await handle.query<{ value: number }>("select value::int as value from site_totals where key = 'businesses'");
    expect(Number(total?.value)).toBe(2);
    const sitemap = await (await fetch(`${server.url}/sitemaps/businesses/page-1.xml`)).text();
    expect(sitemap).not.toContain(`/business/${tavern.slug}<`);
    const page = await fetch(`${server.url}/business/${tavern.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("closed-banner");
  });

  it("answers 429 with Retry-After once a sender has sent the hour's maximum", async () => {
    const ipHash = (await suggestions())[0]?.ip_hash;
    const sentSoFar = (await suggestions()).filter((row) => row.ip_hash === ipHash).length;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof suggest>> | undefined;
    for (let i = sentSoFar; i <= SUGGESTION_RATE_LIMIT.maxSuggestions; i++) {
      const answer = await suggest("Bäckerei Brot", { phone: `+41 44 000 00 ${String(i).padStart(2, "0")}` });
      statuses.push(answer.status);
      limited = answer;
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited?.text).toContain("Too many suggestions from your connection");
    expect((await suggestions()).filter((row) => row.ip_hash === ipHash)).toHaveLength(SUGGESTION_RATE_LIMIT.maxSuggestions);
  });
});
