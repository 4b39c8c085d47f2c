// The CLI's error formatter: raw driver, socket and file-system errors get a stable code, a fix and no stack unless
// --verbose; option errors name the flag as typed and the value received, with exit 64.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeCliError, formatCliError } from "./cli-errors.ts";
import { CliError, EXIT, parseOptions, wholeNumber } from "./shared.ts";

function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: "PostgresError", code });
}

function errnoError(code: string, syscall: string, target: string): Error {
  return Object.assign(new Error(`${code}: failed, ${syscall} '${target}'`), { code, syscall, path: target, errno: -1 });
}

const context = { databaseUrl: "postgres://ops:s3cret@db.internal:5433/directory", dataDir: "./data" };
const LINE = /^error [A-Z][A-Z0-9_]+: .+ — .+\n$/;

describe("describeCliError", () => {
  it("names a wrong database, bad credentials and a refused connection, never showing the password", () => {
    const missing = describeCliError(postgresError("3D000", 'database "directroy" does not exist'), context);
    expect(missing).toMatchObject({ code: "DATABASE_NOT_FOUND", exitCode: EXIT.FATAL });
    expect(missing.message).toContain("db.internal:5433");
    expect(missing.message).toContain("createdb directory");
    const auth = describeCliError(postgresError("28P01", 'password authentication failed for user "ops"'), context);
    expect(auth.code).toBe("DATABASE_AUTH_FAILED");
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5433"), { code: "ECONNREFUSED", address: "10.0.0.5", port: 5433 });
    const unreachable = describeCliError(refused, context);
    expect(unreachable.code).toBe("DATABASE_UNREACHABLE");
    expect(unreachable.message).toContain("10.0.0.5:5433");
    for (const described of [missing, auth, unreachable]) {
      expect(described.message).not.toContain("s3cret");
      expect(described.message).toContain("DATABASE_URL");
    }
  });

  it("gives file-system errors a code and a fix", () => {
    expect(describeCliError(errnoError("ENOTDIR", "mkdir", "/etc/passwd/x"), { dataDir: "/etc/passwd/x" })).toMatchObject({
      code: "NOT_A_FOLDER",
      message: expect.stringContaining("DATA_DIR=/etc/passwd/x"),
    });
    expect(describeCliError(errnoError("ENOENT", "open", "/nope/a.csv")).code).toBe("PATH_NOT_FOUND");
    expect(describeCliError(errnoError("EACCES", "open", "/root/a.csv")).code).toBe("PERMISSION_DENIED");
    expect(describeCliError(errnoError("EROFS", "open", "/mnt/ro/a.csv")).code).toBe("READ_ONLY_FILESYSTEM");
  });

  it("keeps a coded error's code, makes usage codes exit 64, and calls anything else UNEXPECTED", () => {
    expect(describeCliError(new CliError("ADMIN_NOT_FOUND", "no such admin"))).toEqual({
      code: "ADMIN_NOT_FOUND",
      message: "no such admin",
      exitCode: 1,
    });
    expect(describeCliError(new CliError("INVALID_OPTION", "bad")).exitCode).toBe(EXIT.USAGE);
    const unexpected = describeCliError(new TypeError("x is undefined"));
    expect(unexpected.code).toBe("UNEXPECTED");
    expect(unexpected.message).toContain("--verbose");
  });
});

describe("formatCliError", () => {
  const error = postgresError("3D000", 'database "directroy" does not exist');
  const described = describeCliError(error, context);

  it("prints one line without a stack, the stack only with --verbose", () => {
    const plain = formatCliError(described, error, { json: false, verbose: false });
    expect(plain.stderr).toMatch(LINE);
    expect(plain.stderr).not.toContain("    at ");
    expect(plain.stdout).toBe("");
    const verbose = formatCliError(described, error, { json: false, verbose: true });
    expect(verbose.stderr.startsWith(plain.stderr)).toBe(true);
    expect(verbose.stderr).toContain("    at ");
  });

  it("also prints the error as JSON on stdout with --json", () => {
    const json = formatCliError(described, error, { json: true, verbose: false });
    expect(JSON.parse(json.stdout)).toEqual({ error: { code: "DATABASE_NOT_FOUND", message: described.message } });
    expect(json.stderr).toMatch(LINE);
  });
});

describe("parseOptions", () => {
  it("names the flag as typed and the value received", () => {
    const schema = z.object({ batchSize: wholeNumber("--batch-size", 1, 10_000, 500) });
    let caught: unknown;
    try {
      parseOptions(schema, { batchSize: "lots" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect((caught as CliError).message).toMatch(/^--batch-size \(got "lots"\): must be a whole number/);
    expect((caught as CliError).message).not.toContain("NaN");
    expect((caught as CliError).exitCode).toBe(EXIT.USAGE);
  });
});
