// The real CLI re-importing a file big enough for worker threads: rows whose cells are as at their last import reuse
// their stored facts (memo) instead of being normalised again, and every outcome and report is what normalising every
// row (--full) gives; changed rows, and businesses rewritten since by another path, are normalised.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

/** Enough rows for a file above the 4 MB below which rows are prepared inline (prepare-pool.ts). */
const ROWS = 3_500;
const TIMEOUT = 240_000;

type ImportJson = {
  status: string;
  counts: { totalRows: number; inserted: number; updated: number; unchanged: number; skipped: number; rejected: number; reused: number };
  [key: string]: unknown;
};

/** The JSON report without what differs between two runs of the same file (run number, times). */
function comparable(result: ImportJson): unknown {
  const volatile = new Set(["runId", "startedAt", "finishedAt", "timestamp", "processingTimeSeconds", "processingTime", "reused"]);
  return JSON.parse(JSON.stringify(result, (key, value) => (volatile.has(key) ? undefined : value)));
}

async function importJson(env: CliEnv, file: string, ...flags: string[]): Promise<ImportJson> {
  const run = await runDirectory(["import", file, "--json", ...flags], { env, timeoutMs: TIMEOUT });
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as ImportJson[])[0] as ImportJson;
}

describe("directory import reuses rows unchanged since their last import", { timeout: TIMEOUT * 4 }, () => {
  let dir: string;
  let file: string;
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let first: ImportJson;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-reuse-"));
    file = path.join(dir, "places.csv");
    const generated = await runDirectory(["generate", "--rows", String(ROWS), "--seed", "11", "--out", file]);
    expect(generated.code, generated.stderr).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(4 * 1024 * 1024);
    ({ env, cleanup } = await createCliDatabaseEnv());
    first = await importJson(env, file);
  }, TIMEOUT * 2);

  afterAll(async () => {
    await cleanup?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reuses every kept row of an unchanged file, with the report that normalising every row gives", async () => {
    expect(first.counts.reused).toBe(0);
    expect(first.counts.inserted).toBeGreaterThan(ROWS * 0.9);
    const reused = await importJson(env, file);
    // Every row that reached the database, and its repeats in the file, matched a stored memo.
    expect(reused.counts.reused).toBeGreaterThanOrEqual(first.counts.inserted);
    expect(reused.counts).toMatchObject({ inserted: 0, updated: 0, unchanged: first.counts.inserted, rejected: first.counts.rejected });
    const full = await importJson(env, file, "--full");
    expect(full.counts.reused).toBe(0);
    expect(comparable(reused)).toEqual(comparable(full));
    const text = await runDirectory(["import", file], { env, timeoutMs: TIMEOUT });
    expect(text.stdout).toMatch(/[\d,]+ rows read as at their last import: their normalised values were reused \(--full normalises every row\)/);
  });

  it("normalises changed rows and businesses rewritten since, and writes what normalising gives", async () => {
    const records = parse(fs.readFileSync(file)) as string[][];
    const header = records[0] as string[];
    const phone = header.indexOf("phone");
    const placeId = header.indexOf("place_id");
    const name = header.indexOf("name");
    // Three rows get another phone number; a fourth business is rewritten in the database (as a dedupe merge does).
    const changedLines = [10, 1_000, 3_000];
    for (const line of changedLines) (records[line - 1] as string[])[phone] = `+41 44 000 ${String(line).padStart(4, "0")}`;
    const edited = records[2_000] as string[];
    const changedFile = path.join(dir, "places-changed.csv");
    fs.writeFileSync(changedFile, stringify(records));
    const [business] = await queryCliDatabase<{ id: number; name: string }>(
      env,
      "select id::float8 as id, name from businesses where place_id = $1",
      [edited[placeId]],
    );
    expect(business?.name).toBe(edited[name]);
    await queryCliDatabase(env, "update businesses set name = 'Rewritten elsewhere', content_hash = 'rewritten' where id = $1", [business?.id]);

    const result = await importJson(env, changedFile);
    expect(result.counts).toMatchObject({ inserted: 0, updated: changedLines.length + 1, rejected: first.counts.rejected });
    expect(result.counts.reused).toBeLessThanOrEqual(first.counts.inserted + first.counts.skipped - changedLines.length - 1);
    expect(result.counts.reused).toBeGreaterThan(first.counts.inserted - 10);
    const stored = await queryCliDatabase<{ place_id: string; phone_e164: string; name: string }>(
      env,
      "select place_id, phone_e164, name from businesses where place_id = any($1::text[])",
      [[...changedLines.map((line) => (records[line - 1] as string[])[placeId]), edited[placeId]]],
    );
    expect(stored).toHaveLength(changedLines.length + 1);
    for (const line of changedLines) {
      const row = stored.find((s) => s.place_id === (records[line - 1] as string[])[placeId]);
      expect(row?.phone_e164).toBe(`+4144000${String(line).padStart(4, "0")}`);
    }
    expect(stored.find((s) => s.place_id === edited[placeId])?.name).toBe(edited[name]);
    // The next import finds every row as written: nothing left to normalise.
    const again = await importJson(env, changedFile);
    expect(again.counts).toMatchObject({ inserted: 0, updated: 0 });
    expect(again.counts.reused).toBe(result.counts.reused + changedLines.length + 1);
  });
});
