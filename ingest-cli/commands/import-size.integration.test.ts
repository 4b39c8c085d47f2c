// The CLI's import and validate take files of any size: the admin upload's 150 MB cap is not theirs, and --max-size
// is an explicit cap. A gzipped CSV of 158 MB decompressed (180 rows of 900 KB) stands in for a large export.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

/** A CSV of `rows` businesses whose ignored `notes` column holds `padBytes` each (under the 1 MB cell limit). */
async function writeCsv(file: string, rows: number, padBytes: number, gzip: boolean): Promise<void> {
  const out = fs.createWriteStream(file);
  const sink = gzip ? zlib.createGzip() : out;
  if (gzip) sink.pipe(out);
  const pad = "x".repeat(padBytes);
  const write = (text: string) => new Promise<void>((resolve) => (sink.write(text) ? resolve() : sink.once("drain", resolve)));
  await write("name,city,country_code,notes\n");
  for (let i = 0; i < rows; i++) await write(`Big Export Place ${i},Paris,FR,${pad}\n`);
  await new Promise<void>((resolve) => {
    out.once("close", resolve);
    sink.end();
  });
}

describe(`import/validate file size on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-import-size-"));
    expect((await runDirectory(["migrate"], { env })).code).toBe(0);
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("caps a 2 MB file only when --max-size says so", async () => {
    const file = path.join(dir, "two-mb.csv");
    await writeCsv(file, 3, 700 * 1024, false);
    const capped = await runDirectory(["validate", file, "--max-size", "1"], { env });
    expect(capped.code).toBe(1);
    expect(capped.stdout).toContain("FILE_TOO_LARGE");
    const uncapped = await runDirectory(["import", file], { env });
    expect(uncapped.code, uncapped.stdout + uncapped.stderr).toBe(0);
    expect(uncapped.stdout).toContain("3 new");
  });

  it("validates a file past 150 MB without a flag", async () => {
    const file = path.join(dir, "big.csv.gz");
    await writeCsv(file, 180, 900 * 1024, true);
    const capped = await runDirectory(["validate", file, "--max-size", "150"], { env });
    expect(capped.code).toBe(1);
    expect(capped.stdout).toContain("FILE_TOO_LARGE");
    const run = await runDirectory(["validate", file], { env, timeoutMs: 120_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("180 rows");
    expect(run.stdout).not.toContain("FILE_TOO_LARGE");
  }, 180_000);

  it("documents the default in --help", async () => {
    const help = await runDirectory(["import", "--help"], { env });
    expect(help.stdout.replace(/\s+/g, " ")).toContain("--max-size <MB> refuse files larger than this many megabytes (default: no limit)");
  });
});
