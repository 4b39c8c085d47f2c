import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { buildFormulaRejectsJson, expectRejectedFormulasGuarded } from "../../app/testing/hostile-payloads.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

describe(`directory import / validate --rejected write formula cells guarded, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-rejected-cli-"));
    file = path.join(dir, "formulas.json");
    fs.writeFileSync(file, buildFormulaRejectsJson());
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(["validate", "import"])("%s --rejected FILE.csv", async (command) => {
    const out = path.join(dir, `${command}-rejected.csv`);
    const run = await runDirectory([command, file, "--rejected", out], { env });
    expect(run.code, run.stderr).toBe(2);
    expectRejectedFormulasGuarded(fs.readFileSync(out, "utf8"));
  });
});
