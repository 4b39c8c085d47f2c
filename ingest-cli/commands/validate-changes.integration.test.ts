// `directory validate` on rows already stored: a sample of the fields an import would change (business, field,
// stored → new), in the text and in --json, with nothing written; and no option that means nothing in a dry run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const HEADER = "name,city,country_code,phone,category,place_id,rating";

describe(`validate shows what would change on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let next: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-validate-changes-"));
    const stored = path.join(dir, "stored.csv");
    fs.writeFileSync(stored, `${HEADER}\nCafe Diff,Paris,FR,+33 1 42 00 00 01,Cafe,diff-1,4.5\nCafe Same,Paris,FR,,Cafe,diff-2,4\n`);
    const imported = await runDirectory(["import", stored], { env });
    expect(imported.code, imported.stderr).toBe(0);
    next = path.join(dir, "next.csv");
    fs.writeFileSync(
      next,
      `${HEADER}\nCafe Diff Neu,Paris,FR,+33 1 42 00 00 02,Cafe,diff-1,4.6\nCafe Same,Paris,FR,,Cafe,diff-2,4\nCafe New,Lyon,FR,,Cafe,diff-3,\n`,
    );
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("prints business, field, stored → new for a stored business, and writes nothing", async () => {
    const run = await runDirectory(["validate", next], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/^error/m);
    expect(run.stdout).toContain("1 would be new, 1 would be updated, 1 unchanged");
    expect(run.stdout).toContain("  would change (sample of stored businesses; field: stored → new):\n");
    expect(run.stdout).toMatch(/^ {4}line 2 Cafe Diff \(cafe-diff-[a-z0-9-]+\): name: "Cafe Diff" → "Cafe Diff Neu"$/m);
    expect(run.stdout).toMatch(/^ {4}line 2 Cafe Diff \(.+\): phone: "\+33 1 42 00 00 01" → "\+33 1 42 00 00 02"$/m);
    expect(run.stdout).toMatch(/^ {4}line 2 Cafe Diff \(.+\): rating: "4.5" → "4.6"$/m);
    // The unchanged business and the new one have no change lines; fields that stay are not listed.
    expect(run.stdout).not.toMatch(/Cafe Same \(|Cafe New \(|: city: /);
    const stored = await queryCliDatabase<{ name: string }>(env, "select name from businesses where place_id = 'diff-1'");
    expect(stored).toEqual([{ name: "Cafe Diff" }]);
  });

  it("--json carries the sample as `changes`", async () => {
    const run = await runDirectory(["validate", next, "--json"], { env });
    expect(run.code, run.stderr).toBe(0);
    const [file] = JSON.parse(run.stdout) as Array<{
      changes: Array<{ line: number; business: string; field: string; stored: string; next: string }>;
    }>;
    expect(file?.changes.map(({ line, business, field, stored, next: value }) => [line, business, field, stored, value])).toEqual([
      [2, "Cafe Diff", "name", "Cafe Diff", "Cafe Diff Neu"],
      [2, "Cafe Diff", "phone", "+33 1 42 00 00 01", "+33 1 42 00 00 02"],
      [2, "Cafe Diff", "rating", "4.5", "4.6"],
    ]);
  });

  it("offers no --resume (a dry run records no run to resume)", async () => {
    const help = await runDirectory(["validate", "--help"], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).not.toContain("--resume");
    expect(help.stdout).toContain("--on-duplicate");
    const run = await runDirectory(["validate", next, "--resume"], { env });
    expect(run.code).toBe(64);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^error UNKNOWN_OPTION: unknown option '--resume' — /);
    expect((await runDirectory(["import", "--help"], { env })).stdout).toContain("--resume");
  });
});
