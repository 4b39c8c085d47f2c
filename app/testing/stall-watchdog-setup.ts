// Vitest setup file → a stall watchdog in every test process (see stall-watchdog.ts).
import { startStallWatchdog } from "./stall-watchdog.ts";

startStallWatchdog(`test process ${process.pid}`);
