// Any thrown value → `error CODE: what happened — how to fix it` (or `{ "error": { code, message } }` with --json) and
// an exit code; raw driver, socket and file-system errors get a stable code and a fix, the stack only with --verbose.
import path from "node:path";
import { CommanderError } from "commander";
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { CliError, EXIT, USAGE_ERROR_CODES } from "./shared.ts";

export interface DescribedError {
  code: string;
  message: string;
  exitCode: number;
}

/** Where the CLI's database lives, for messages (from the environment; a password is never shown). */
export interface ErrorContext {
  databaseUrl?: string;
  dataDir?: string;
}

/** Commander's own codes → ours; all are usage errors (exit 64). */
const COMMANDER_CODES: Record<string, string> = {
  "commander.unknownOption": "UNKNOWN_OPTION",
  "commander.unknownCommand": "UNKNOWN_COMMAND",
  "commander.missingArgument": "MISSING_ARGUMENT",
  "commander.optionMissingArgument": "OPTION_VALUE_MISSING",
  "commander.missingMandatoryOptionValue": "OPTION_REQUIRED",
  "commander.invalidArgument": "INVALID_OPTION",
  "commander.excessArguments": "TOO_MANY_ARGUMENTS",
  "commander.conflictingOption": "CONFLICTING_OPTIONS",
  "commander.help": "COMMAND_REQUIRED",
};

/** The URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}

function databaseTarget(context: ErrorContext): { host: string; port: string; name: string; shown: string } | undefined {
  if (!context.databaseUrl) return undefined;
  try {
    const url = new URL(context.databaseUrl);
    return {
      host: url.hostname,
      port: url.port || "5432",
      name: decodeURIComponent(url.pathname.replace(/^\//, "")),
      shown: redactDatabaseUrl(context.databaseUrl),
    };
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function describeCommanderError(error: CommanderError): DescribedError {
  const code = COMMANDER_CODES[error.code] ?? "USAGE";
  const what =
    code === "COMMAND_REQUIRED"
      ? "no command given"
      : error.message
          .replace(/^error:\s*/, "")
          .replace(/\s*\n\s*/g, " ")
          .replace(/\(Did you mean/, "(did you mean")
          .replace(/\.$/, "");
  const fix = code === "COMMAND_REQUIRED" ? "name a command" : "check the spelling and the values";
  return { code, message: `${what} — ${fix}; run \`directory --help\` or \`directory <command> --help\` for usage.`, exitCode: EXIT.USAGE };
}

/** PostgreSQL's SQLSTATE answers about the connection itself (postgres.js puts the code on the error). */
function describePostgresError(error: Error, sqlState: string, context: ErrorContext): DescribedError | undefined {
  const target = databaseTarget(context);
  const where = target ? ` (DATABASE_URL=${target.shown})` : "";
  switch (sqlState) {
    case "3D000":
      return {
        code: "DATABASE_NOT_FOUND",
        message: `${error.message} on ${target ? `${target.host}:${target.port}` : "the server"}${where} — fix the database name in DATABASE_URL, or create it (createdb ${target?.name || "<name>"}) and run \`directory migrate\`.`,
        exitCode: EXIT.FATAL,
      };
    case "28P01":
    case "28000":
      return {
        code: "DATABASE_AUTH_FAILED",
        message: `${error.message}${where} — fix the user name and password in DATABASE_URL (percent-encode special characters), or the server's pg_hba.conf.`,
        exitCode: EXIT.FATAL,
      };
    case "42501":
      return {
        code: "DATABASE_PERMISSION_DENIED",
        message: `${error.message}${where} — grant this user the rights on the directory's database, or connect as its owner.`,
        exitCode: EXIT.FATAL,
      };
    case "53300":
    case "57P03":
      return {
        code: "DATABASE_BUSY",
        message: `${error.message}${where} — the server refuses new connections for now; try again shortly or raise max_connections.`,
        exitCode: EXIT.FATAL,
      };
    default:
      return /^[0-9A-Z]{5}$/.test(sqlState)
        ? {
            code: "DATABASE_ERROR",
            message: `PostgreSQL answered ${sqlState}: ${error.message} — check the server's log; run again with --verbose for the stack.`,
            exitCode: EXIT.FATAL,
          }
        : undefined;
  }
}

/** Socket errors: the database's own address gets a fix naming DATABASE_URL. */
function describeNetworkError(error: Error, code: string, context: ErrorContext): DescribedError | undefined {
  const target = databaseTarget(context);
  const withAddress = error as { address?: string; port?: number; hostname?: string };
  const isDatabase = target !== undefined && (withAddress.port === undefined || String(withAddress.port) === target.port);
  const databaseFix = target
    ? `start PostgreSQL there or fix the host and port in DATABASE_URL (${target.shown}); unset DATABASE_URL to use the embedded database in DATA_DIR.`
    : "";
  switch (code) {
    case "ECONNREFUSED": {
      const address = withAddress.address
        ? `${withAddress.address}:${withAddress.port ?? ""}`
        : target
          ? `${target.host}:${target.port}`
          : "the server";
      return isDatabase
        ? { code: "DATABASE_UNREACHABLE", message: `Nothing accepts connections at ${address} — ${databaseFix}`, exitCode: EXIT.FATAL }
        : {
            code: "CONNECTION_REFUSED",
            message: `Nothing accepts connections at ${address} — start that service or fix its address.`,
            exitCode: EXIT.FATAL,
          };
    }
    case "ENOTFOUND":
    case "EAI_AGAIN": {
      const host = withAddress.hostname ?? target?.host ?? "the host";
      return {
        code: isDatabase ? "DATABASE_HOST_NOT_FOUND" : "HOST_NOT_FOUND",
        message: `The host name ${host} does not resolve (${code}) — ${isDatabase ? `fix the host in DATABASE_URL (${target?.shown})` : "check its spelling and the machine's DNS"}.`,
        exitCode: EXIT.FATAL,
      };
    }
    case "CONNECT_TIMEOUT":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
      return {
        code: isDatabase ? "DATABASE_TIMEOUT" : "CONNECTION_TIMEOUT",
        message: `No answer from ${target && isDatabase ? `${target.host}:${target.port}` : "the server"} (${code}) — check that it runs and that no firewall drops the connection${isDatabase ? `; ${databaseFix}` : "."}`,
        exitCode: EXIT.FATAL,
      };
    default:
      return undefined;
  }
}

/** File-system errors from Node (they carry `syscall` and `path`). */
function describeFileError(error: Error, code: string, context: ErrorContext): DescribedError | undefined {
  const { path: target, syscall } = error as NodeJS.ErrnoException;
  const subject = target ? `${syscall ? `${syscall} ` : ""}${target}` : error.message;
  const inDataDir =
    target !== undefined && context.dataDir !== undefined && !context.databaseUrl && path.resolve(target).startsWith(path.resolve(context.dataDir));
  const dataDirHint = inDataDir ? ` (DATA_DIR=${context.dataDir})` : "";
  const messages: Record<string, [string, string]> = {
    ENOENT: ["PATH_NOT_FOUND", `${subject}: no such file or folder${dataDirHint} — check the path; create the folder first if it is an output.`],
    ENOTDIR: ["NOT_A_FOLDER", `${subject}: a part of this path is a file, not a folder${dataDirHint} — choose a path whose folders are folders.`],
    EISDIR: ["IS_A_FOLDER", `${subject} is a folder${dataDirHint} — give the path of a file inside it.`],
    EACCES: ["PERMISSION_DENIED", `${subject}: permission denied${dataDirHint} — choose a path this user may use, or change its owner or mode.`],
    EPERM: ["PERMISSION_DENIED", `${subject}: operation not permitted${dataDirHint} — choose a path this user may use, or change its owner or mode.`],
    EROFS: ["READ_ONLY_FILESYSTEM", `${subject} is on a read-only file system${dataDirHint} — choose a path on a writable disk.`],
    ENOSPC: ["DISK_FULL", `${subject}: no space left on the disk${dataDirHint} — free space, or choose another disk.`],
    EMFILE: ["TOO_MANY_OPEN_FILES", `${subject}: too many open files — raise the limit (ulimit -n) and run again.`],
    ENAMETOOLONG: ["PATH_TOO_LONG", `${subject}: the path is too long — choose a shorter path.`],
    EEXIST: ["PATH_EXISTS", `${subject} already exists — remove it or choose another path.`],
  };
  const found = messages[code];
  return found ? { code: found[0], message: found[1], exitCode: EXIT.FATAL } : undefined;
}

/** The code, message and exit code the operator sees for any failure. */
export function describeCliError(error: unknown, context: ErrorContext = {}): DescribedError {
  if (error instanceof CommanderError) return describeCommanderError(error);
  if (error instanceof CliError) return { code: error.code, message: error.message, exitCode: error.exitCode };
  if (error instanceof DirectoryError) {
    return { code: error.code, message: error.message, exitCode: USAGE_ERROR_CODES.has(error.code) ? EXIT.USAGE : EXIT.FATAL };
  }
  if (error instanceof Error) {
    // NOTE: Node wraps connection failures to several addresses (IPv4 and IPv6 of localhost) in an AggregateError
    // whose own code is the first one's.
    const code = errorCode(error) || (error instanceof AggregateError ? errorCode(error.errors[0]) : "");
    const described =
      (error.name === "PostgresError" ? describePostgresError(error, code, context) : undefined) ??
      describeNetworkError(error, code, context) ??
      describeFileError(error, code, context);
    if (described) return described;
    if (error.cause !== undefined && error.cause !== error) {
      const inner = describeCliError(error.cause, context);
      if (inner.code !== "UNEXPECTED") return { ...inner, message: `${error.message}: ${inner.message}` };
    }
    if (/^[A-Z][A-Z0-9_]+$/.test(code)) {
      return { code, message: `${error.message} — run again with --verbose for the stack.`, exitCode: EXIT.FATAL };
    }
    return {
      code: "UNEXPECTED",
      message: `${error.message} — this is a bug or an unforeseen state; run again with --verbose and report the stack.`,
      exitCode: EXIT.FATAL,
    };
  }
  return { code: "UNEXPECTED", message: `${String(error)} — run again with --verbose and report it.`, exitCode: EXIT.FATAL };
}

/** The stack of the error and of each cause, for --verbose. */
export function formatErrorStack(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    parts.push(current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join("\ncaused by: ");
}

/**
 * What runCli writes: the line on stderr, the JSON on stdout with --json (scripts parse stdout), the stack on stderr
 * with --verbose.
 */
export function formatCliError(
  described: DescribedError,
  error: unknown,
  options: { json: boolean; verbose: boolean },
): { stdout: string; stderr: string } {
  const stderr = [`error ${described.code}: ${described.message}\n`];
  if (options.verbose && !(error instanceof CommanderError)) stderr.push(`${formatErrorStack(error)}\n`);
  const stdout = options.json ? `${JSON.stringify({ error: { code: described.code, message: described.message } }, null, 2)}\n` : "";
  return { stdout, stderr: stderr.join("") };
}
