// argv → exit code: the `directory` operator program; each command lives in commands/ and registers itself.
import { Command, CommanderError } from "commander";
import { DirectoryError } from "../db/rules/directory-error.ts";
import { EXIT, CliError } from "./commands/shared.ts";

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
  start: () => import("./commands/start.ts"),
  serve: () => import("./commands/start.ts"),
};

function createProgram(): Command {
  return new Command()
    .name("directory")
    .description("Business Directory operator CLI: import, export, search index, sitemaps, admin users, benchmarks.")
    .showHelpAfterError("(run `directory --help` for usage)")
    .exitOverride();
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
  const name = argv[2] ?? "";
  const load = Object.hasOwn(COMMAND_MODULES, name) ? COMMAND_MODULES[name] : undefined;
  if (!load) return buildProgram();
  const program = createProgram();
  (await load()).register(program);
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  const program = await buildProgramFor(argv);
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? EXIT.OK : EXIT.FATAL;
    }
    // Known failures are DirectoryErrors with a stable code: no stack trace.
    if (error instanceof DirectoryError) {
      process.stderr.write(`error ${error.code}: ${error.message}\n`);
      return error instanceof CliError ? error.exitCode : EXIT.FATAL;
    }
    // A driver's or Node's own coded error (ECONNREFUSED, CONNECT_TIMEOUT): its code is enough, no stack trace.
    const foreignCode = (error as { code?: unknown } | null)?.code;
    if (error instanceof Error && typeof foreignCode === "string" && /^[A-Z][A-Z0-9_]+$/.test(foreignCode)) {
      process.stderr.write(`error ${foreignCode}: ${error.message}\n`);
      return EXIT.FATAL;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`error UNEXPECTED: ${message}\n`);
    return EXIT.FATAL;
  }
}
