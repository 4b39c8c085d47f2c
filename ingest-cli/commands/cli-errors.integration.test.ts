// The real `directory` on bad databases, bad paths and bad command lines: one `error CODE: what — fix` line on
// stderr (JSON on stdout with --json), no stack unless --verbose, exit 1 for failures and 64 for usage errors.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv, type CliRun } from "../testing/run-cli.ts";

const ERROR_LINE = /^error ([A-Z][A-Z0-9_]+): .+ — .+$/m;

function expectError(run: CliRun, code: string, exitCode = 1): void {
  expect(run.code, run.stderr).toBe(exitCode);
  expect(run.stderr).toMatch(ERROR_LINE);
  expect(run.stderr.match(ERROR_LINE)?.[1], run.stderr).toBe(code);
  // No stack trace without --verbose.
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

function serverUrl(change: (url: URL) => void): string {
  const url = new URL(process.env.DATABASE_URL ?? "");
  change(url);
  return url.toString();
}

describe(`directory's error lines on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-cli-errors-"));
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(testDriver() === "postgres")("names a wrong database name and bad credentials, without the password or a stack", async () => {
    const missing = await runDirectory(["stats"], { env: { ...env, DATABASE_URL: serverUrl((url) => (url.pathname = "/directory_no_such_db")) } });
    expectError(missing, "DATABASE_NOT_FOUND");
    expect(missing.stderr).toContain("directory_no_such_db");
    expect(missing.stderr).toContain("createdb directory_no_such_db");
    const wrongPassword = serverUrl((url) => (url.password = "definitely-wrong-password"));
    const auth = await runDirectory(["stats"], { env: { ...env, DATABASE_URL: wrongPassword } });
    expectError(auth, "DATABASE_AUTH_FAILED");
    expect(auth.stderr).not.toContain("definitely-wrong-password");
    const verbose = await runDirectory(["--verbose", "stats"], {
      env: { ...env, DATABASE_URL: serverUrl((url) => (url.pathname = "/directory_no_such_db")) },
    });
    expect(verbose.stderr).toMatch(/^error DATABASE_NOT_FOUND: /);
    expect(verbose.stderr).toMatch(/^\s+at /m);
  });

  it("names a refused connection with the address and DATABASE_URL, in JSON on stdout too", async () => {
    const run = await runDirectory(["stats", "--json"], { env: { ...env, DATABASE_URL: "postgres://ops:pw@127.0.0.1:1/directory" } });
    expectError(run, "DATABASE_UNREACHABLE");
    expect(run.stderr).toContain("127.0.0.1:1");
    expect(run.stderr).toContain("DATABASE_URL");
    expect(JSON.parse(run.stdout)).toEqual({ error: { code: "DATABASE_UNREACHABLE", message: expect.stringContaining("127.0.0.1:1") } });
  });

  it("names a DATA_DIR under a file (ENOTDIR)", async () => {
    const file = path.join(dir, "a-file");
    fs.writeFileSync(file, "x");
    const run = await runDirectory(["migrate"], { env: { ...env, DATABASE_URL: undefined, DATA_DIR: path.join(file, "data") } });
    expectError(run, "NOT_A_FOLDER");
    expect(run.stderr).toContain(`DATA_DIR=${path.join(file, "data")}`);
  });

  it("names a path that cannot be created (ENOENT) and one that may not be written (EACCES)", async () => {
    const missing = await runDirectory(["generate", "--rows", "5", "--out", "/proc/directory-x.csv"], { env });
    expectError(missing, "OUTPUT_NOT_WRITABLE");
    expect(missing.stderr).toContain("ENOENT");
    const denied = await runDirectory(["export", "--out", "/sys/directory-x.csv"], { env });
    expectError(denied, "OUTPUT_NOT_WRITABLE");
    expect(denied.stderr).toContain("EACCES");
  });

  it("fails fast on an unwritable sitemap folder, export file or rejected-rows file", async () => {
    const file = path.join(dir, "plain-file");
    fs.writeFileSync(file, "x");
    const cases: Array<[string[], string]> = [
      [["sitemap", "--out", "/proc/directory-sitemaps", "--base-url", "https://www.example.com"], "OUTPUT_NOT_WRITABLE"],
      [["sitemap", "--out", path.join(file, "sitemaps"), "--base-url", "https://www.example.com"], "OUTPUT_NOT_A_FOLDER"],
      [["export", "--out", "/proc/directory-export.csv"], "OUTPUT_NOT_WRITABLE"],
      [["export", "--out", path.join(file, "export.csv")], "OUTPUT_NOT_A_FOLDER"],
      [["import", file, "--rejected", "/proc/directory-rejected.csv"], "OUTPUT_NOT_WRITABLE"],
      [["import", file, "--rejected", path.join(file, "rejected.csv")], "OUTPUT_NOT_A_FOLDER"],
    ];
    for (const [args, code] of cases) {
      const started = Date.now();
      const run = await runDirectory(args, { env, timeoutMs: 30_000 });
      // Start-up is most of it (≈ 1 s on an idle machine); the old sitemap looped for minutes.
      expect(Date.now() - started, args.join(" ")).toBeLessThan(15_000);
      expectError(run, code);
    }
  });

  it("gives usage errors exit 64 and names the flag as typed and the value received", async () => {
    const batch = await runDirectory(["import", "x.csv", "--batch-size", "lots"], { env });
    expectError(batch, "INVALID_OPTION", 64);
    expect(batch.stderr).toContain('--batch-size (got "lots")');
    expect(batch.stderr).not.toContain("batchSize");
    expect(batch.stderr).not.toContain("NaN");
    expectError(await runDirectory(["stats", "--bogus"], { env }), "UNKNOWN_OPTION", 64);
    expectError(await runDirectory(["import"], { env }), "MISSING_ARGUMENT", 64);
    expectError(await runDirectory(["statz"], { env }), "UNKNOWN_COMMAND", 64);
    const json = await runDirectory(["export", "--range", "lastyear", "--json"], { env });
    expectError(json, "INVALID_OPTION", 64);
    expect(JSON.parse(json.stdout).error.code).toBe("INVALID_OPTION");
  });

  it("prints the package version and documents the exit codes in --help", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { version: string };
    const run = await runDirectory(["--version"], { env });
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
    const help = await runDirectory(["--help"], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes:[\s\S]*\b64\b.*usage/);
    expect(help.stdout).toContain("--verbose");
  });
});
