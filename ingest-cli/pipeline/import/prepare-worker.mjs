// Worker entry: prepares numbered chunks of source items for an import (see prepare-rows.ts). Plain .mjs that
// registers tsx, because a bundled server (build/index.js) cannot point a Worker at a .ts file.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { servePrepareRequests } = await import("./prepare-rows.ts");
if (!parentPort) throw new Error("prepare-worker.mjs must run as a worker thread");
servePrepareRequests(parentPort, workerData);
