import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { register } from "./generate.ts";
import { CliError } from "./shared.ts";
import { runRegisteredCommand } from "../testing/run-in-process.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "generate-cli-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function runGenerate(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return runRegisteredCommand(register, ["generate", ...args]);
}

async function expectCliError(args: string[], code: string, message: RegExp): Promise<void> {
  const error = await runGenerate(args).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).code).toBe(code);
  expect((error as CliError).message).toMatch(message);
}

describe("directory generate", () => {
  it("writes the file and reports rows, format, bytes, time, memory and mess as JSON", async () => {
    const out = path.join(dir, "businesses.csv");
    const { stdout, stderr } = await runGenerate(["--rows", "250", "--out", out, "--seed", "9", "--json"]);
    const summary = JSON.parse(stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ rows: 250, format: "csv", out, bytes: fs.statSync(out).size, seed: 9, messy: 0.05 });
    expect(summary.seconds).toBeTypeOf("number");
    expect(summary.peakRssMb).toBeGreaterThan(0);
    expect(Object.keys(summary.mess as object)).toContain("duplicate_header");
    expect(stderr).toContain("250");
  });

  it("takes the format from --out's extension and prints a human summary without --json", async () => {
    const out = path.join(dir, "businesses.ndjson");
    const { stdout } = await runGenerate(["--rows", "40", "--out", out, "--messy", "0"]);
    expect(stdout).toMatch(/^Wrote 40 rows \(ndjson, [\d.]+ KB\) to .*businesses\.ndjson/);
    expect(stdout).toContain("Mess: none.");
    expect(fs.readFileSync(out, "utf8").trim().split("\n")).toHaveLength(40);
  });

  it("adds an is_test column with --test-marker", async () => {
    const out = path.join(dir, "marked.csv");
    await runGenerate(["--rows", "5", "--out", out, "--test-marker", "--messy", "0"]);
    const lines = fs.readFileSync(out, "utf8").trim().split("\n");
    expect(lines[0]?.endsWith(",is_test")).toBe(true);
    expect(lines.slice(1).every((line) => line.endsWith(",True"))).toBe(true);
  });

  it("refuses bad options with a code and a hint, before writing anything", async () => {
    await expectCliError(["--rows", "0", "--out", path.join(dir, "x.csv")], "INVALID_OPTION", /--rows \(got "0"\): .*at least 1/);
    await expectCliError(["--rows", "lots", "--out", path.join(dir, "x.csv")], "INVALID_OPTION", /--rows \(got "lots"\): must be a whole number/);
    await expectCliError(["--rows", "10"], "INVALID_OPTION", /--out: is required/);
    await expectCliError(["--out", path.join(dir, "x.csv"), "--messy", "1.5"], "INVALID_OPTION", /--messy \(got "1.5"\): .*between 0 and 1/);
    await expectCliError(
      ["--out", path.join(dir, "x.csv"), "--format", "xls"],
      "INVALID_OPTION",
      /--format \(got "xls"\): use csv, xlsx, json or ndjson/,
    );
    await expectCliError(["--out", "-", "--format", "xlsx"], "XLSX_NEEDS_FILE", /--out businesses\.xlsx/);
    await expectCliError(["--out", path.join(dir, "big.xlsx"), "--rows", "2000000"], "XLSX_TOO_MANY_ROWS", /--format csv/);
    await expectCliError(["--out", path.join(dir, "no-such-folder", "x.csv")], "OUTPUT_DIR_MISSING", /create .*no-such-folder/);
    await expectCliError(["--out", dir], "OUTPUT_IS_DIRECTORY", /give a file name/);
    expect(fs.existsSync(path.join(dir, "x.csv"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "big.xlsx"))).toBe(false);
  });

  it("runs as a real process: csv to stdout is pure data, the summary goes to stderr", () => {
    const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "bin", "directory.mjs");
    const run = spawnSync(process.execPath, [bin, "generate", "--rows", "30", "--out", "-", "--messy", "0", "--json"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe(
      "name,site,subtypes,category,type,phone,full_address,borough,street,city,postal_code,state,country,country_code,latitude,longitude,time_zone,rating,reviews,reviews_link,photos_count,photo,logo,located_in,working_hours,business_status,about,description,verified,place_id,google_id,url,location_link",
    );
    expect(run.stderr).toMatch(/"rows": 30/);
  });
});
