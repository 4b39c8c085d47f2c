// Shared CLI plumbing: exit codes, typed errors, JSON/plain output and writable-target checks for every command.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { bumpCacheGeneration } from "../../db/writes/shared-hosts.ts";

/** 64 is sysexits.h's EX_USAGE: the command line itself was wrong (unknown option, bad value, missing argument). */
export const EXIT = { OK: 0, FATAL: 1, ROWS_REJECTED: 2, USAGE: 64 } as const;

/** Codes of errors in what the operator typed (exit 64), whichever layer finds them. */
export const USAGE_ERROR_CODES = new Set([
  "INVALID_OPTION",
  "NO_FILES",
  "BASE_URL_REQUIRED",
  "INVALID_BASE_URL",
  "INVALID_COUNTRY",
  "UNKNOWN_COUNTRY",
  "INVALID_CATEGORY",
  "INVALID_RANGE",
  "INVALID_DATE",
  "DATES_NEED_CUSTOM",
  "CUSTOM_RANGE_INCOMPLETE",
  "RANGE_REVERSED",
  "UNKNOWN_EXPORT_FIELD",
  "UNKNOWN_CATEGORY",
]);

/** A failure the operator can fix; `code` is stable, `message` says how to fix it. */
export class CliError extends DirectoryError {
  constructor(
    code: string,
    message: string,
    readonly exitCode: number = USAGE_ERROR_CODES.has(code) ? EXIT.USAGE : EXIT.FATAL,
  ) {
    super(code, message);
    this.name = "CliError";
  }
}

/** The flag as the operator types it: commander's `batchSize` is `--batch-size`. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * A schema's own message, or for zod's generic ones ("expected number, received NaN") what the value must be: the
 * operator typed text, so NaN and "int" mean nothing to them.
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (!/^(Invalid input|Too small|Too big)\b/.test(issue.message)) return issue.message;
  if (issue.code === "invalid_type" && issue.expected === "int") return "must be a whole number";
  if (issue.code === "invalid_type" && issue.expected === "number") return "must be a number";
  if (issue.code === "too_small") return `must be ${issue.inclusive === false ? "above" : "at least"} ${String(issue.minimum)}`;
  if (issue.code === "too_big") return `must be ${issue.inclusive === false ? "below" : "at most"} ${String(issue.maximum)}`;
  return issue.message;
}

/**
 * Validates commander's raw options with a zod schema and turns failures into one readable CliError (exit 64) that
 * names each flag as typed and the value received.
 */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const given = (raw ?? {}) as Record<string, unknown>;
  const details = result.error.issues
    .map((issue) => {
      const key = String(issue.path[0] ?? "");
      const value = key ? given[key] : undefined;
      const shown =
        value === undefined || typeof value === "boolean" ? "" : ` (got ${JSON.stringify(Array.isArray(value) ? value.join(" ") : value)})`;
      return `${key ? flagName(key) : "option"}${shown}: ${describeIssue(issue)}`;
    })
    // An option given as a list repeats one issue per item.
    .filter((line, index, lines) => lines.indexOf(line) === index)
    .join("; ");
  throw new CliError("INVALID_OPTION", `${details} — fix the value and run again (\`--help\` after the command lists its options).`);
}

/**
 * Prints the result: JSON with --json, otherwise the human text; on stdout, or on stderr when stdout carries the
 * command's data itself (`--out -`), so the file stays clean.
 */
export function printResult(json: boolean, value: unknown, human: () => string, options: { toStderr?: boolean } = {}): void {
  const stream = options.toStderr ? process.stderr : process.stdout;
  stream.write(`${json ? JSON.stringify(value, null, 2) : human()}\n`);
}

function statOrUndefined(target: string): fs.Stats | undefined {
  try {
    return fs.statSync(target);
  } catch {
    return undefined;
  }
}

function notWritable(flag: string, given: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
  return new CliError(
    "OUTPUT_NOT_WRITABLE",
    `Cannot write ${flag} ${given} (${code}) — choose a path on a writable disk that this user may write to.`,
  );
}

/**
 * Refuses an output file that cannot be written, before any work is done: its folder missing or a file, the path a
 * folder, or no right to write it, found by opening the file itself (a new one is created and removed again).
 */
export function assertWritableTarget(outPath: string, given: string, flag = "--out"): void {
  const directory = path.dirname(outPath);
  const above = splitExisting(directory);
  if (above.missing.length > 0 && statOrUndefined(above.existing)?.isDirectory()) {
    throw new CliError("OUTPUT_DIR_MISSING", `The folder of ${flag} ${given} does not exist — create ${directory} first or choose another path.`);
  }
  if (!statOrUndefined(directory)?.isDirectory()) {
    throw new CliError(
      "OUTPUT_NOT_A_FOLDER",
      `${above.existing} is a file, so ${flag} ${given} cannot be written under it — choose a path in a folder.`,
    );
  }
  const existing = statOrUndefined(outPath);
  if (existing?.isDirectory()) {
    throw new CliError(
      "OUTPUT_IS_DIRECTORY",
      `${flag} ${given} is a folder; give a file name inside it, e.g. ${path.join(given, "businesses.csv")}.`,
    );
  }
  try {
    // NOTE: "r+" opens an existing file for writing without truncating it; "wx" never replaces one made meanwhile.
    fs.closeSync(fs.openSync(outPath, existing ? "r+" : "wx"));
    if (!existing) fs.rmSync(outPath, { force: true });
  } catch (error) {
    throw notWritable(flag, given, error);
  }
}

/** The folders from `folder` up to the first one that exists, nearest last; that existing one first. */
function splitExisting(folder: string): { existing: string; missing: string[] } {
  const missing: string[] = [];
  let current = folder;
  while (!statOrUndefined(current)) {
    const parent = path.dirname(current);
    if (parent === current) break;
    missing.unshift(current);
    current = parent;
  }
  return { existing: current, missing };
}

/**
 * Refuses an output folder that cannot be created or written, creating nothing: the nearest existing folder above
 * it must be a folder where this user may create a file (probed). NOTE: Node's recursive mkdir retries for ever on
 * some kernel file systems (`mkdir -p /proc/x` spun for minutes), so it is never the first write into an unknown path.
 */
export function assertWritableFolder(folder: string, given: string, flag = "--out"): void {
  const { existing, missing } = splitExisting(folder);
  if (!statOrUndefined(existing)?.isDirectory()) {
    throw missing.length === 0
      ? new CliError("OUTPUT_IS_FILE", `${flag} ${given} is a file; give the folder the files should go into.`)
      : new CliError("OUTPUT_NOT_A_FOLDER", `${existing} is a file, so ${flag} ${given} cannot be created under it — choose a folder path.`);
  }
  const probe = path.join(existing, `.directory-write-test-${process.pid}`);
  try {
    fs.closeSync(fs.openSync(probe, "wx"));
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw notWritable(flag, given, error);
  }
}

/** Creates the output folder one level at a time (see assertWritableFolder for why not recursively). */
export function createFolder(folder: string, given: string, flag = "--out"): void {
  for (const missing of splitExisting(folder).missing) {
    try {
      fs.mkdirSync(missing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw notWritable(flag, given, error);
    }
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

/**
 * After a command changed what the public site shows (businesses, slugs, the trash): every app host running on this
 * database empties its caches at its next poll, as after an admin write. NOTE: best effort: the change is committed
 * whatever this does; a failure is said on stderr, and the hosts' caches then expire by their own ages.
 */
export async function announceSiteChange(handle: DatabaseHandle): Promise<void> {
  await bumpCacheGeneration(handle).catch((error: unknown) =>
    process.stderr.write(`running app hosts were not told of this change (${String(error)}); their pages refresh as their caches expire\n`),
  );
}
