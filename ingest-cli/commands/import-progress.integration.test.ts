// import/validate off a TTY: plain progress lines on stderr with percent of the file's bytes, rate and ETA; the count
// refresh says so and its time is inside the reported duration; stdout (and --json) carry no progress.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

/** A plain progress line: percent, bytes of the file's size, rows and their rate, bytes per second and an ETA. */
const PROGRESS_LINE =
  /^(Importing|Validating) (\S+): (\d{1,3})%, [\d.]+ (B|KB|MB) of [\d.]+ (KB|MB), [\d,]+ rows \([\d,]+ rows\/s\), [\d.]+ (B|KB|MB)\/s, ETA \d+:\d\d$/;

function progressLines(stderr: string, file: string): number[] {
  return stderr
    .split("\n")
    .map((line) => PROGRESS_LINE.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[2] === file)
    .map((match) => Number(match[3]));
}

describe(`import/validate progress on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let csv: string;
  let xlsx: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    // NOTE: a line every 100 ms instead of every 5 s, so a file of a few seconds shows several.
    env = { ...env, DIRECTORY_PROGRESS_EVERY_MS: "100" };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-progress-"));
    csv = path.join(dir, "progress.csv");
    xlsx = path.join(dir, "progress.xlsx");
    for (const out of [csv, xlsx]) {
      const generated = await runDirectory(["generate", "--rows", "2000", "--messy", "0", "--out", out], { env });
      expect(generated.code, generated.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("validate prints percent of the file's bytes, rate and ETA on stderr only", async () => {
    const run = await runDirectory(["validate", csv, "--batch-size", "100"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const percents = progressLines(run.stderr, "progress.csv");
    expect(percents.length, run.stderr).toBeGreaterThanOrEqual(2);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(run.stderr).toMatch(/^Validating progress\.csv: 100%, .+ 2,000 rows .+ \d+:\d\d elapsed$/m);
    // A dry run refreshes nothing.
    expect(run.stderr).not.toContain("refreshing counts");
    expect(run.stdout).not.toMatch(/ETA|%,/);
    expect(run.stdout).toContain("progress.csv: 2,000 rows in");
  });

  it("takes the total of an XLSX from its size too", async () => {
    const run = await runDirectory(["validate", xlsx, "--batch-size", "100"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(progressLines(run.stderr, "progress.xlsx").length, run.stderr).toBeGreaterThanOrEqual(1);
    expect(run.stderr).toMatch(/^Validating progress\.xlsx: 100%, ([\d.]+ (KB|MB)) of \1, 2,000 rows/m);
  });

  it("import says it refreshes the counts, and its duration includes the refresh", async () => {
    const run = await runDirectory(["import", csv, "--batch-size", "100"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(progressLines(run.stderr, "progress.csv").length, run.stderr).toBeGreaterThanOrEqual(2);
    const lines = run.stderr.split("\n");
    const refreshing = lines.indexOf("Importing progress.csv: refreshing counts…");
    expect(refreshing, run.stderr).toBeGreaterThan(-1);
    const refreshed = /^Importing progress\.csv: counts refreshed in ([\d.]+) s$/m.exec(run.stderr);
    expect(refreshed, run.stderr).not.toBeNull();
    expect(lines.findIndex((line) => line.startsWith("Importing progress.csv: counts refreshed"))).toBeGreaterThan(refreshing);
    const total = /^\S*progress\.csv: 2,000 rows in ([\d.]+) s/m.exec(run.stdout);
    expect(total, run.stdout).not.toBeNull();
    expect(Number(total?.[1])).toBeGreaterThanOrEqual(Number(refreshed?.[1]));
    expect(run.stdout).not.toContain("refreshing counts");
  });

  it("export and sitemap count their total first: percent of the businesses, on stderr only", async () => {
    const out = path.join(dir, "export.csv");
    const exported = await runDirectory(["export", "--out", "-"], { env, timeoutMs: 120_000 });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/^export: 100%, 2,000 of 2,000 businesses, [\d,]+ businesses\/s, \d+:\d\d elapsed$/m);
    expect(exported.stdout).not.toMatch(/elapsed|ETA/);
    expect(exported.stdout.trim().split("\n")).toHaveLength(2001);
    const sitemap = await runDirectory(["sitemap", "--out", path.join(dir, "sitemaps"), "--base-url", "https://www.example.com"], {
      env,
      timeoutMs: 120_000,
    });
    expect(sitemap.code, sitemap.stderr).toBe(0);
    expect(sitemap.stderr).toMatch(/^sitemap: 100%, [\d,]+ of [\d,]+ businesses, .+ elapsed$/m);
    expect(fs.existsSync(out)).toBe(false);
  });

  it("keeps --json's stdout one JSON document, progress on stderr", async () => {
    const run = await runDirectory(["import", csv, "--json", "--batch-size", "100"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const parsed = JSON.parse(run.stdout) as Array<{ counts: { totalRows: number } }>;
    expect(parsed[0]?.counts.totalRows).toBe(2000);
    expect(run.stderr).toMatch(/^Importing progress\.csv: 100%/m);
  });

  it("several files: the refresh comes once at the end and the total includes it", async () => {
    const second = path.join(dir, "second.csv");
    fs.writeFileSync(second, "name,city,country_code\nCafe Progress,Paris,FR\n");
    const run = await runDirectory(["import", csv, second, "--on-duplicate", "update"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^refreshing counts…$/m);
    const refreshed = /^counts refreshed in ([\d.]+) s$/m.exec(run.stderr);
    const total = /^2 files in ([\d.]+) s \(counts refreshed in ([\d.]+) s\)$/m.exec(run.stdout);
    expect(total, run.stdout).not.toBeNull();
    expect(total?.[2]).toBe(refreshed?.[1]);
    expect(Number(total?.[1])).toBeGreaterThanOrEqual(Number(total?.[2]));
  });
});
