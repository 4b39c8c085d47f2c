import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stageBusiness } from "../../ingest-cli/pipeline/import/prepare-rows.ts";
import { normalizeBusiness, type RawBusiness } from "../../ingest-cli/pipeline/normalize/business.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../testing/test-database.ts";
import { writeImportBatch, type BatchOptions, type StagedRow } from "./import-batch.ts";
import { createImportRun, RunTakenOverError, type ImportRunClaim } from "./import-runs.ts";

function staged(line: number, raw: RawBusiness): StagedRow {
  const result = normalizeBusiness(raw, { isTest: false });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return stageBusiness(line, result.business);
}

const bakery = (i: number, phone = `+49 30 ${1000 + i}`): RawBusiness => ({
  name: `Bakery ${i}`,
  category: "Bakery",
  city: "Berlin",
  country_code: "DE",
  place_id: `batch-${i}`,
  phone,
});

function options(runId: number | null, committedThroughRow: number, overrides: Partial<BatchOptions> = {}): BatchOptions {
  return {
    onDuplicate: "update",
    runId,
    committedThroughRow,
    issues: [],
    dryRun: false,
    counters: { totalRows: 0, skipped: 0, rejected: 0 },
    trackAggregateFacts: true,
    ...overrides,
  };
}

interface RunCounters {
  committed: number;
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
}

describe(`import batch writer on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let runId: number;
  let claim: ImportRunClaim | undefined;
  const counters = async () =>
    (
      await handle.query<RunCounters>(
        `select committed_through_row as committed, total_rows as total, inserted_count as inserted, updated_count as updated,
                unchanged_count as unchanged, skipped_count as skipped, rejected_count as rejected from import_runs where id = $1`,
        [runId],
      )
    )[0];
  const businesses = async () => Number((await handle.query<{ n: number }>("select count(*)::int as n from businesses"))[0]?.n);

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.query("truncate businesses, import_runs, import_row_issues restart identity cascade");
    claim = await createImportRun(handle, { origin: "cli", fileName: "batch.csv", fileSizeBytes: 1, fileSha256: "x", options: {} });
    runId = claim.id;
  });
  afterEach(async () => {
    await claim?.release();
  });

  it("inserts, updates and counts unchanged rows, with the run's counters and issues in the same commit", async () => {
    const first = await writeImportBatch(
      handle,
      [staged(2, bakery(1)), staged(3, bakery(2))],
      options(runId, 4, {
        counters: { totalRows: 3, skipped: 0, rejected: 1 },
        issues: [
          {
            lineNumber: 4,
            severity: "rejected",
            code: "NAME_MISSING",
            field: "name",
            reason: "a name is required",
            raw: { name: "", 'quote"s': "tab\there" },
          },
        ],
      }),
    );
    expect(first).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, databaseDuplicates: 0, newPlaceIds: 2 });
    expect(first.writtenIds).toHaveLength(2);
    expect(await counters()).toEqual({ committed: 4, total: 3, inserted: 2, updated: 0, unchanged: 0, skipped: 0, rejected: 1 });
    const [issue] = await handle.query<{ line_number: number; code: string; raw: unknown }>(
      "select line_number, code, raw from import_row_issues where run_id = $1",
      [runId],
    );
    expect(issue).toEqual({ line_number: 4, code: "NAME_MISSING", raw: { name: "", 'quote"s': "tab\there" } });

    // Line 5 is unchanged (never staged), line 6 changed, line 7 new.
    const second = await writeImportBatch(
      handle,
      [staged(5, bakery(1)), staged(6, bakery(2, "+49 30 9999")), staged(7, bakery(3))],
      options(runId, 7, { counters: { totalRows: 3, skipped: 0, rejected: 0 } }),
    );
    expect(second).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, databaseDuplicates: 2 });
    expect(await counters()).toEqual({ committed: 7, total: 6, inserted: 3, updated: 1, unchanged: 1, skipped: 0, rejected: 1 });
    expect(await businesses()).toBe(3);
  });

  it("returns the count keys of the rows it writes and rewrites only when asked to track them", async () => {
    await writeImportBatch(handle, [staged(2, bakery(1)), staged(3, bakery(2))], options(runId, 3));
    // A rewrite moves the business to another city: tracked, its old keys and its new ones come back.
    const moved = (i: number, line: number) => staged(line, { ...bakery(i), city: "Munich", name: `Moved Bakery ${i}` });
    const tracked = await writeImportBatch(handle, [moved(1, 4), staged(5, bakery(3))], options(runId, 5));
    expect(tracked).toMatchObject({ inserted: 1, updated: 1, factsUnknown: false });
    expect(tracked.aggregateFacts.before.map((facts) => [facts.name, facts.city_slug])).toEqual([["Bakery 1", "berlin"]]);
    expect(tracked.aggregateFacts.after.map((facts) => [facts.name, facts.city_slug])).toEqual([
      ["Moved Bakery 1", "munich"],
      ["Bakery 3", "berlin"],
    ]);
    // Untracked (an import past the small-change bound): the same writes and counters, no keys, and said unknown.
    const untracked = await writeImportBatch(handle, [moved(2, 6), staged(7, bakery(4))], options(runId, 7, { trackAggregateFacts: false }));
    expect(untracked).toMatchObject({ inserted: 1, updated: 1, factsUnknown: true, aggregateFacts: { before: [], after: [] } });
    expect(untracked.writtenIds).toHaveLength(2);
    expect(await counters()).toMatchObject({ committed: 7, inserted: 4, updated: 2 });
    const cities = await handle.query<{ name: string; city_slug: string }>("select name, city_slug from businesses order by place_id");
    expect(cities.map((row) => [row.name, row.city_slug])).toEqual([
      ["Moved Bakery 1", "munich"],
      ["Moved Bakery 2", "munich"],
      ["Bakery 3", "berlin"],
      ["Bakery 4", "berlin"],
    ]);
  });

  it("skips stored identities with onDuplicate skip and counts them skipped", async () => {
    await writeImportBatch(handle, [staged(2, bakery(1))], options(runId, 2, { counters: { totalRows: 1, skipped: 0, rejected: 0 } }));
    const outcome = await writeImportBatch(
      handle,
      [staged(3, bakery(1, "+49 30 5555")), staged(4, bakery(4))],
      options(runId, 4, { onDuplicate: "skip", counters: { totalRows: 2, skipped: 1, rejected: 0 } }),
    );
    expect(outcome).toMatchObject({ inserted: 1, updated: 0, skippedLines: [3], skippedExisting: 1 });
    expect(await counters()).toMatchObject({ committed: 4, total: 3, inserted: 2, skipped: 2 });
    const [phone] = await handle.query<{ phone: string }>("select phone from businesses where place_id = 'batch-1'");
    expect(phone?.phone).not.toContain("5555");
  });

  it("gives a slug held by another business the first free alternative", async () => {
    const one = staged(2, bakery(1));
    const clash = { ...staged(3, bakery(9)), slug: one.slug };
    await writeImportBatch(handle, [one], options(runId, 2));
    await writeImportBatch(handle, [clash], options(runId, 3));
    const slugs = await handle.query<{ slug: string }>("select slug from businesses order by id");
    expect(slugs.map((row) => row.slug)).toEqual([one.slug, clash.slugAlt]);
  });

  it("applies a batch once: a retry of a committed batch changes nothing", async () => {
    const rows = [staged(2, bakery(1))];
    await writeImportBatch(handle, rows, options(runId, 2, { counters: { totalRows: 1, skipped: 0, rejected: 0 } }));
    const retry = await writeImportBatch(handle, rows, options(runId, 2, { counters: { totalRows: 1, skipped: 0, rejected: 0 } }));
    expect(retry).toMatchObject({ inserted: 0, updated: 0, unchanged: 0 });
    expect(await counters()).toMatchObject({ committed: 2, total: 1, inserted: 1 });
  });

  it("counts a dry run exactly and writes nothing", async () => {
    const outcome = await writeImportBatch(handle, [staged(2, bakery(1)), staged(3, bakery(2))], options(null, 3, { dryRun: true }));
    expect(outcome).toMatchObject({ inserted: 2, updated: 0 });
    expect(await businesses()).toBe(0);
  });

  it("fails a batch the server refuses with an error, writes none of it, and the next batch still goes through", { timeout: 20_000 }, async () => {
    const good = staged(2, bakery(1));
    // A latitude the float8 column cannot take: the COPY itself fails on the server.
    const broken = { ...staged(3, bakery(2)), copyTail: staged(3, bakery(2)).copyTail.replace(/^((?:[^\t]*\t){15})[^\t]*/, "$1not-a-number") };
    await expect(writeImportBatch(handle, [good, broken], options(runId, 3))).rejects.toThrow();
    expect(await businesses()).toBe(0);
    expect(await counters()).toMatchObject({ committed: 0, total: 0 });
    const next = await writeImportBatch(handle, [staged(4, bakery(3))], options(runId, 4));
    expect(next.inserted).toBe(1);
    expect(await businesses()).toBe(1);
  });

  it("refuses a batch of a run that is no longer this process's (marked interrupted, or resumed by another), writing none of it", async () => {
    await writeImportBatch(handle, [staged(2, bakery(1))], options(runId, 2, { counters: { totalRows: 1, skipped: 0, rejected: 0 } }));
    await handle.query("update import_runs set status = 'interrupted' where id = $1", [runId]);
    await expect(writeImportBatch(handle, [staged(3, bakery(2))], options(runId, 3))).rejects.toBeInstanceOf(RunTakenOverError);
    await handle.query("update import_runs set status = 'running', claimed_by = 'other-host:1:1' where id = $1", [runId]);
    await expect(writeImportBatch(handle, [staged(3, bakery(2))], options(runId, 3))).rejects.toThrow(/IMPORT_RUN_TAKEN_OVER|lost its claim/);
    expect(await businesses()).toBe(1);
    expect(await counters()).toMatchObject({ committed: 2, total: 1, inserted: 1 });
  });
});
