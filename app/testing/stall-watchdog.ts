// Test worker process → a watchdog thread that, when the process's event loop stops turning for STALL_MS, prints
// the main thread's JavaScript stack and ends the process, so a spinning test fails with a stack instead of
// hanging CI. NOTE: vitest's own timeouts are timers, and timers never fire while the event loop is blocked.
import fs from "node:fs";
import { Worker } from "node:worker_threads";

const HEARTBEAT_MS = 1_000;
/** TEST_STALL_MS (a positive number of milliseconds) lowers the limit to try the watchdog; anything else keeps 3 min. */
const STALL_MS = Number(process.env.TEST_STALL_MS) > 0 ? Number(process.env.TEST_STALL_MS) : 180_000;

const WATCHDOG_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const inspector = require("node:inspector");
const fs = require("node:fs");
let last = Date.now();
parentPort.on("message", (at) => { last = at; });
const say = (text) => { try { fs.writeSync(2, text); } catch {} };
const check = setInterval(() => {
  const stalled = Date.now() - last;
  if (stalled < workerData.stallMs) return;
  clearInterval(check);
  say("\\n[stall-watchdog] " + workerData.label + ": the event loop has not turned for " + Math.round(stalled / 1000) + " s; main thread stack:\\n");
  const session = new inspector.Session();
  session.connectToMainThread();
  const kill = () => { say("[stall-watchdog] ending process " + process.pid + "\\n"); process.kill(process.pid, "SIGKILL"); };
  setTimeout(kill, 10000).unref();
  session.on("Debugger.paused", ({ params }) => {
    for (const frame of params.callFrames.slice(0, 40)) {
      say("    at " + (frame.functionName || "<anonymous>") + " (" + frame.url + ":" + (frame.location.lineNumber + 1) + ":" + (frame.location.columnNumber + 1) + ")\\n");
    }
    kill();
  });
  session.post("Debugger.enable", () => session.post("Debugger.pause"));
}, 1000);
`;

const key = Symbol.for("directory.stall-watchdog");
const registry = globalThis as unknown as Record<symbol, boolean | undefined>;

/** Starts one watchdog per process; `label` names what the process runs (a test file) in the report. */
export function startStallWatchdog(label: string): void {
  if (registry[key]) return;
  registry[key] = true;
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { stallMs: STALL_MS, label } });
  worker.unref();
  worker.on("error", (error) => fs.writeSync(2, `[stall-watchdog] ${String(error)}\n`));
  setInterval(() => worker.postMessage(Date.now()), HEARTBEAT_MS).unref();
}
