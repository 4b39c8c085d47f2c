// The real `directory` bin: each command that changes what the public site shows (import, fix-slugs, delete-all,
// restore, dedupe --merge, delete-test-data) bumps the cache generation running app hosts poll, so they drop their
// cached pages at once; a dry run and a listing leave it alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const HEADER = "name,category,full_address,city,country_code,phone,place_id";
const ROWS = [
  "Generation Alpha Cafe,Cafe,Hauptstr. 1,Berlin,DE,+49 30 1111,generation-alpha",
  "Generation Beta Bakery,Bakery,Hauptstr. 2,Berlin,DE,+49 30 2222,generation-beta",
];

describe(`CLI changes reach running app hosts through the cache generation on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  const cli = async (args: string[]) => {
    const run = await runDirectory(args, { env, timeoutMs: 120_000 });
    expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0);
    return run;
  };
  const generation = async () =>
    Number((await queryCliDatabase<{ g: number }>(env, "select coalesce(max(generation), 0)::int as g from cache_generations"))[0]?.g ?? 0);
  /** Runs the command and answers whether the generation moved. */
  const moves = async (args: string[]) => {
    const before = await generation();
    const run = await cli(args);
    return { moved: (await generation()) > before, run };
  };

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-generation-"));
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "bumps it after import, fix-slugs, delete-all, restore, dedupe --merge and delete-test-data, not after dry runs",
    { timeout: 480_000 },
    async () => {
      const file = path.join(dir, "rows.csv");
      fs.writeFileSync(file, `${HEADER}\n${ROWS.join("\n")}\n`);
      expect((await moves(["import", file])).moved, "import").toBe(true);
      // A slug out of its canonical form: fix-slugs rewrites it, and the old address now redirects.
      await queryCliDatabase(env, "update businesses set slug = 'generation-alpha-cafe-1700000000000' where place_id = 'generation-alpha'");
      expect((await moves(["fix-slugs"])).moved, "fix-slugs").toBe(true);

      const { moved: deleted, run } = await moves(["delete-all", "--confirm", "2", "--json"]);
      expect(deleted, "delete-all").toBe(true);
      const { batchId } = JSON.parse(run.stdout) as { batchId: string };
      expect((await moves(["restore", "--list"])).moved, "restore --list").toBe(false);
      expect((await moves(["restore", "--batch", batchId, "--dry-run"])).moved, "restore --dry-run").toBe(false);
      expect((await moves(["restore", "--batch", batchId])).moved, "restore --batch").toBe(true);
      expect(await queryCliDatabase(env, "select count(*)::int as n from businesses")).toEqual([{ n: 2 }]);

      const ids = await queryCliDatabase<{ id: number }>(env, "select id::int as id from businesses order by place_id");
      expect((await moves(["dedupe", "--merge", String(ids[0]?.id), String(ids[1]?.id)])).moved, "dedupe --merge").toBe(true);

      fs.writeFileSync(file, `${HEADER}\nGeneration Demo,Demo,Demo 1,Rome,IT,+39 06 1,generation-demo\n`);
      await cli(["import", "--test-data", file]);
      expect((await moves(["delete-test-data", "--yes"])).moved, "delete-test-data").toBe(true);
    },
  );
});
