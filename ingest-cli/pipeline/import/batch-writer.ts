// Staged rows and their issues → atomic batch writes, one in flight while the next batch is read, retried over a
// dropped connection → the tally, the progress callback and the search index; a committed batch is never undone.
import type { DatabaseHandle } from "../../../db/client.ts";
import { findStoredFieldChanges } from "../../../db/queries/import-changes.ts";
import { getEnv } from "../../../db/env.ts";
import { describeFailure } from "../../../db/rules/directory-error.ts";
import { observeImportBatch } from "../../../db/telemetry.ts";
import { writeImportBatch, type BatchOutcome, type RowIssueInput, type StagedRow } from "../../../db/writes/import-batch.ts";
import type { BusinessInput } from "../../../db/writes/businesses.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { createSearchEngine } from "../../../search/index.ts";
import { syncSearchIndex } from "../../../search/reindex.ts";
import { yieldToEventLoop } from "../event-loop.ts";
import { hashBusiness } from "../normalize/business.ts";
import { inWeekOrder } from "../normalize/hours.ts";
import { isFaultPointArmed, reachFaultPoint } from "./fault-points.ts";
import {
  CHANGE_SAMPLE_BUSINESSES,
  CHANGE_SAMPLE_LOOKUPS,
  countCommitted,
  readProgress,
  takePending,
  type ImportTally,
  type RowProgress,
} from "./import-tally.ts";

export interface BatchWriterOptions {
  /** The run each batch commits into (null: a dry run). */
  runId: number | null;
  /** The line a resumed run had committed through before this session. */
  resumedFromRow: number;
  batchSize: number;
  onDuplicate: "update" | "skip";
  dryRun: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: RowProgress & { throughLine: number }) => void;
  /** See ImportOptions.searchEngine. */
  searchEngine?: SearchEngine | null;
}

/** Connection lost or server restarting: the batch rolled back and may be sent again once the server is back. */
export function isTransientDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return (
    ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"].includes(
      code,
    ) ||
    code === "57P01" ||
    code === "57P02" ||
    code === "57P03" ||
    code.startsWith("08") ||
    code === "40001" ||
    code === "40P01"
  );
}

/** The normaliser's hash of a row rebuilt over stored values; a stored week comes back in jsonb's key order. */
function hashRebuiltBusiness(business: BusinessInput): string {
  return hashBusiness(business.workingHours ? { ...business, workingHours: inWeekOrder(business.workingHours) } : business);
}

const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000];

async function withRetry<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isTransientDatabaseError(error) || delay === undefined || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The engine that must hear about written businesses: only Meilisearch keeps a copy of its own. */
function resolveSearchEngine(handle: DatabaseHandle, given: SearchEngine | null | undefined): SearchEngine | null {
  if (given !== undefined) return given;
  const env = getEnv();
  return env.MEILI_URL ? createSearchEngine({ handle, meiliUrl: env.MEILI_URL, meiliApiKey: env.MEILI_API_KEY }) : null;
}

/**
 * Gathers rows and their issues into batches and writes each atomically, one write in flight while the next batch
 * is read and normalised; a committed batch is counted, reported as progress and sent to the search index.
 */
export function createBatchWriter(handle: DatabaseHandle, tally: ImportTally, options: BatchWriterOptions) {
  const { runId, batchSize, onDuplicate, dryRun } = options;
  const searchEngine = dryRun ? null : resolveSearchEngine(handle, options.searchEngine);
  let rows: StagedRow[] = [];
  let issues: RowIssueInput[] = [];
  const names = new Map<number, string>();
  let lastLine = options.resumedFromRow;
  let inFlight = null as Promise<void> | null;
  /** Batches this process has sent, for the tests' fault points. */
  let sent = 0;
  // Index updates run behind the writes, one at a time, in batch order; a failure never undoes a committed batch.
  let searchSync: Promise<void> = Promise.resolve();
  let searchSyncError: string | null = null;

  /** A dry run's fields that would change on stored businesses, until the sample is full. */
  const sampleChanges = async (batchRows: StagedRow[]) => {
    const sample = tally.changeSample;
    const room = CHANGE_SAMPLE_BUSINESSES - sample.businesses;
    // NOTE: bounded in batches too: updates that touch no compared column (a slug, a rank) would otherwise cost one
    // look-up per batch of a million-row dry run.
    if (room <= 0 || onDuplicate !== "update" || sample.lookups >= CHANGE_SAMPLE_LOOKUPS) return;
    sample.lookups++;
    const changes = await findStoredFieldChanges(handle, batchRows, room);
    sample.businesses += new Set(changes.map((change) => change.line)).size;
    sample.changes.push(...changes);
  };

  const applyOutcome = (outcome: BatchOutcome, batchRows: StagedRow[], batchNames: Map<number, string>, throughLine: number) => {
    countCommitted(tally, outcome, batchRows.length, batchNames);
    if (searchEngine && outcome.writtenIds.length > 0 && !dryRun) {
      const ids = outcome.writtenIds;
      searchSync = searchSync.then(() =>
        syncSearchIndex(searchEngine, ids).catch((error: unknown) => {
          searchSyncError ??= describeFailure(error);
        }),
      );
    }
    options.onProgress?.({ ...readProgress(tally), throughLine });
  };

  return {
    /** A line read past the resume point: the batch sent next commits the run through it. */
    seeLine(line: number) {
      lastLine = Math.max(lastLine, line);
    },
    addIssue(issue: RowIssueInput) {
      issues.push(issue);
    },
    addRow(line: number, row: StagedRow, name: string) {
      names.set(line, name);
      rows.push(row);
    },
    isFull: () => rows.length >= batchSize || issues.length >= batchSize * 4,
    async flush() {
      if (inFlight) await inFlight;
      await yieldToEventLoop();
      const batchRows = rows;
      const batchIssues = issues;
      const batchCounts = takePending(tally);
      const batchNames = new Map(names);
      rows = [];
      issues = [];
      names.clear();
      if (batchRows.length === 0 && batchIssues.length === 0 && batchCounts.totalRows === 0) return;
      const throughRow = lastLine;
      const batch = ++sent;
      // Decided once the batch before has been counted: past the small-change bound the tally collects nothing more.
      const trackAggregateFacts = !tally.touched.unknown;
      const sentAt = performance.now();
      const beforeCommit = isFaultPointArmed(`batch-before-commit:${batch}`) ? () => reachFaultPoint(`batch-before-commit:${batch}`) : undefined;
      inFlight = withRetry(
        () =>
          writeImportBatch(handle, batchRows, {
            onDuplicate: onDuplicate,
            runId,
            committedThroughRow: throughRow,
            issues: batchIssues,
            dryRun: dryRun,
            counters: batchCounts,
            hashBusiness: hashRebuiltBusiness,
            trackAggregateFacts,
            beforeCommit,
          }),
        options.signal,
      ).then(async (outcome) => {
        // NOTE: after the rollback, so the stored values are the ones before this batch (a dry run writes nothing).
        if (dryRun && outcome.updated > 0) await sampleChanges(batchRows);
        applyOutcome(outcome, batchRows, batchNames, throughRow);
        if (!dryRun) {
          const seconds = (performance.now() - sentAt) / 1000;
          observeImportBatch({ runId, batch, rows: batchRows.length, aggregateFacts: outcome.aggregateFacts.after.length, seconds });
        }
        await reachFaultPoint(`batch-after-commit:${batch}`);
      });
    },
    /** Waits for the write in flight; after a failure, without throwing its error again. */
    async drain(afterFailure = false) {
      const last = inFlight;
      inFlight = null;
      if (afterFailure) await last?.catch(() => undefined);
      else await last;
    },
    /** Waits for the index updates; the first one's failure, if any. */
    async settleSearch(): Promise<string | null> {
      await searchSync;
      return searchSyncError;
    },
  };
}

export type BatchWriter = ReturnType<typeof createBatchWriter>;
