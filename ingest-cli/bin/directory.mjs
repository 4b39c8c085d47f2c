#!/usr/bin/env node
// `directory` bin: loads the TypeScript CLI through tsx so operators need no separate build step.
import v8 from "node:v8";
import { register } from "tsx/esm/api";

// NOTE: an import allocates millions of short-lived strings (cells, COPY text) on the main thread and its workers; a
// 64 MB young generation (V8 flags are process-wide, so the workers share it) cut the 280k-row re-import's CPU by
// 12 % (21.0 → 18.3 s) and the first import's by 3 %, at no higher peak RSS. Set before the heap grows; only for the
// bulk commands, so the server's memory is as before.
const command = process.argv.slice(2).find((arg) => !arg.startsWith("-"));
if (command === "import" || command === "validate") v8.setFlagsFromString("--max-semi-space-size=64");

register();
const { runCli } = await import("../index.ts");
process.exitCode = await runCli(process.argv);
