// Option errors and outputs an operator reads: an unknown --country is a usage error like an unknown category, numeric
// options name the flag as typed and the value received (never "NaN"), and --rejected with several files prints
// where each file's rejected rows went (one CSV per input, named after it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

describe(`CLI option errors and --rejected on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-cli-options-"));
    const seed = path.join(dir, "seed.csv");
    fs.writeFileSync(seed, "name,city,country_code,category\nCafe Option,Paris,FR,Cafe\n");
    expect((await runDirectory(["import", seed], { env })).code).toBe(0);
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("export --country XX is refused like an unknown category: error line, exit 64, no file", async () => {
    const out = path.join(dir, "country.csv");
    const run = await runDirectory(["export", "--country", "XX", "--out", out], { env });
    expect(run.code, run.stderr).toBe(64);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^error UNKNOWN_COUNTRY: Country "XX" is no ISO 3166 country code — .*"all"\.\n$/);
    expect(fs.existsSync(out)).toBe(false);
    const json = await runDirectory(["export", "--country", "qq", "--out", out, "--json"], { env });
    expect(json.code).toBe(64);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: "UNKNOWN_COUNTRY" } });
    const category = await runDirectory(["export", "--categories", "no-such-category", "--out", out], { env });
    expect(category.code).toBe(64);
    expect(category.stderr).toMatch(/^error UNKNOWN_CATEGORY: .+ — .+/);
    // A real code with businesses still exports.
    const fine = await runDirectory(["export", "--country", "fr", "--out", out], { env });
    expect(fine.code, fine.stderr).toBe(0);
    expect(fs.readFileSync(out, "utf8")).toContain("Cafe Option");
  });

  it.each([
    [["seed", "--rows", "abc"], "--rows", "abc"],
    [["seed", "--seed", "x"], "--seed", "x"],
    [["serve", "--port", "http"], "--port", "http"],
    [["serve", "--workers", "0"], "--workers", "0"],
    [["restore", "--limit", "many"], "--limit", "many"],
    [["bench", "--rows", "lots"], "--rows", "lots"],
    [["bench", "--batch-size", "1.5"], "--batch-size", "1.5"],
    [["import", "x.csv", "--batch-size", "ten"], "--batch-size", "ten"],
    [["validate", "x.csv", "--max-size", "big"], "--max-size", "big"],
    [["dedupe", "--limit", "-1"], "--limit", "-1"],
    [["fix-slugs", "--batch-size", "0"], "--batch-size", "0"],
    [["repair-places", "--batch-size", "x"], "--batch-size", "x"],
    [["generate", "--rows", "x", "--out", "-"], "--rows", "x"],
  ])("%j names %s as typed and the value received", async (args, flag, value) => {
    const run = await runDirectory(args, { env });
    expect(run.code, run.stderr).toBe(64);
    expect(run.stdout).toBe("");
    const line = run.stderr.trim();
    expect(line).toMatch(/^error INVALID_OPTION: /);
    expect(line).toContain(`${flag} (got "${value}"): must be`);
    expect(line).not.toMatch(/NaN|expected int|Invalid input|[a-z][A-Z][a-z]+ \(got/);
  });

  it("--rejected with several files: one CSV per input, named after it, each path printed", async () => {
    const first = path.join(dir, "first.csv");
    const second = path.join(dir, "second.csv");
    fs.writeFileSync(first, "name,city,country_code\nCafe Eins,Berlin,DE\n,Berlin,DE\n");
    fs.writeFileSync(second, "name,city,country_code\n,Wien,AT\n,Wien,AT\nCafe Zwei,Wien,AT\n");
    const base = path.join(dir, "rejected.csv");
    const run = await runDirectory(["validate", first, second, "--rejected", base], { env });
    expect(run.code, run.stderr).toBe(2);
    const firstOut = path.join(dir, "rejected-1-first.csv");
    const secondOut = path.join(dir, "rejected-2-second.csv");
    expect(run.stdout).toContain(`  rejected rows: 1 written to ${firstOut}\n`);
    expect(run.stdout).toContain(`  rejected rows: 2 written to ${secondOut}\n`);
    expect(fs.readFileSync(firstOut, "utf8").trim().split("\n")).toHaveLength(2);
    expect(fs.readFileSync(secondOut, "utf8").trim().split("\n")).toHaveLength(3);
    expect(fs.existsSync(base)).toBe(false);
    const json = await runDirectory(["validate", first, second, "--rejected", base, "--json"], { env });
    expect((JSON.parse(json.stdout) as Array<{ rejectedFile: string }>).map((file) => file.rejectedFile)).toEqual([firstOut, secondOut]);
    const help = await runDirectory(["import", "--help"], { env });
    expect(help.stdout.replace(/\s+/g, " ")).toContain("one CSV per input named <file>-<n>-<input>.csv");
  });
});
