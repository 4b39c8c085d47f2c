// `directory import` → each batch's log line says how many written rows' count keys it returned (`aggregateFacts`):
// an import that can no longer be small (its written rows reached SMALL_CHANGE_SHARE of the listed businesses, or
// nothing is listed yet) asks its batches for none, and its counts equal a full refresh; a small import collects
// every batch's keys, refreshes only those, and its counts equal a full refresh too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { snapshotCountTables } from "../../db/testing/consistency.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { refreshAggregates, SMALL_CHANGE_SHARE } from "../../db/writes/aggregates.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

type Row = Record<string, string | number>;
type BatchLine = { event: string; batch: number; rows: number; aggregateFacts: number };

const HEADERS = ["place_id", "name", "category", "city", "country_code", "reviews", "rating"];
const PLACES = [
  { category: "Bakery", city: "Berlin", country_code: "DE" },
  { category: "Dentist", city: "Munich", country_code: "DE" },
  { category: "Bar", city: "Paris", country_code: "FR" },
  { category: "Coffee shop", city: "Zürich", country_code: "CH" },
];
const LISTED = 200;

const business = (key: string, i: number, name: string, place = PLACES[i % PLACES.length]): Row => ({
  place_id: key,
  name,
  ...place,
  reviews: 10 + (i % 97),
  rating: 3 + (i % 20) / 10,
});

describe(`an import's batches stop returning count keys once it cannot be small, on ${testDriver()}`, { timeout: 240_000 }, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;

  /** Imports `rows` through the CLI with one batch log line each; returns them in batch order. */
  const importRows = async (name: string, rows: Row[], batchSize: number): Promise<BatchLine[]> => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, stringify([HEADERS, ...rows.map((row) => HEADERS.map((header) => String(row[header] ?? "")))]));
    const run = await runDirectory(["import", file, "--batch-size", String(batchSize)], { env: { ...env, LOG_LEVEL: "info" }, timeoutMs: 180_000 });
    expect(run.code, run.stderr).toBe(0);
    return run.stderr
      .split("\n")
      .filter((line) => line.includes('"import_batch"'))
      .map((line) => JSON.parse(line) as BatchLine)
      .sort((a, b) => a.batch - b.batch);
  };
  /** The count tables as the import left them, and as a full refresh makes them. */
  const countsAndFullRefresh = async () => {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      const left = await snapshotCountTables(handle);
      await refreshAggregates(handle);
      return { left, full: await snapshotCountTables(handle) };
    } finally {
      await handle.close();
    }
  };
  const listed = async () =>
    Number((await queryCliDatabase<{ n: number }>(env, "select value::float8 as n from site_totals where key = 'businesses'"))[0]?.n);

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-aggregate-facts-"));
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("an import into an empty directory returns no keys from its first batch", async () => {
    const seed = Array.from({ length: LISTED }, (_, i) => business(`base-${i}`, i, `Base Shop ${i}`));
    const batches = await importRows("seed.csv", seed, 50);
    expect(batches.map((batch) => batch.rows)).toEqual([50, 50, 50, 50]);
    // Nothing is listed before it: its refresh is a full one whatever it writes.
    expect(batches.map((batch) => batch.aggregateFacts)).toEqual([0, 0, 0, 0]);
    expect(await listed()).toBe(LISTED);
  });

  it("a big import into a small directory stops asking for keys at the bound, and its counts equal a full refresh", async () => {
    const bound = LISTED * SMALL_CHANGE_SHARE;
    expect(bound).toBe(10);
    // 20 stored businesses moved to another city and category under new names (their old keys must leave the
    // counts), then 40 new ones: 12 batches of 5 written rows.
    const rows = [
      ...Array.from({ length: 20 }, (_, i) => business(`base-${i}`, i, `Moved Shop ${i}`, PLACES[(i + 1) % PLACES.length])),
      ...Array.from({ length: 40 }, (_, i) => business(`big-${i}`, i, `Big Shop ${i}`)),
    ];
    const batches = await importRows("big.csv", rows, 5);
    expect(batches.map((batch) => batch.rows)).toEqual(Array.from({ length: 12 }, () => 5));
    // Two batches reach the bound (10 written rows); every batch after it returns no keys.
    expect(batches.map((batch) => batch.aggregateFacts)).toEqual([5, 5, ...Array.from({ length: 10 }, () => 0)]);
    const { left, full } = await countsAndFullRefresh();
    expect(left).toEqual(full);
    expect(await listed()).toBe(LISTED + 40);
  });

  it("a small import collects every batch's keys, refreshes only those, and its counts equal a full refresh", async () => {
    const untouched = async () =>
      (await queryCliDatabase<{ v: string }>(env, "select xmin::text as v from city_counts where city_slug = 'paris'"))[0]?.v;
    const paris = await untouched();
    expect(paris).toBeDefined();
    const rows = [
      business("base-100", 100, "Renamed Shop 100"),
      business("small-1", 1, "Small Shop 1", PLACES[0]),
      business("small-2", 2, "Small Shop 2", { category: "Florist", city: "Hamburg", country_code: "DE" }),
      business("base-104", 104, "Renamed Shop 104"),
    ];
    expect(rows.length).toBeLessThan((LISTED + 40) * SMALL_CHANGE_SHARE);
    expect(rows.every((row) => row.city !== "Paris")).toBe(true);
    const batches = await importRows("small.csv", rows, 2);
    expect(batches.map((batch) => [batch.rows, batch.aggregateFacts])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    // Refreshed by its keys: Paris, which it did not touch, kept its count row.
    expect(await untouched()).toBe(paris);
    const { left, full } = await countsAndFullRefresh();
    expect(left).toEqual(full);
  });
});
