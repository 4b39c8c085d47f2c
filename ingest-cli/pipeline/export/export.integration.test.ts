import { PassThrough, Writable } from "node:stream";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../db/client.ts";
import { createTestDatabase, testDriver } from "../../../db/testing/test-database.ts";
import { refreshAggregates } from "../../../db/writes/aggregates.ts";
import { generateBusinesses, listColumns } from "../generate/index.ts";
import { importRows } from "../import/import-rows.ts";
import { importFixtureRows } from "../../testing/import-fixture-rows.ts";
import { buildColumnMapping, mapRecord } from "../map/columns.ts";
import { normalizeBusiness, type RawBusiness } from "../normalize/business.ts";
import { EXPORT_FIELDS, ExportError, exportBusinessesCsv, type ExportOptions } from "./index.ts";

// Saturday 21 November 2026, noon UTC: the clock every date preset below is resolved against.
const NOW = new Date("2026-11-21T12:00:00Z");

interface Fixture {
  raw: RawBusiness;
  createdAt: string;
  approved?: boolean;
  test?: boolean;
}

const FIXTURES: Fixture[] = [
  {
    raw: {
      name: "Café Zürich",
      category: "Swiss restaurant",
      full_address: "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
      country_code: "CH",
      phone: "+41 44 000 00 00",
      latitude: "47.3672935",
      longitude: "8.5391",
      rating: "4.4",
      reviews: "56",
      verified: "True",
      working_hours: '{"Monday":"Closed","Tuesday":"11:30am-2:30pm,5:30-11pm","Saturday":"Open 24 hours","Sunday":"6pm-2am"}',
      about: '{"Service options":{"Dine-in":true,"Takeout":false},"Parking":{"Paid street parking":true}}',
      place_id: "ChIJ-fixture-zurich",
      url: "https://cafe.example.ch",
    },
    createdAt: "2026-11-21T08:00:00Z",
  },
  {
    raw: {
      name: '=HYPERLINK("http://evil.example","Click me")',
      category: "Bakery",
      full_address: "Hauptstraße 5, 10115 Berlin, Germany",
      country_code: "DE",
      phone: "+49 30 1234567",
      working_hours: '{"Monday":"Open 24 hours"}',
      description: "Fresh bread every morning.",
      place_id: "ChIJ-fixture-hyperlink",
      latitude: "52.52",
      longitude: "-13.4",
    },
    createdAt: "2026-11-20T10:00:00Z",
  },
  {
    raw: {
      name: 'Comma, Quote "Co"',
      category: "bakery",
      street: "Line 1\nLine 2",
      full_address: "Torstraße 9, 10119 Berlin, Germany",
      country_code: "DE",
      phone: "+1 (555) 010-9999",
      place_id: "ChIJ-fixture-comma",
      about: "@SUM(A1) is not a formula here",
    },
    createdAt: "2026-11-17T09:00:00Z",
  },
  {
    raw: {
      name: "-2+3 Shop",
      category: "Coffee shop",
      full_address: "1 Main St, Springfield, IL 62701, United States",
      country_code: "US",
      phone: "-12.5",
      latitude: "-33.8688",
      longitude: "151.2093",
      place_id: "ChIJ-fixture-minus",
      working_hours: { Wednesday: "9AM-5PM", Thursday: ["9 AM–12 PM", "1–5 PM"] },
    },
    createdAt: "2026-11-03T00:00:00Z",
  },
  {
    raw: {
      name: "Kebap Evi",
      category: "Turkish restaurant",
      full_address: "İstiklal Cd. 1, 34430 İstanbul, Türkiye",
      country_code: "TR",
      place_id: "ChIJ-fixture-unapproved",
    },
    createdAt: "2026-10-15T00:00:00Z",
    approved: false,
  },
  {
    raw: {
      name: "Demo Diner",
      category: "Diner",
      full_address: "2 Demo Rd, Austin, TX 73301, United States",
      country_code: "US",
      place_id: "ChIJ-fixture-test",
    },
    createdAt: "2025-01-01T00:00:00Z",
    test: true,
  },
  {
    raw: {
      name: "Tab\tInside",
      category: "Swiss restaurant",
      full_address: "Limmatquai 2, 8001 Zürich, Switzerland",
      country_code: "CH",
      place_id: "ChIJ-fixture-late",
      working_hours: '{"Friday":"12PM-12:30PM"}',
      about: '{"Offerings":{"Vegan options":true}}',
    },
    createdAt: "2026-11-21T11:30:00Z",
  },
];

/** Inserts the fixtures through the import path and pins created_at/updated_at so presets and bytes are stable. */
async function seed(handle: DatabaseHandle): Promise<void> {
  for (const fixture of FIXTURES) {
    await importFixtureRows(handle, [fixture.raw], { isTest: fixture.test ?? false, refreshAggregates: false });
    await handle.query("update businesses set created_at = $1, updated_at = $2, is_approved = $3 where place_id = $4", [
      fixture.createdAt,
      "2026-11-21T12:00:00Z",
      fixture.approved ?? true,
      fixture.raw.place_id,
    ]);
  }
  await refreshAggregates(handle);
}

async function exportText(handle: DatabaseHandle, options: ExportOptions): Promise<{ text: string; rows: number; bytes: number }> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const result = await exportBusinessesCsv(handle, { now: NOW, ...options }, sink);
  const text = Buffer.concat(chunks).toString("utf8");
  expect(Buffer.byteLength(text)).toBe(result.bytes);
  return { text, ...result };
}

function records(text: string): Array<Record<string, string>> {
  return parse(text, { columns: true, bom: true, record_delimiter: "\r\n" }) as Array<Record<string, string>>;
}

async function exportNames(handle: DatabaseHandle, options: ExportOptions): Promise<string[]> {
  const { text } = await exportText(handle, { fields: ["place_id"], ...options });
  return records(text).map((record) => (record.place_id as string).replace("ChIJ-fixture-", ""));
}

describe(`export on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seed(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("writes a header of the field names, CRLF rows in id order, and counts rows and bytes", async () => {
    const { text, rows } = await exportText(handle, { fields: ["name", "phone", "country_code"] });
    expect(rows).toBe(FIXTURES.length);
    expect(text.startsWith("name,phone,country_code\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "").includes("\r")).toBe(false);
    const parsed = records(text);
    expect(parsed.map((record) => record.name)).toEqual([
      "Café Zürich",
      `'=HYPERLINK("http://evil.example","Click me")`,
      'Comma, Quote "Co"',
      "'-2+3 Shop",
      "Kebap Evi",
      "Demo Diner",
      "Tab\tInside",
    ]);
    expect(parsed.map((record) => record.phone)).toEqual(["+41 44 000 00 00", "+49 30 1234567", "+1 (555) 010-9999", "-12.5", "", "", ""]);
  });

  it("uses the routed defaults, and the panel's names mapped onto the same columns", async () => {
    const defaults = await exportText(handle, {});
    expect(defaults.text.split("\r\n")[0]).toBe("name,full_address,phone,type");
    const panel = await exportText(handle, {
      fields: ["name", "address", "phone", "category", "reviewCount", "rating", "placeId", "countryCode", "url"],
    });
    const [first] = records(panel.text);
    expect(first).toEqual({
      name: "Café Zürich",
      address: "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
      phone: "+41 44 000 00 00",
      category: "Swiss restaurant",
      reviewCount: "56",
      rating: "4.4",
      placeId: "ChIJ-fixture-zurich",
      countryCode: "CH",
      url: "https://cafe.example.ch",
    });
  });

  it("exports all 27 fields in a shape the importer reads back to the same hours and amenities", async () => {
    const { text } = await exportText(handle, { fields: ["all"] });
    const parsed = records(text);
    expect(Object.keys(parsed[0] as object)).toEqual([...EXPORT_FIELDS]);
    expect(parsed[0]).toMatchObject({
      verified: "true",
      latitude: "47.3672935",
      created_at: "2026-11-21T08:00:00Z",
      updated_at: "2026-11-21T12:00:00Z",
      working_hours: '{"Monday":"Closed","Tuesday":"11:30AM-2:30PM,5:30PM-11PM","Saturday":"Open 24 hours","Sunday":"6PM-2AM"}',
    });
    expect(parsed[2]?.about).toBe("'@SUM(A1) is not a formula here");
    expect(parsed[2]?.street).toBe("Line 1\nLine 2");

    const stored = await handle.query<{ place_id: string; working_hours: unknown; about: unknown; description: string | null }>(
      "select place_id, working_hours, about, description from businesses order by id",
    );
    const mapping = buildColumnMapping(Object.keys(parsed[0] as object));
    parsed.forEach((record, index) => {
      const row = stored[index];
      const normalized = normalizeBusiness(mapRecord(record, mapping));
      expect(normalized.ok).toBe(true);
      if (!normalized.ok || !row) return;
      expect(normalized.business.placeId).toBe(row.place_id);
      expect(normalized.business.workingHours ?? null).toEqual(row.working_hours);
      expect(normalized.business.about ?? null).toEqual(row.about);
      // Prose travels in "about" when there are no amenities; a formula guard is the one visible change.
      if (row.about === null && row.description !== null) expect(normalized.business.description?.replace(/^'/, "")).toBe(row.description);
    });
  });

  it("filters by country, categories (names or slugs), approval and test data", async () => {
    expect(await exportNames(handle, { countryCode: "de" })).toEqual(["hyperlink", "comma"]);
    expect(await exportNames(handle, { countryCode: "all" })).toHaveLength(FIXTURES.length);
    expect(await exportNames(handle, { categories: ["Bakery"] })).toEqual(["hyperlink", "comma"]);
    expect(await exportNames(handle, { categories: ["swiss-restaurant", "Coffee shop"] })).toEqual(["zurich", "minus", "late"]);
    expect(await exportNames(handle, { countryCode: "CH", categories: ["bakery"] })).toEqual([]);
    expect(await exportNames(handle, { includeUnapproved: false })).not.toContain("unapproved");
    expect(await exportNames(handle, { includeTest: false })).not.toContain("test");
    expect(await exportNames(handle, { includeUnapproved: false, includeTest: false })).toEqual(["zurich", "hyperlink", "comma", "minus", "late"]);
  });

  it("filters created_at by the date presets in UTC", async () => {
    expect(await exportNames(handle, { range: "all" })).toHaveLength(FIXTURES.length);
    expect(await exportNames(handle, { range: "today" })).toEqual(["zurich", "late"]);
    expect(await exportNames(handle, { range: "yesterday" })).toEqual(["hyperlink"]);
    expect(await exportNames(handle, { range: "last24hours" })).toEqual(["zurich", "late"]);
    expect(await exportNames(handle, { range: "last7days" })).toEqual(["zurich", "hyperlink", "comma", "late"]);
    expect(await exportNames(handle, { range: "thisweek" })).toEqual(["zurich", "hyperlink", "comma", "late"]);
    expect(await exportNames(handle, { range: "thismonth" })).toEqual(["zurich", "hyperlink", "comma", "minus", "late"]);
    expect(await exportNames(handle, { range: "custom", startDate: "2026-10-01", endDate: "2026-11-03" })).toEqual(["minus", "unapproved"]);
    expect(await exportNames(handle, { startDate: "2025-01-01", endDate: "2025-01-01" })).toEqual(["test"]);
  });

  it("refuses unknown fields, countries, categories and incomplete ranges before writing", async () => {
    const failure = async (options: ExportOptions) => {
      const sink = new PassThrough();
      let written = 0;
      sink.on("data", (chunk: Buffer) => (written += chunk.length));
      const error = await exportBusinessesCsv(handle, options, sink).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(written).toBe(0);
      expect(error).toBeInstanceOf(ExportError);
      return error as ExportError;
    };
    const unknownField = await failure({ fields: ["name", "colour", "adress"] });
    expect(unknownField.code).toBe("UNKNOWN_EXPORT_FIELD");
    expect(unknownField.message).toContain("colour, adress");
    expect(unknownField.message).toContain("full_address");
    expect(unknownField.message).toContain("reviewCount");
    expect((await failure({ countryCode: "Germany" })).code).toBe("INVALID_COUNTRY");
    expect((await failure({ categories: ["Bakeries"] })).message).toContain("bakeries");
    expect((await failure({ range: "custom", startDate: "2026-01-01" })).code).toBe("CUSTOM_RANGE_INCOMPLETE");
    expect((await failure({ range: "today", startDate: "2026-01-01" })).code).toBe("DATES_NEED_CUSTOM");
  });

  it("adds a UTF-8 BOM on request and ends the output stream", async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => sink.on("end", resolve));
    const result = await exportBusinessesCsv(handle, { fields: ["name"], bom: true, countryCode: "CH" }, sink);
    await ended;
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe("name\r\nCafé Zürich\r\nTab\tInside\r\n");
    expect(result).toEqual({ rows: 2, bytes: bytes.length });
  });

  it("gives the same bytes in windows of any size", async () => {
    const whole = await exportText(handle, { fields: ["all"] });
    for (const windowRows of [1, 2, 3, 7]) {
      const windowed = await exportText(handle, { fields: ["all"], windowRows });
      expect(windowed.text).toBe(whole.text);
    }
    const filtered = await exportText(handle, { fields: ["name"], countryCode: "CH", windowRows: 1 });
    expect(filtered.rows).toBe(2);
  });

  it("stops on an output error with that error and leaves the database usable", async () => {
    let writes = 0;
    const failing = new Writable({
      write(_chunk, _encoding, done) {
        writes++;
        done(writes > 1 ? Object.assign(new Error("reader went away"), { code: "EPIPE" }) : null);
      },
    });
    const error = await exportBusinessesCsv(handle, { fields: ["all"], windowRows: 2 }, failing).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as NodeJS.ErrnoException).code).toBe("EPIPE");
    expect((await exportText(handle, { fields: ["name"] })).rows).toBe(FIXTURES.length);
  });

  it.runIf(testDriver() === "postgres")("writes byte-identical files from PGlite and PostgreSQL", async () => {
    const server = await createTestDatabase();
    const pglite = await openDatabase({});
    try {
      // The fixtures plus generated rows with real-world mess: blanks, odd hours, long text, many scripts.
      const generated = [...generateBusinesses({ rows: 300, seed: 11, messy: 0.3 })] as Array<Record<string, unknown>>;
      for (const target of [server, pglite]) {
        await seed(target);
        // Refused rows are part of the mess: the same ones are refused on both.
        await importRows(target, generated, { headers: listColumns(), refreshAggregates: false });
        await target.query(
          "update businesses set created_at = '2026-11-19T07:08:09.5Z', updated_at = '2026-11-21T12:00:00Z' where place_id not like 'ChIJ-fixture-%' or place_id is null",
        );
      }
      const options: ExportOptions[] = [
        { fields: ["all"] },
        { fields: ["name", "about"], bom: true, countryCode: "DE" },
        { range: "thisweek", windowRows: 2 },
        { fields: ["all"], windowRows: 37, includeUnapproved: false },
      ];
      for (const option of options) {
        const fromServer = await exportText(server, option);
        const fromPglite = await exportText(pglite, option);
        expect(fromPglite.rows).toBe(fromServer.rows);
        expect(fromPglite.text).toBe(fromServer.text);
      }
      expect((await exportText(server, { fields: ["all"] })).rows).toBeGreaterThan(250);
    } finally {
      await pglite.close();
      await server.close();
    }
  });
});
