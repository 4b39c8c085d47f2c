// `directory import` of Outscraper- and gosom-shaped CSVs with dated special hours → businesses.special_hours, on
// both drivers; labelled weekly sets (kitchen, delivery) are not stored, and a re-import of the same file is unchanged.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// Invented fixtures in the two sources' shapes (not copied from real exports).
const OUTSCRAPER_CSV = stringify([
  ["name", "full_address", "city", "country_code", "place_id", "time_zone", "working_hours", "other_hours"],
  [
    "Holiday Bistro",
    "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
    "Zürich",
    "CH",
    "ChIJspecial000001",
    "Europe/Zurich",
    JSON.stringify({ Monday: "11am-10pm", Tuesday: "11am-10pm", Wednesday: "11am-10pm", Thursday: "11am-10pm", Friday: "11am-11pm" }),
    JSON.stringify([
      { kitchen: { Monday: "11:30\u202fam-2\u202fpm,6-9\u202fpm" } },
      { holiday_hours: { "2026-12-25": "Closed", "2026-12-31": "10\u202fam-2\u202fpm" } },
    ]),
  ],
  [
    "Kitchen Only Cafe",
    "Limmatquai 2, 8001 Zürich, Switzerland",
    "Zürich",
    "CH",
    "ChIJspecial000002",
    "Europe/Zurich",
    JSON.stringify({ Monday: "8am-6pm" }),
    JSON.stringify([{ delivery: { Monday: "6-10\u202fpm" } }]),
  ],
]);

const GOSOM_CSV = stringify([
  ["title", "address", "link", "timezone", "open_hours"],
  [
    "Taverna Special",
    "Makariou Ave 5, Nicosia 1065, Cyprus",
    "https://www.google.com/maps/place/x/data=!4m7!3m6!1s0x0:0x1!8m2!3d35.17!4d33.36!16s%2Fg%2F1!19sChIJspecial000003?hl=en",
    "Asia/Nicosia",
    JSON.stringify({
      Monday: ["11\u202fam\u201311\u202fpm"],
      "Thursday 2026-12-24 (Christmas Eve)": ["11\u202fam\u20133\u202fpm"],
      special_hours: { "2027-01-01": ["Closed"] },
    }),
  ],
]);

interface StoredSpecial {
  name: string;
  special_hours: Record<string, string[][]> | null;
  working_hours: Record<string, string[][]> | null;
}

describe(`directory import stores dated special hours, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let outscraper: string;
  let gosom: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-special-hours-"));
    outscraper = path.join(dir, "outscraper.csv");
    gosom = path.join(dir, "gosom.csv");
    fs.writeFileSync(outscraper, OUTSCRAPER_CSV);
    fs.writeFileSync(gosom, GOSOM_CSV);
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function stored(): Promise<StoredSpecial[]> {
    // NOTE: PGlite allows one process per data dir, so the test opens it only while no child runs.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await handle.query<StoredSpecial>("select name, special_hours, working_hours from businesses order by name");
    } finally {
      await handle.close();
    }
  }

  it("stores the holiday days of Outscraper other_hours and gosom open_hours variants, and nothing else", { timeout: 240_000 }, async () => {
    const run = await runDirectory(["import", outscraper, gosom, "--json"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const rows = await stored();
    expect(rows.map((row) => [row.name, row.special_hours])).toEqual([
      ["Holiday Bistro", { "2026-12-25": [], "2026-12-31": [["10:00", "14:00"]] }],
      ["Kitchen Only Cafe", null],
      ["Taverna Special", { "2026-12-24": [["11:00", "15:00"]], "2027-01-01": [] }],
    ]);
    // The week is untouched by the dated keys and the kitchen set.
    expect(rows[0]?.working_hours?.monday).toEqual([["11:00", "22:00"]]);
    expect(rows[2]?.working_hours).toEqual({ monday: [["11:00", "23:00"]] });
  });

  it("counts a re-import of the same files as unchanged", { timeout: 240_000 }, async () => {
    const run = await runDirectory(["import", outscraper, gosom, "--json"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout) as Array<{ counts: { unchanged: number; updated: number } }>;
    expect(results.map((result) => result.counts)).toMatchObject([
      { unchanged: 2, updated: 0 },
      { unchanged: 1, updated: 0 },
    ]);
  });
});
