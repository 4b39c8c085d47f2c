// Shared CLI plumbing: exit codes, typed errors, JSON/plain output and stderr progress for every command.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

export const EXIT = { OK: 0, FATAL: 1, ROWS_REJECTED: 2 } as const;

/** A failure the operator can fix; `code` is stable, `message` says how to fix it. */
export class CliError extends DirectoryError {
  constructor(
    code: string,
    message: string,
    readonly exitCode: number = EXIT.FATAL,
  ) {
    super(code, message);
    this.name = "CliError";
  }
}

/** Validates commander's raw options with a zod schema and turns failures into one readable CliError. */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => `--${issue.path.join(".") || "option"}: ${issue.message}`).join("; ");
  throw new CliError("INVALID_OPTION", details);
}

/**
 * Prints the result: JSON with --json, otherwise the human text; on stdout, or on stderr when stdout carries the
 * command's data itself (`--out -`), so the file stays clean.
 */
export function printResult(json: boolean, value: unknown, human: () => string, options: { toStderr?: boolean } = {}): void {
  const stream = options.toStderr ? process.stderr : process.stdout;
  stream.write(`${json ? JSON.stringify(value, null, 2) : human()}\n`);
}

/** Progress on stderr: a redrawn bar on a TTY, a plain line every `everyMs` otherwise. */
export function createProgress(label: string, total?: number, everyMs = 2000) {
  const tty = Boolean(process.stderr.isTTY);
  let last = 0;
  const started = Date.now();
  const render = (done: number, final = false) => {
    const now = Date.now();
    if (!final && now - last < (tty ? 100 : everyMs)) return;
    last = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const rate = Math.round(done / seconds);
    const pct = total ? Math.min(100, Math.floor((done / total) * 100)) : undefined;
    if (tty) {
      const width = 24;
      const filled = pct === undefined ? 0 : Math.round((pct / 100) * width);
      const bar = pct === undefined ? "" : `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${pct}% `;
      process.stderr.write(`\r${label} ${bar}${done.toLocaleString("en-US")} rows, ${rate.toLocaleString("en-US")}/s${final ? "\n" : ""}`);
    } else {
      process.stderr.write(`${label}: ${done}${total ? `/${total}` : ""} rows, ${rate}/s${pct === undefined ? "" : ` (${pct}%)`}\n`);
    }
  };
  return { update: (done: number) => render(done), finish: (done: number) => render(done, true) };
}

/** Refuses an --out path whose folder is missing or that names a folder, before any work is done. */
export function assertWritableTarget(outPath: string, given: string): void {
  const directory = path.dirname(outPath);
  if (!fs.existsSync(directory) || !fs.statSync(directory).isDirectory()) {
    throw new CliError("OUTPUT_DIR_MISSING", `The folder of --out ${given} does not exist; create ${directory} first or choose another path.`);
  }
  if (fs.existsSync(outPath) && fs.statSync(outPath).isDirectory()) {
    throw new CliError("OUTPUT_IS_DIRECTORY", `--out ${given} is a folder; give a file name inside it, e.g. ${path.join(given, "businesses.csv")}.`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** A whole-number option from `min` to `max`; the message names the flag as typed and an example. */
export const wholeNumber = (flag: string, min: number, max: number, example: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}, e.g. ${flag} ${example}` })
    .int(`must be a whole number from ${min} to ${max}, e.g. ${flag} ${example}`)
    .min(min, `must be a whole number from ${min} to ${max}, e.g. ${flag} ${example}`)
    .max(max, `must be a whole number from ${min} to ${max}, e.g. ${flag} ${example}`);

/** Ctrl-C (or SIGTERM) asks the job to stop after its current batch; a second one quits at once. */
export function interruptible(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write("\nStopping after the current batch (press Ctrl-C again to quit at once)…\n");
    controller.abort(new Error("interrupted"));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    release() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
