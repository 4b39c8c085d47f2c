// Source items → prepared items in source order, prepared inline or on a pool of worker threads; the main thread
// keeps reading and writing to the database while the workers map and normalise, and memory stays bounded.
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { SourceItem } from "../read/index.ts";
import { findWorkerEntry } from "../read/worker-entry.ts";
import {
  packTextChunk,
  prepareFully,
  type MemoItem,
  type PrepareContext,
  type PreparedItem,
  type PrepareRequest,
  type PrepareResponse,
} from "./prepare-rows.ts";
import { decodeRowFacts } from "./row-memo.ts";
import type { StoredRowMemo } from "../../../db/queries/import-row-memo.ts";

const WORKER_FILE = path.join("ingest-cli", "pipeline", "import", "prepare-worker.mjs");
/** Items per message: large enough that messaging costs little, small enough to keep every worker busy. */
export const CHUNK_ITEMS = 250;
/** Chunks sent and not yet consumed, per worker: the bound on memory, and the read-ahead that hides latency. */
const CHUNKS_AHEAD_PER_WORKER = 4;
/** Below this file size the workers' start-up (≈ 0.3 s) costs more than they save. */
const POOL_MIN_BYTES = 4 * 1024 * 1024;

/** Workers for a file of `bytes`: one per core up to two (the main thread and PostgreSQL need the rest), none for small files. */
export function choosePrepareWorkers(bytes: number): number {
  return bytes < POOL_MIN_BYTES ? 0 : Math.min(2, os.availableParallelism());
}

export interface PrepareOptions {
  /** 0 prepares on the calling thread. */
  workers: number;
  /** Every cell value is a string (CSV): chunks travel packed (see TextChunk). */
  textOnly?: boolean;
  /** Reads the stored memos of the businesses behind "memo" items (needed when `context.memo.index` is set). */
  readMemos?: (ids: number[]) => Promise<StoredRowMemo[]>;
}

/**
 * A worker's chunk with its "memo" items replaced: by the stored facts when the memo still holds (same key, and the
 * business's content hash is the one the row produced), else by the row normalised here. `originals` is the chunk
 * as sent (one item per prepared item).
 */
export async function resolveMemoItems(
  prepared: Array<PreparedItem | MemoItem>,
  originals: SourceItem[],
  context: PrepareContext,
  readMemos: (ids: number[]) => Promise<StoredRowMemo[]>,
): Promise<PreparedItem[]> {
  const ids: number[] = [];
  for (const item of prepared) if (item.kind === "memo") ids.push(item.id);
  if (ids.length === 0) return prepared as PreparedItem[];
  const stored = new Map((await readMemos(ids)).map((memo) => [memo.id, memo]));
  const normalise = (source: SourceItem) => prepareFully(source, context);
  return prepared.map((item, i) => {
    if (item.kind !== "memo") return item;
    const source = originals[i] as SourceItem;
    const memo = stored.get(item.id);
    const facts = memo && memo.key === item.key ? decodeRowFacts(memo.facts) : null;
    if (!memo || !facts || facts.contentHash !== memo.contentHash || facts.identityKey !== memo.identityKey) return normalise(source);
    return {
      kind: "row",
      line: item.line,
      name: facts.name,
      placeId: facts.placeId,
      warnings: facts.warnings,
      resolved: facts.resolved,
      row: {
        lineNumber: item.line,
        identityKey: facts.identityKey,
        contentHash: facts.contentHash,
        slug: "",
        slugAlt: "",
        slugAlt2: "",
        copyTail: "",
        memoKey: item.key,
        memoFacts: memo.facts,
        restage: () => {
          const again = normalise(source);
          if (again.kind !== "row")
            throw new DirectoryError(
              "IMPORT_MEMO_MISMATCH",
              `line ${item.line} no longer normalises as its memo says; re-run the import with --full.`,
            );
          return again.row;
        },
      },
    };
  });
}

/** Prepared items in the order of `items`; BLANK_LINE skips are dropped (they are neither rows nor issues). */
export function prepareItems(items: AsyncIterable<SourceItem>, context: PrepareContext, options: PrepareOptions): AsyncGenerator<PreparedItem> {
  if (context.memo?.index && !options.readMemos)
    throw new DirectoryError("IMPORT_MEMO_UNREADABLE", "a memo index needs readMemos to read its facts.");
  return options.workers > 0 ? prepareOnWorkers(items, context, options) : prepareInline(items, context);
}

// Inline, every row is normalised (small files); with a memo context their keys are still stored, for the next import.
async function* prepareInline(items: AsyncIterable<SourceItem>, context: PrepareContext): AsyncGenerator<PreparedItem> {
  for await (const item of items) {
    if (item.kind === "skipped" && item.code === "BLANK_LINE") continue;
    yield prepareFully(item, context);
  }
}

async function* prepareOnWorkers(items: AsyncIterable<SourceItem>, context: PrepareContext, options: PrepareOptions): AsyncGenerator<PreparedItem> {
  const workerCount = options.workers;
  const textOnly = options.textOnly ?? false;
  const entry = findWorkerEntry(WORKER_FILE, path.dirname(fileURLToPath(import.meta.url)));
  const workers = Array.from({ length: workerCount }, () => new Worker(entry, { workerData: context }));
  const done = new Map<number, PreparedItem[] | Promise<PreparedItem[]>>();
  // Chunks are kept (for memo items' source records) only when memo items can come back: holding every chunk of a
  // first import until its answer made the main thread's garbage collection several seconds longer.
  const readMemos = context.memo?.index ? options.readMemos : undefined;
  // The chunks as sent, kept until consumed when memo items may need their source record.
  const sentChunks = new Map<number, SourceItem[]>();
  const maxAhead = workerCount * CHUNKS_AHEAD_PER_WORKER;
  let sent = 0;
  let consumed = 0;
  let sourceEnded = false;
  let stopped = false;
  /** A worker failed: fatal at once. */
  let failure: unknown;
  /** The reader failed after `afterChunks` chunks: thrown once those are delivered. */
  let readerFailure: { afterChunks: number; error: unknown } | undefined;
  // The reader loop and the consumer each wait here for any change (a result, a consumed chunk, an end).
  let waiters: Array<() => void> = [];
  const notify = () => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  const waitForChange = () => new Promise<void>((resolve) => waiters.push(resolve));

  for (const worker of workers) {
    worker.on("message", (response: PrepareResponse) => {
      if ("failure" in response) failure ??= new DirectoryError("PREPARE_FAILED", `${response.failure}`);
      else {
        const originals = sentChunks.get(response.seq);
        sentChunks.delete(response.seq);
        const resolving = readMemos && originals && response.prepared.some((item) => item.kind === "memo");
        if (resolving) {
          const resolved = resolveMemoItems(response.prepared, originals, context, readMemos);
          resolved.catch((error: unknown) => {
            failure ??= error;
            notify();
          });
          done.set(response.seq, resolved);
        } else done.set(response.seq, response.prepared as PreparedItem[]);
      }
      notify();
    });
    worker.on("error", (error) => {
      failure ??= error;
      notify();
    });
    worker.on("exit", (code) => {
      if (!stopped) failure ??= new DirectoryError("PREPARE_FAILED", `an import worker stopped unexpectedly (exit code ${code})`);
      notify();
    });
  }

  // Chunk n goes to worker n mod count: each worker answers in order, and the consumer re-joins the chunks by number.
  const send = (chunk: SourceItem[]) => {
    if (readMemos) sentChunks.set(sent, chunk);
    const packed = textOnly ? packTextChunk(chunk) : undefined;
    const request: PrepareRequest = packed ? { seq: sent, packed } : { seq: sent, items: chunk };
    (workers[sent % workerCount] as Worker).postMessage(request, packed ? [packed.layout.buffer as ArrayBuffer] : []);
    sent++;
  };
  // NOTE: the reader runs as its own loop so the workers stay fed while the consumer awaits a database write.
  const pump = (async () => {
    let chunk: SourceItem[] = [];
    try {
      for await (const item of items) {
        if (stopped) return;
        if (item.kind === "skipped" && item.code === "BLANK_LINE") continue;
        chunk.push(item);
        if (chunk.length < CHUNK_ITEMS) continue;
        while (sent - consumed >= maxAhead && !stopped && failure === undefined) await waitForChange();
        if (stopped || failure !== undefined) return;
        send(chunk);
        chunk = [];
      }
      if (chunk.length > 0 && !stopped) send(chunk);
    } catch (error) {
      // Items read before the error are still delivered; the error follows them.
      if (chunk.length > 0 && !stopped) send(chunk);
      readerFailure = { afterChunks: sent, error };
    } finally {
      sourceEnded = true;
      notify();
    }
  })();

  try {
    for (;;) {
      const prepared = done.get(consumed);
      if (prepared) {
        done.delete(consumed);
        consumed++;
        notify();
        yield* await prepared;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (readerFailure && consumed >= readerFailure.afterChunks) throw readerFailure.error;
      if (sourceEnded && !readerFailure && consumed === sent) return;
      await waitForChange();
    }
  } finally {
    stopped = true;
    notify();
    await Promise.all(workers.map((worker) => worker.terminate()));
    await pump;
  }
}
