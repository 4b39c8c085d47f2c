// Worker entry: workbook path → row batches. Plain .mjs that registers tsx, because a bundled server (build/index.js)
// cannot point a Worker at a .ts file; spreadsheet-source.ts finds this file by walking up to the project folder.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { runSpreadsheetWorker } = await import("./spreadsheet-rows.ts");
if (!parentPort) throw new Error("spreadsheet-worker.mjs must run as a worker thread");
await runSpreadsheetWorker(parentPort, workerData);
