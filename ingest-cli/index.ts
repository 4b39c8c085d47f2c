// argv → exit code: the `directory` operator program; each command lives in commands/ and registers itself.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError } from "commander";
import { describeCliError, formatCliError } from "./commands/cli-errors.ts";
import { EXIT } from "./commands/shared.ts";

type CommandModule = { register(program: Command): void };

/**
 * The module that defines each command: a run loads only its own command's code, so `directory export` does not
 * pay for the web server, the spreadsheet libraries and the generator at start-up. Anything else (help, a typo)
 * loads them all.
 */
export const COMMAND_MODULES: Record<string, () => Promise<CommandModule>> = {
  import: () => import("./commands/import.ts"),
  validate: () => import("./commands/import.ts"),
  export: () => import("./commands/export.ts"),
  sitemap: () => import("./commands/sitemap.ts"),
  reindex: () => import("./commands/reindex.ts"),
  generate: () => import("./commands/generate.ts"),
  bench: () => import("./commands/bench.ts"),
  admin: () => import("./commands/admin.ts"),
  migrate: () => import("./commands/database.ts"),
  seed: () => import("./commands/database.ts"),
  stats: () => import("./commands/database.ts"),
  "fix-slugs": () => import("./commands/maintenance.ts"),
  dedupe: () => import("./commands/maintenance.ts"),
  "delete-test-data": () => import("./commands/maintenance.ts"),
  "repair-places": () => import("./commands/repair-places.ts"),
  "delete-all": () => import("./commands/trash.ts"),
  restore: () => import("./commands/trash.ts"),
  backup: () => import("./commands/backup.ts"),
  "restore-backup": () => import("./commands/backup.ts"),
  start: () => import("./commands/start.ts"),
  serve: () => import("./commands/start.ts"),
};

/** The package's version, for `directory --version`. */
function readVersion(): string {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/** The epilogue of `directory --help`: what the exit codes and error lines mean. */
export const HELP_EPILOGUE = `
Exit codes:
  0   success
  1   failure: the command did not do its work (the error line says why and how to fix it)
  2   import/validate finished, but some rows were rejected (listed in the report; --rejected writes them to a CSV)
  64  usage error: unknown command or option, bad option value, missing argument

Errors:
  Every failure prints one line on stderr: error CODE: what happened — how to fix it
  CODE is stable (SCREAMING_SNAKE) for scripts; with --json the error is also printed on stdout as
  {"error": {"code": "…", "message": "…"}}; --verbose adds the stack trace.

Progress:
  Long commands (import, validate, export, sitemap, dedupe, fix-slugs, reindex, repair-places) report progress
  on stderr, never on stdout: a bar on a terminal, otherwise a line every 5 s (DIRECTORY_PROGRESS_EVERY_MS sets
  the interval) with percent, rate and ETA when the total is known (import/validate: the file's bytes).`;

function createProgram(): Command {
  return (
    new Command()
      .name("directory")
      .description("Business Directory operator CLI: import, export, search index, sitemaps, admin users, benchmarks.")
      .version(readVersion(), "-V, --version", "print the version")
      .option("--verbose", "print the stack trace of a failure")
      .addHelpText("after", HELP_EPILOGUE)
      // Commander's own error lines are replaced by runCli's `error CODE: …` line.
      .configureOutput({ outputError: () => {} })
      .exitOverride()
  );
}

/** Every command registered (help, tests). */
export async function buildProgram(): Promise<Command> {
  const program = createProgram();
  const { registerCommands } = await import("./commands/index.ts");
  registerCommands(program);
  return program;
}

/** Only the command named in argv when it is a known one, else every command. */
async function buildProgramFor(argv: string[]): Promise<Command> {
  const name = argv.slice(2).find((arg) => arg !== "--verbose") ?? "";
  const load = Object.hasOwn(COMMAND_MODULES, name) ? COMMAND_MODULES[name] : undefined;
  if (!load) return buildProgram();
  const program = createProgram();
  (await load()).register(program);
  return program;
}

/** A global flag given before the end of options (`--`); read from argv so that it works when parsing fails. */
function hasFlag(argv: string[], flag: string): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).includes(flag);
}

/**
 * A reader that closed its end early (`directory --help | head -1`) is not an error: the output it did not want is
 * dropped and the command finishes its work (an import keeps importing). Any other stdout failure still throws.
 */
function ignoreClosedStdout(): void {
  if (process.stdout.listeners("error").includes(throwUnlessClosedReader)) return;
  process.stdout.on("error", throwUnlessClosedReader);
}

function throwUnlessClosedReader(error: NodeJS.ErrnoException): void {
  if (error.code !== "EPIPE") throw error;
}

export async function runCli(argv: string[]): Promise<number> {
  ignoreClosedStdout();
  try {
    const program = await buildProgramFor(argv);
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.OK;
  } catch (error) {
    // --help and --version end through here with exit code 0.
    if (error instanceof CommanderError && error.exitCode === 0) return EXIT.OK;
    const described = describeCliError(error, {
      databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
      dataDir: process.env.DATA_DIR?.trim() || "./data",
    });
    const output = formatCliError(described, error, { json: hasFlag(argv, "--json"), verbose: hasFlag(argv, "--verbose") });
    if (output.stdout) process.stdout.write(output.stdout);
    process.stderr.write(output.stderr);
    return described.exitCode;
  }
}
