// argv → exit code: the `directory` operator program; each command lives in commands/ and registers itself.
import { Command, CommanderError } from "commander";
import { EXIT, CliError } from "./commands/shared.ts";
import { registerCommands } from "./commands/index.ts";

export function buildProgram(): Command {
  const program = new Command();
  program
    .name("directory")
    .description("Business Directory operator CLI: import, export, search index, sitemaps, admin users, benchmarks.")
    .showHelpAfterError("(run `directory --help` for usage)")
    .exitOverride();
  registerCommands(program);
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? EXIT.OK : EXIT.FATAL;
    }
    if (error instanceof CliError) {
      process.stderr.write(`error ${error.code}: ${error.message}\n`);
      return error.exitCode;
    }
    // Known failures carry a stable code (a `code` property or a "CODE: message" text): no stack trace.
    if (error instanceof Error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) {
        process.stderr.write(`error ${code}: ${error.message}\n`);
        return EXIT.FATAL;
      }
      const prefixed = /^([A-Z][A-Z0-9_]+): ([\s\S]*)$/.exec(error.message);
      if (prefixed) {
        process.stderr.write(`error ${prefixed[1]}: ${prefixed[2]}\n`);
        return EXIT.FATAL;
      }
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`error UNEXPECTED: ${message}\n`);
    return EXIT.FATAL;
  }
}
