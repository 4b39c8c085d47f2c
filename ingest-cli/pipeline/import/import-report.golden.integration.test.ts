// A committed scraper-shaped CSV with a few bad rows → importFile → its report, volatile fields removed, compared with
// the committed golden JSON; the same golden on both drivers. UPDATE_GOLDEN=1 rewrites the golden from this run.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { importFile, type ImportOutcome } from "./import-file.ts";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "scraper-sample.csv");
const GOLDEN = path.join(import.meta.dirname, "fixtures", "scraper-sample.golden.json");

// Ids, clocks and durations differ on every run; everything else in the report is a function of the file.
const VOLATILE_KEY = /^(id|runId|timestamp)$|At$|[dD]uration|Ms$|Seconds$/;

function stripVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripVolatile);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE_KEY.test(key))
      .map(([key, item]) => [key, stripVolatile(item)]),
  );
}

type StoredIssue = { line: number; severity: string; code: string; field: string | null; reason: string };

function describeReport(outcome: ImportOutcome, rowIssues: StoredIssue[]): unknown {
  return stripVolatile({
    status: outcome.status,
    counters: outcome.counters,
    columnExtraction: outcome.columnExtraction,
    unknownColumns: outcome.unknownColumns,
    warnings: outcome.warnings,
    single: outcome.single,
    batch: outcome.batch,
    dashboard: outcome.dashboard,
    rowIssues,
  });
}

describe(`the import report of a committed scraper sample on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("matches the committed golden report (UPDATE_GOLDEN=1 rewrites it)", async () => {
    const outcome = await importFile(handle, FIXTURE, { batchSize: 100, workers: 0, searchEngine: null });
    expect(outcome.runId).not.toBeNull();
    const rowIssues = await handle.query<StoredIssue>(
      `select line_number as line, severity, code, field, reason from import_row_issues where run_id = $1 order by line_number, severity, code, field`,
      [outcome.runId],
    );
    const report = describeReport(outcome, rowIssues);
    if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(GOLDEN, `${JSON.stringify(report, null, 2)}\n`);
    expect(report).toEqual(JSON.parse(fs.readFileSync(GOLDEN, "utf8")));
  });
});
