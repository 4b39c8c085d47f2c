// Workbook file → header + items, parsed in an isolated worker thread with a heap cap and a parse-time budget;
// the worker is ended on timeout, abort, close or out-of-memory, and the main process carries on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { SourceError } from "./source-error.ts";
import type { SourceItem, TableEvent } from "./source-types.ts";
import type { SpreadsheetWorkerInput, WorkerToParent } from "./spreadsheet-rows.ts";
import { startTable } from "./table-rows.ts";
import { findWorkerEntry } from "./worker-entry.ts";

export const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
export const DEFAULT_MEMORY_LIMIT_MB = 1024;
const ROWS_PER_BATCH = 500;
const WORKER_FILE = path.join("ingest-cli", "pipeline", "read", "spreadsheet-worker.mjs");

/** The spreadsheet worker's entry file (see findWorkerEntry). */
export function findSpreadsheetWorker(start = path.dirname(fileURLToPath(import.meta.url))): string {
  return findWorkerEntry(WORKER_FILE, start);
}

/** Thrown into a pending wait when the source is closed on purpose; the item stream then simply ends. */
export class SourceClosed extends Error {
  constructor() {
    super("the source was closed");
    this.name = "SourceClosed";
  }
}

interface ChannelOptions {
  label: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Runs once the worker thread is gone, however it ended. */
  onExit: () => void;
}

/** Messages from the worker in order; waiting time counts against the parse budget, consumer time does not. */
class WorkerChannel {
  readonly #worker: Worker;
  readonly #options: ChannelOptions;
  #queue: WorkerToParent[] = [];
  #waiter: { resolve: (message: WorkerToParent) => void; reject: (error: unknown) => void } | undefined;
  #failure: unknown;
  #finished = false;
  #spentMs = 0;
  #terminated: Promise<unknown> | undefined;
  readonly #onAbort = (): void => this.#fail(this.#options.signal?.reason);

  constructor(worker: Worker, options: ChannelOptions) {
    this.#worker = worker;
    this.#options = options;
    worker.on("message", (message: WorkerToParent) => {
      if (message.type === "end") this.#finished = true;
      if (this.#waiter) this.#waiter.resolve(message);
      else this.#queue.push(message);
    });
    worker.on("error", (error: Error & { code?: string }) => this.#fail(mapWorkerError(error, options.label)));
    worker.on("exit", (code) => {
      options.onExit();
      if (!this.#finished) {
        this.#fail(
          new SourceError(
            "CORRUPT_FILE",
            `${options.label}: the spreadsheet reader stopped unexpectedly (exit code ${code}). Open the file in Excel, save it again and retry.`,
          ),
        );
      }
    });
    options.signal?.addEventListener("abort", this.#onAbort, { once: true });
  }

  async next(): Promise<WorkerToParent> {
    const queued = this.#queue.shift();
    if (queued) return queued;
    if (this.#failure !== undefined) throw this.#failure;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<WorkerToParent>((resolve, reject) => {
        this.#waiter = { resolve, reject };
        timer = setTimeout(
          () => {
            const seconds = Math.round(this.#options.timeoutMs / 100) / 10;
            this.#fail(
              new SourceError(
                "PARSE_TIMEOUT",
                `${this.#options.label}: reading the spreadsheet took longer than ${seconds} s and was stopped. Save it as CSV (much faster to read) or split it into smaller files.`,
              ),
            );
          },
          Math.max(0, this.#options.timeoutMs - this.#spentMs),
        );
      });
    } finally {
      clearTimeout(timer);
      this.#waiter = undefined;
      this.#spentMs += performance.now() - started;
    }
  }

  acknowledge(): void {
    if (this.#failure === undefined) this.#worker.postMessage({ type: "ack" });
  }

  /** Ends the worker; later or pending waits fail with `error` (the first reason wins). */
  #fail(error: unknown): void {
    if (this.#failure === undefined) this.#failure = error;
    this.#waiter?.reject(this.#failure);
    this.#waiter = undefined;
    void this.terminate();
  }

  terminate(): Promise<unknown> {
    this.#options.signal?.removeEventListener("abort", this.#onAbort);
    this.#terminated ??= this.#worker.terminate();
    return this.#terminated;
  }

  async close(): Promise<void> {
    this.#finished = true;
    this.#fail(new SourceClosed());
    await this.terminate();
  }
}

function mapWorkerError(error: Error & { code?: string }, label: string): SourceError {
  if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
    return new SourceError(
      "PARSE_MEMORY",
      `${label}: the spreadsheet needs more memory than the reader may use and was stopped. Save it as CSV (read with almost no memory) or split it into smaller files.`,
      { cause: error },
    );
  }
  return new SourceError(
    "CORRUPT_FILE",
    `${label}: the spreadsheet could not be read (${error.message}). Open it in Excel, save it again as .xlsx and retry.`,
    { cause: error },
  );
}

export interface OpenedSpreadsheet {
  headers: string[];
  sheetName: string | undefined;
  items: AsyncGenerator<SourceItem>;
  release(): Promise<void>;
  /** How much of the sheet the rows handed out so far cover (0–1). */
  readFraction(): number;
}

export async function openSpreadsheet(options: {
  filePath: string;
  format: "xlsx" | "xls";
  label: string;
  timeoutMs?: number;
  memoryLimitMb?: number;
  signal?: AbortSignal;
}): Promise<OpenedSpreadsheet> {
  options.signal?.throwIfAborted();
  const workerData: SpreadsheetWorkerInput = { filePath: path.resolve(options.filePath), format: options.format, batchSize: ROWS_PER_BATCH };
  // NOTE: exceljs spools sheets that precede sharedStrings.xml (Excel's usual order) to temp files and only
  // deletes them when it reads to the end; a private temp folder, removed here, covers early stops and kills.
  const workerFile = findSpreadsheetWorker();
  const tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "directory-sheet-"));
  const worker = new Worker(workerFile, {
    workerData,
    env: { ...process.env, TMPDIR: tempDir, TMP: tempDir, TEMP: tempDir },
    resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB },
    // NOTE: inherit no flags: the parent's (vitest's, a bundler's) would otherwise leak into the worker's loader.
    execArgv: [],
  });
  const channel = new WorkerChannel(worker, {
    label: options.label,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: options.signal,
    onExit: () => fs.rmSync(tempDir, { recursive: true, force: true }),
  });
  const state: { sheetName: string | undefined; readFraction: number } = { sheetName: undefined, readFraction: 0 };

  async function* readEvents(): AsyncGenerator<TableEvent> {
    for (;;) {
      const message = await channel.next();
      switch (message.type) {
        case "sheet":
          state.sheetName = message.name;
          break;
        case "rows":
          // Ack at once: the worker reads the next batch while this one is consumed, and never more.
          channel.acknowledge();
          state.readFraction = message.readFraction;
          for (const row of message.rows) yield { kind: "row", line: row.line, cells: row.cells };
          break;
        case "fail":
          if (message.code) throw new SourceError(message.code, `${options.label}: ${message.message}`);
          throw new SourceError(
            "CORRUPT_FILE",
            `${options.label}: the spreadsheet could not be read (${message.message}). Open it in Excel, save it again as .xlsx and retry.`,
          );
        case "end":
          void channel.terminate();
          return;
      }
    }
  }

  try {
    const table = await startTable(readEvents(), options.label, "the workbook has no sheet with data");
    return {
      headers: table.headers,
      sheetName: state.sheetName,
      items: table.items,
      release: () => channel.close(),
      readFraction: () => state.readFraction,
    };
  } catch (error) {
    await channel.close();
    throw error instanceof SourceClosed && options.signal?.aborted ? options.signal.reason : error;
  }
}
