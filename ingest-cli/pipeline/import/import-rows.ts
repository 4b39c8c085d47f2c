// Records in memory (the demo seed, test fixtures) → the file import's own mapping, normaliser, in-file repeat check
// and batch writer, as if they were the elements of a JSON array file: one write path, whoever writes.
import type { DatabaseHandle } from "../../../db/client.ts";
import type { OpenedSource, SourceItem } from "../read/index.ts";
import { ImportError, importOpenedSource, type ImportOptions } from "./import-file.ts";
import type { RejectedRow } from "./reports.ts";

export interface ImportRowsOptions extends Pick<ImportOptions, "batchSize" | "onDuplicate" | "isTest" | "dryRun" | "searchEngine" | "signal"> {
  /** The `source` stored on every business, as a file's name would be (default "rows"). */
  source?: string;
  /** Refresh the count tables at the end, as an import does (default true). */
  refreshAggregates?: boolean;
  /** The columns, as a file's header row; default: every key of the records in first-seen order (reads them all first). */
  headers?: readonly string[];
}

export interface ImportRowsResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Repeats of an earlier record (same identity), as in a file. */
  skipped: number;
  /** Records the normaliser refused. */
  rejected: number;
  /** The first refused records (the reports' sample): `line` is the record's index + 2, as for a JSON array file. */
  rejectedRows: RejectedRow[];
}

/** The records as an opened JSON-array source: record i on line i + 2, read one at a time. */
function openRecords(rows: Iterable<Record<string, unknown>>, headers: string[]): OpenedSource {
  async function* items(): AsyncGenerator<SourceItem> {
    let line = 2;
    for (const values of rows) yield { kind: "record", record: { line: line++, values } };
  }
  return { format: "json", compressed: false, headers, details: {}, items: items(), close: async () => undefined };
}

/**
 * Writes `rows` (canonical field names or any header a file may use, raw values) exactly as a file import would:
 * same identity, slug collision, content-hash and counter rules. A failed write throws; refused rows are returned.
 */
export async function importRows(
  handle: DatabaseHandle,
  rows: Iterable<Record<string, unknown>>,
  options: ImportRowsOptions = {},
): Promise<ImportRowsResult> {
  const { source, headers, ...importOptions } = options;
  const records = headers ? rows : [...rows];
  const columns = headers ? [...headers] : [...new Set([...records].flatMap((row) => Object.keys(row)))];
  const outcome = await importOpenedSource(handle, openRecords(records, columns), { ...importOptions, fileName: source ?? "rows", workers: 0 });
  if (outcome.error) throw new ImportError(outcome.error.code, outcome.error.message);
  const { counters } = outcome;
  return {
    inserted: counters.inserted,
    updated: counters.updated,
    unchanged: counters.unchanged,
    skipped: counters.skipped.count,
    rejected: counters.rejected.count,
    rejectedRows: counters.rejected.rows,
  };
}
