// Worker thread → one PGlite instance, answering the main thread's query / exec / transaction messages, so the
// embedded database's work (WASM, synchronous) never runs on the HTTP event loop. Plain JS: a worker starts without
// the TypeScript loader. The protocol's other half is db/pglite-remote.ts.
import { Blob } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const port = parentPort;
if (!port) throw new Error("db/pglite-worker.mjs runs as a worker thread only");

/** Transactions open in this worker: id → { tx, finish(commit, reason) }. */
const transactions = new Map();
let nextTransactionId = 1;

/** An error → plain fields the main thread turns back into an Error (the structured clone drops `code`, `detail`…). */
function serializeError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || (typeof value === "object" && value !== null)) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The main thread's options → PGlite's: parsers arrive as the type ids whose text is kept as it is. */
function toQueryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (rawTypes?.length) rest.parsers = Object.fromEntries(rawTypes.map((type) => [type, (value) => value]));
  return rest;
}

/** A result with its COPY output as bytes moved (not copied) to the main thread. */
async function toMessage(result) {
  const { blob, ...rest } = result;
  if (!blob) return { value: rest, transfer: [] };
  const bytes = await blob.arrayBuffer();
  return { value: { ...rest, blobBytes: bytes }, transfer: [bytes] };
}

function runnerFor(txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

/** Opens a PGlite transaction and keeps it open until the main thread says commit or rollback. */
function beginTransaction() {
  const id = nextTransactionId++;
  return new Promise((resolveBegin, rejectBegin) => {
    const done = db
      .transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            transactions.set(id, { tx, finish: (commit, reason) => (commit ? resolve() : reject(reason)) });
            resolveBegin({ id, done });
          }),
      )
      .finally(() => transactions.delete(id));
    done.catch((error) => rejectBegin(error));
  });
}

let db;
try {
  // A backup (`directory restore-backup`) arrives as the bytes of PGlite's own data-dir tarball.
  const loadDataDir = workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined;
  db = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  for (const statement of workerData.setupStatements ?? []) await db.exec(statement);
  port.postMessage({ type: "ready" });
} catch (error) {
  port.postMessage({ type: "failed", error: serializeError(error) });
}

/** Pending `done` promises of open transactions, by id (commit/rollback answer when PGlite has finished). */
const finishing = new Map();

port.on("message", async (message) => {
  const { id, op } = message;
  try {
    let value;
    let transfer = [];
    if (op === "query") {
      const options = toQueryOptions(message.options);
      if (message.blobBytes) options.blob = new Blob([message.blobBytes]);
      ({ value, transfer } = await toMessage(await runnerFor(message.txId).query(message.text, message.params, options)));
    } else if (op === "exec") {
      value = await runnerFor(message.txId).exec(message.text, toQueryOptions(message.options));
    } else if (op === "begin") {
      const { id: txId, done } = await beginTransaction();
      finishing.set(txId, done);
      value = txId;
    } else if (op === "commit" || op === "rollback") {
      const open = transactions.get(message.txId);
      const done = finishing.get(message.txId);
      finishing.delete(message.txId);
      if (!open || !done) throw new Error(`transaction ${message.txId} is not open`);
      const reason = new Error("rolled back by the caller");
      open.finish(op === "commit", reason);
      try {
        await done;
      } catch (error) {
        if (error !== reason) throw error;
      }
    } else if (op === "dump") {
      // NOTE: CHECKPOINT first, so the tarball's files hold every committed change and loading it replays no WAL.
      await db.exec("checkpoint");
      const bytes = await (await db.dumpDataDir("gzip")).arrayBuffer();
      value = bytes;
      transfer = [bytes];
    } else if (op === "close") {
      await db.close();
    } else {
      throw new Error(`unknown operation ${op}`);
    }
    port.postMessage({ id, ok: true, value }, transfer);
  } catch (error) {
    port.postMessage({ id, ok: false, error: serializeError(error) });
  }
});
