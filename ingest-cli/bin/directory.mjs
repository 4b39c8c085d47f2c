#!/usr/bin/env node
// `directory` bin: loads the TypeScript CLI through tsx so operators need no separate build step.
import v8 from "node:v8";
import { register } from "tsx/esm/api";

// NOTE: an import allocates millions of short-lived strings (cells, COPY text) on the main thread and its workers; a
// 64 MB young generation (V8 flags are process-wide, so the workers share it) cut the 280k-row re-import's CPU by
// 12 % (21.0 → 18.3 s) and the first import's by 3 %, at no higher peak RSS. Set before the heap grows; only for the
// bulk commands, so the server's memory is as before.
// NOTE: and an old generation that grows by half its live size between full collections, not by V8's own factor of
// up to 4: the main thread and the two prepare workers (each with its own gazetteer) let garbage pile up to 430–500 MB
// apiece before collecting it. A 280k-row XLSX import into 5M businesses peaked at 1.54 GB (target 1.5): now 1.31 GB
// (doubling: 1.41); into an empty directory 1.64 → 1.30 GB for 5 s more CPU out of 60.
const command = process.argv.slice(2).find((arg) => !arg.startsWith("-"));
if (command === "import" || command === "validate") {
  v8.setFlagsFromString("--max-semi-space-size=64");
  v8.setFlagsFromString("--heap-growing-percent=50");
}

register();
const { runCli } = await import("../index.ts");
process.exitCode = await runCli(process.argv);
