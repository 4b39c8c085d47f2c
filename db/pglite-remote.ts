// PGlite's query / exec / transaction API on this thread → the one PGlite instance in a worker thread
// (db/pglite-worker.mjs). The embedded database's WASM work never runs on the HTTP event loop, so a slow search
// cannot stall static files, health checks or cached pages; statements still run one at a time, as PGlite runs them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** The part of PGlite's API the project uses (drizzle, COPY through blobs, transactions). */
export type PgliteClient = Pick<PGlite, "query" | "exec" | "transaction" | "close">;

interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

interface WireResults extends Omit<Results, "blob"> {
  blobBytes?: ArrayBuffer;
}

const WORKER_FILE = "db/pglite-worker.mjs";

/**
 * The worker's file, found from this module upwards: this module runs from db/ (source) or from the server bundle
 * in build/, and the worker is plain JS beside it in the project, never bundled.
 */
function findWorkerFile(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(folder, WORKER_FILE);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`${WORKER_FILE} not found above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
}

function reviveError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return Object.assign(error, serialized.fields);
}

/**
 * Options that can cross to the worker. NOTE: parsers are functions and cannot be sent; the only ones in use
 * (drizzle's) keep the text of timestamps, dates and intervals as it is, so their type ids are sent and the worker
 * installs that same identity parser. A blob is sent as bytes.
 */
async function toWireOptions(options: QueryOptions | undefined): Promise<{ options?: Record<string, unknown>; blobBytes?: ArrayBuffer }> {
  if (!options) return {};
  const { parsers, blob, onNotice: _onNotice, serializers: _serializers, ...rest } = options;
  const wire: Record<string, unknown> = { ...rest };
  if (parsers) wire.rawTypes = Object.keys(parsers).map(Number);
  return { options: wire, ...(blob ? { blobBytes: await blob.arrayBuffer() } : {}) };
}

function fromWireResults<T>(wire: WireResults): Results<T> {
  const { blobBytes, ...rest } = wire;
  return { ...(rest as Results<T>), ...(blobBytes ? { blob: new Blob([blobBytes]) } : {}) };
}

export class RemotePglite implements PgliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closed = false;
  #exitError: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (message: Answer) => {
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(reviveError(message.error));
    });
    const failAll = (error: Error) => {
      this.#exitError = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on("error", failAll);
    worker.on("exit", (code) =>
      failAll(Object.assign(new Error(`the embedded database's worker exited (code ${code})`), { code: "CONNECTION_ENDED" })),
    );
  }

  /**
   * Starts the worker, opens PGlite (a data dir, or memory) and runs `setupStatements` before anything else;
   * `loadDataDir` (a tarball from dumpDataDir) fills a new data dir first.
   */
  static async open(dataDir: string | undefined, setupStatements: string[], loadDataDir?: Uint8Array): Promise<RemotePglite> {
    const worker = new Worker(findWorkerFile(), { workerData: { dataDir, setupStatements, loadDataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string; error?: SerializedError }) => {
        if (message.type === "ready") done(null);
        else if (message.type === "failed") done(reviveError(message.error as SerializedError));
      };
      const onError = (error: Error) => done(error);
      const onExit = (code: number) => done(new Error(`the embedded database's worker exited (code ${code}) while opening`));
      const done = (error: Error | null) => {
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (error) {
          void worker.terminate();
          reject(error);
        } else resolve();
      };
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
    worker.unref();
    return new RemotePglite(worker);
  }

  #call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#exitError) return Promise.reject(this.#exitError);
    if (this.#closed) return Promise.reject(Object.assign(new Error("the embedded database is closed"), { code: "CONNECTION_ENDED" }));
    const id = this.#nextId++;
    // NOTE: the worker keeps the process alive only while a call waits for it: an idle handle never holds a CLI
    // command or a test process open (PGlite on this thread held nothing either).
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        if (this.#pending.size === 0) this.#worker.unref();
      };
      this.#pending.set(id, {
        resolve: (value) => {
          resolve(value as T);
          settle();
        },
        reject: (error) => {
          reject(error);
          settle();
        },
      });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  async #query<T>(txId: number | undefined, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const wire = await toWireOptions(options);
    const transfer = wire.blobBytes ? [wire.blobBytes] : [];
    return fromWireResults<T>(await this.#call<WireResults>({ op: "query", txId, text, params, ...wire }, transfer));
  }

  async #exec(txId: number | undefined, text: string, options?: QueryOptions): Promise<Results[]> {
    const { options: wire } = await toWireOptions(options);
    return this.#call<Results[]>({ op: "exec", txId, text, options: wire });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, text, options);
  }

  /** PGlite's transaction: committed when `callback` resolves, rolled back when it throws (the error is rethrown). */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = await this.#call<number>({ op: "begin" });
    let finished = false;
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.#query<R>(txId, text, params, options),
      exec: (text: string, options?: QueryOptions) => this.#exec(txId, text, options),
      sql: () => Promise.reject(new Error("tagged-template queries are not supported through the worker; use query()")),
      listen: () => Promise.reject(new Error("LISTEN is not supported through the worker")),
      rollback: async () => {
        throw Object.assign(new Error("transaction rolled back"), { name: "TransactionRollback" });
      },
      get closed() {
        return finished;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      finished = true;
      await this.#call({ op: "rollback", txId }).catch(() => undefined);
      throw error;
    }
    finished = true;
    await this.#call({ op: "commit", txId });
    return result;
  }

  /** PGlite's own dump of the data dir (a gzipped tarball), after a checkpoint; statements wait meanwhile. */
  async dumpDataDir(): Promise<Uint8Array> {
    return new Uint8Array(await this.#call<ArrayBuffer>({ op: "dump" }));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#exitError) await this.#call({ op: "close" });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }
}
