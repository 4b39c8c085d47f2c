// `directory import` → `directory export --fields <27 + extras>` → `directory import` into a fresh database, through
// the real CLI on both drivers: gallery photos, special hours and a closed status survive; the spec's exports do not change.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

/** The spec's 27 export fields, written out here so a change to the code's list cannot pass unnoticed. */
const SPEC_FIELDS = [
  "id",
  "name",
  "slug",
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "postal_code",
  "country",
  "country_code",
  "phone",
  "latitude",
  "longitude",
  "rating",
  "reviews",
  "reviews_link",
  "photo",
  "logo",
  "located_in",
  "working_hours",
  "verified",
  "about",
  "place_id",
  "created_at",
  "updated_at",
  "url",
];
const EXTRAS = ["photos", "other_hours", "business_status"];

// Invented fixture in Outscraper's shape (not copied from a real export).
const SOURCE_CSV = stringify([
  [
    "name",
    "category",
    "full_address",
    "city",
    "country_code",
    "place_id",
    "time_zone",
    "working_hours",
    "other_hours",
    "photo",
    "gallery",
    "business_status",
  ],
  [
    "Gone Gallery Bistro",
    "Restaurant",
    "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
    "Zürich",
    "CH",
    "ChIJroundtrip00001",
    "Europe/Zurich",
    JSON.stringify({ Monday: "11am-10pm", Friday: "11am-2pm,6pm-11pm", Sunday: "Closed" }),
    JSON.stringify([
      { kitchen: { Monday: "11:30am-2pm" } },
      { holiday_hours: { "2026-12-25": "Closed", "2026-12-31": "10am-2pm,6pm-11:30pm", "2027-01-01": "Open 24 hours" } },
    ]),
    "https://lh5.googleusercontent.com/p/AF1QipMain=w800-h500-k-no",
    JSON.stringify([
      "https://lh5.googleusercontent.com/p/AF1QipOne=w800-h500-k-no",
      "https://example.com/photos/two.jpg",
      "https://example.com/photos/three.jpg?size=large&v=2",
    ]),
    "CLOSED_PERMANENTLY",
  ],
  [
    "Resting Cafe",
    "Cafe",
    "Limmatquai 2, 8001 Zürich, Switzerland",
    "Zürich",
    "CH",
    "ChIJroundtrip00002",
    "Europe/Zurich",
    JSON.stringify({ Monday: "8am-6pm" }),
    JSON.stringify([{ holiday_hours: { "2026-12-24": "8am-12pm" } }]),
    "https://example.com/cafe/main.jpg",
    "https://example.com/cafe/side.jpg",
    "CLOSED_TEMPORARILY",
  ],
  [
    "Plain Bakery",
    "Bakery",
    "Niederdorfstrasse 3, 8001 Zürich, Switzerland",
    "Zürich",
    "CH",
    "ChIJroundtrip00003",
    "Europe/Zurich",
    JSON.stringify({ Tuesday: "7am-7pm" }),
    "",
    "",
    "",
    "OPERATIONAL",
  ],
]);

interface StoredPlace {
  place_id: string;
  photo: string | null;
  photos: string[] | null;
  special_hours: Record<string, string[][]> | null;
  status: string;
  working_hours: Record<string, string[][]> | null;
}

const STORED_SQL = "select place_id, photo, photos, special_hours, status, working_hours from businesses order by place_id";

describe(`export → re-import keeps photos, special hours and status, on ${testDriver()}`, () => {
  let source: { env: CliEnv; cleanup(): Promise<void> };
  let target: { env: CliEnv; cleanup(): Promise<void> };
  let dir: string;
  beforeAll(async () => {
    source = await createCliDatabaseEnv();
    target = await createCliDatabaseEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-export-round-trip-"));
    fs.writeFileSync(path.join(dir, "source.csv"), SOURCE_CSV);
    const run = await runDirectory(["import", path.join(dir, "source.csv"), "--json"], { env: source.env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
  }, 240_000);
  afterAll(async () => {
    await source?.cleanup();
    await target?.cleanup();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("re-imports an export with the extras into a fresh database with the same photos, special hours and status", { timeout: 240_000 }, async () => {
    const before = await queryCliDatabase<StoredPlace>(source.env, STORED_SQL);
    // The fixture really carries what the round trip must keep (else the comparison below proves nothing).
    expect(before.map((row) => [row.status, row.photos?.length ?? 0, Object.keys(row.special_hours ?? {}).length])).toEqual([
      ["closed_permanently", 3, 3],
      ["closed_temporarily", 1, 1],
      ["operational", 0, 0],
    ]);

    const file = path.join(dir, "export.csv");
    const exported = await runDirectory(["export", "--out", file, "--fields", [...SPEC_FIELDS, ...EXTRAS].join(","), "--json"], {
      env: source.env,
      timeoutMs: 120_000,
    });
    expect(exported.code, exported.stderr).toBe(0);
    const header = fs.readFileSync(file, "utf8").split("\r\n")[0];
    expect(header).toBe([...SPEC_FIELDS, ...EXTRAS].join(","));

    const imported = await runDirectory(["import", file, "--json"], { env: target.env, timeoutMs: 120_000 });
    expect(imported.code, imported.stderr).toBe(0);
    const after = await queryCliDatabase<StoredPlace>(target.env, STORED_SQL);
    expect(after).toEqual(before);
  });

  it("keeps the spec's exports as they were: defaults, all 27, and the extras only as added columns", { timeout: 240_000 }, async () => {
    const read = async (fields: string[] | null): Promise<string> => {
      const run = await runDirectory(["export", "--out", "-", ...(fields ? ["--fields", fields.join(",")] : [])], {
        env: source.env,
        timeoutMs: 120_000,
      });
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    const defaults = await read(null);
    expect(defaults.split("\r\n")[0]).toBe("name,full_address,phone,type");
    const all = await read(["all"]);
    expect(all.split("\r\n")[0]).toBe(SPEC_FIELDS.join(","));
    expect(all).not.toMatch(/CLOSED_PERMANENTLY|AF1QipOne|holiday_hours/);

    // The same rows with the extras: the spec's columns hold byte-identical cells.
    const withExtras = parse(await read([...SPEC_FIELDS, ...EXTRAS]), { columns: true }) as Array<Record<string, string>>;
    const allRows = parse(all, { columns: true }) as Array<Record<string, string>>;
    expect(withExtras.map((row) => Object.fromEntries(SPEC_FIELDS.map((field) => [field, row[field]])))).toEqual(allRows);
    expect(withExtras.map((row) => row.business_status)).toEqual(["CLOSED_PERMANENTLY", "CLOSED_TEMPORARILY", "OPERATIONAL"]);

    const help = await runDirectory(["export", "--help"], { env: source.env });
    expect(help.code, help.stderr).toBe(0);
    for (const extra of EXTRAS) expect(help.stdout.replace(/\s+/g, " ")).toContain(extra);
  });
});
