#!/usr/bin/env node
// `directory` bin: loads the TypeScript CLI through tsx so operators need no separate build step.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("../index.ts");
process.exitCode = await runCli(process.argv);
