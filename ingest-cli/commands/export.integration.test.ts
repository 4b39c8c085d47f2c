import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { seedDemoData } from "../pipeline/demo-seed.ts";
import { createCliDatabaseEnv } from "../testing/run-cli.ts";
import { register } from "./export.ts";
import { CliError } from "./shared.ts";
import { runRegisteredCommand } from "../testing/run-in-process.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-cli-"));

function runExport(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return runRegisteredCommand(register, ["export", ...args]);
}

async function expectCliError(args: string[], code: string, message: RegExp): Promise<void> {
  const error = await runExport(args).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).code).toBe(code);
  expect((error as CliError).message).toMatch(message);
}

describe(`directory export on ${testDriver()}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  let countries: string[] = [];
  let categories: string[] = [];
  beforeAll(async () => {
    const database = await createCliDatabaseEnv();
    cleanup = database.cleanup;
    for (const [key, value] of Object.entries(database.env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const handle = await getDatabase();
    await seedDemoData(handle, { rows: 60, seed: 3 });
    await handle.query("update businesses set is_approved = false where id % 4 = 0");
    await handle.query("update businesses set is_test = false where id % 3 = 0");
    countries = (await handle.query<{ code: string }>("select country_code as code from businesses group by 1 order by count(*) desc, 1")).map(
      (row) => row.code,
    );
    categories = (await handle.query<{ name: string }>("select category as name from businesses group by 1 order by count(*) desc, 1 limit 2")).map(
      (row) => row.name,
    );
    await closeDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the file asked for and reports rows, bytes and filters as JSON", async () => {
    const out = path.join(dir, "some.csv");
    const { stdout, stderr } = await runExport(["--out", out, "--fields", "name,phone,countryCode", "--country", countries[0] as string, "--json"]);
    const summary = JSON.parse(stdout) as Record<string, unknown>;
    const lines = fs.readFileSync(out, "utf8").split("\r\n");
    expect(lines[0]).toBe("name,phone,countryCode");
    expect(summary).toMatchObject({
      out,
      bytes: fs.statSync(out).size,
      rows: lines.length - 2,
      fields: ["name", "phone", "countryCode"],
      country: countries[0],
      range: "all",
    });
    expect(summary.rows).toBeGreaterThan(0);
    expect(stderr).toContain("export");
  });

  it("names the file as the spec does in the current folder when --out is left out", async () => {
    const cwd = process.cwd();
    const here = fs.mkdtempSync(path.join(dir, "cwd-"));
    process.chdir(here);
    try {
      const { stdout } = await runExport(["--country", "all", "--categories", categories.join(","), "--range", "thismonth"]);
      expect(stdout).toMatch(
        /^Exported [1-9]\d* businesses \(4 fields, [\d.]+ K?B\) to .*businesses_all_2kategoriler_thismonth_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv in [\d.]+ s\.\n$/,
      );
      const [file] = fs.readdirSync(here);
      expect(file).toMatch(/^businesses_all_2kategoriler_thismonth_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv$/);
      expect(fs.readFileSync(path.join(here, file as string), "utf8").startsWith("name,full_address,phone,type\r\n")).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });

  it("streams to stdout with --out -, keeping the summary on stderr", async () => {
    const { stdout, stderr } = await runExport(["--out", "-", "--fields", "all", "--bom", "--approved-only", "--no-test-data", "--json"]);
    expect(stdout.startsWith("\uFEFFid,name,slug,")).toBe(true);
    const summary = JSON.parse(stderr.slice(stderr.indexOf("{"))) as Record<string, unknown>;
    expect(summary).toMatchObject({ out: "-", includeUnapproved: false, includeTest: false, bom: true });
    const handle = await getDatabase();
    const [{ n } = { n: -1 }] = await handle.query<{ n: number }>("select count(*)::int as n from businesses where is_approved and not is_test");
    await closeDatabase();
    expect(summary.rows).toBe(n);
    expect(stdout.split("\r\n")).toHaveLength(n + 2);
  });

  it("refuses bad options with a code and a hint, leaving no file behind", async () => {
    const out = path.join(dir, "refused.csv");
    await expectCliError(["--out", out, "--fields", "name,colour"], "UNKNOWN_EXPORT_FIELD", /colour.*Valid fields: id, name, slug/);
    await expectCliError(["--out", out, "--range", "lastyear"], "INVALID_OPTION", /--range \(got "lastyear"\): use one of all, today/);
    await expectCliError(["--out", out, "--range", "custom", "--from", "2026-01-01"], "CUSTOM_RANGE_INCOMPLETE", /start and an end date/);
    await expectCliError(["--out", out, "--from", "2026-01-01", "--to", "2026-13-01"], "INVALID_DATE", /2026-13-01/);
    await expectCliError(["--out", out, "--country", "Deutschland"], "INVALID_COUNTRY", /two-letter/);
    await expectCliError(["--out", out, "--categories", "No Such Category"], "UNKNOWN_CATEGORY", /no-such-category/);
    await expectCliError(["--out", path.join(dir, "missing", "x.csv")], "OUTPUT_DIR_MISSING", /create .*missing/);
    await expectCliError(["--out", dir], "OUTPUT_IS_DIRECTORY", /give a file name/);
    expect(fs.existsSync(out)).toBe(false);
  });
});
