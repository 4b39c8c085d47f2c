// The real `directory` bin: deleted businesses (test data, delete-all) stay deleted through re-imports ("N
// suppressed"), delete-all refuses without its typed confirmation, and `restore` brings them back with their data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { countAggregateDrift } from "../../db/testing/consistency.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const HEADER = "name,category,full_address,city,country_code,phone,place_id";
const REAL = [
  "Trash Alpha Cafe,Cafe,Hauptstr. 1,Berlin,DE,+49 30 1111,trash-alpha",
  "Trash Beta Bakery,Bakery,Hauptstr. 2,Berlin,DE,+49 30 2222,trash-beta",
  "Trash Gamma Books,Bookshop,Rue 3,Paris,FR,+33 1 3333,trash-gamma",
  // No place id: its identity is its name and address.
  "Trash Delta Deli,Deli,Rue 4,Paris,FR,+33 1 4444,",
];
const TEST_ROWS = ["Trash Demo One,Demo,Demo 1,Rome,IT,+39 06 1,trash-demo-1", "Trash Demo Two,Demo,Demo 2,Rome,IT,+39 06 2,"];

describe(`directory delete-all / restore and suppressed re-imports on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  const file = (name: string, rows: string[]) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, `${HEADER}\n${rows.join("\n")}\n`);
    return target;
  };
  const cli = (args: string[]) => runDirectory(args, { env, timeoutMs: 120_000 });
  async function query<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    for (const key of ["DATA_DIR", "DATABASE_URL"] as const) {
      const value = env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    try {
      return await (await getDatabase()).query<T>(text, params);
    } finally {
      await closeDatabase();
      for (const key of ["DATA_DIR", "DATABASE_URL"] as const) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  }
  async function drift(): Promise<number> {
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    for (const key of ["DATA_DIR", "DATABASE_URL"] as const) {
      const value = env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    try {
      return await countAggregateDrift(await getDatabase());
    } finally {
      await closeDatabase();
      for (const key of ["DATA_DIR", "DATABASE_URL"] as const) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  }

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-trash-"));
    const migrate = await cli(["migrate"]);
    expect(migrate.code, migrate.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("delete-test-data: a re-import of the test file brings nothing back and says how many were suppressed", { timeout: 300_000 }, async () => {
    const real = await cli(["import", file("real.csv", REAL)]);
    expect(real.code, real.stderr).toBe(0);
    const demo = await cli(["import", "--test-data", file("demo.csv", TEST_ROWS)]);
    expect(demo.code, demo.stderr).toBe(0);
    const deleted = await cli(["delete-test-data", "--yes"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain("Deleted 2 test businesses");

    const again = await cli(["import", "--test-data", file("demo.csv", TEST_ROWS)]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("0 new");
    expect(again.stdout).toContain("2 suppressed");
    expect(await query("select count(*)::int as n from businesses where is_test")).toEqual([{ n: 0 }]);
    expect(await query("select suppressed_count from import_runs order by id desc limit 1")).toEqual([{ suppressed_count: 2 }]);
  });

  it("delete-all refuses without the typed count, then stays deleted through a re-import until restored", { timeout: 480_000 }, async () => {
    const refused = await cli(["delete-all"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("CONFIRMATION_REQUIRED");
    expect(refused.stderr).toContain("--confirm 4");
    const wrong = await cli(["delete-all", "--confirm", "5"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("CONFIRMATION_MISMATCH");
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 4 }]);
    const [before] = await query<{ slug: string; phone: string }>("select slug, phone from businesses where place_id = 'trash-alpha'");

    const done = await cli(["delete-all", "--confirm", "4", "--json"]);
    expect(done.code, done.stderr).toBe(0);
    const result = JSON.parse(done.stdout) as { deletedCount: number; batchId: string };
    expect(result.deletedCount).toBe(4);
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 0 }]);
    expect(await drift()).toBe(0);

    const reimport = await cli(["import", file("real.csv", REAL)]);
    expect(reimport.code, reimport.stderr).toBe(0);
    expect(reimport.stdout).toContain("0 new");
    expect(reimport.stdout).toContain("4 suppressed");
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 0 }]);

    const listed = await cli(["restore", "--list", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const trash = JSON.parse(listed.stdout) as { total: number; batches: Array<{ batchId: string; count: number; reason: string }> };
    expect(trash.total).toBe(6);
    expect(trash.batches[0]).toMatchObject({ batchId: result.batchId, count: 4, reason: "delete-all" });

    const dry = await cli(["restore", "--batch", result.batchId, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Would restore 4 businesses");
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 0 }]);

    // A business took Alpha's slug meanwhile: Alpha comes back under the slug rule's next option.
    const squatter = await cli(["import", file("squatter.csv", ["Trash Alpha Cafe,Cafe,Elsewhere 9,Berlin,DE,,trash-squatter"])]);
    expect(squatter.code, squatter.stderr).toBe(0);
    expect(await query("select slug from businesses where place_id = 'trash-squatter'")).toEqual([{ slug: before?.slug }]);

    const restored = await cli(["restore", "--batch", result.batchId]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("Restored 4 businesses");
    const alpha = await query<{ slug: string; phone: string }>("select slug, phone from businesses where place_id = 'trash-alpha'");
    expect(alpha[0]?.phone).toBe(before?.phone);
    expect(alpha[0]?.slug).not.toBe(before?.slug);
    expect(alpha[0]?.slug.startsWith(before?.slug ?? "?")).toBe(true);
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 5 }]);
    expect(await query("select value::int as n from site_totals where key = 'businesses'")).toEqual([{ n: 5 }]);
    expect(await query("select business_count from country_counts where country_code = 'FR'")).toEqual([{ business_count: 2 }]);
    expect(await drift()).toBe(0);
    // Searchable again: the generated search vector is back with the row.
    expect(await query("select count(*)::int as n from businesses where search_vector @@ to_tsquery('simple', 'gamma')")).toEqual([{ n: 1 }]);

    // The tombstones are lifted: a changed re-import updates the restored rows again.
    const changed = REAL.map((row) => row.replace("+49 30 1111", "+49 30 9999"));
    const update = await cli(["import", file("changed.csv", changed)]);
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain("0 suppressed");
    expect(update.stdout).toMatch(/0 new, 1 updated, 3 unchanged/);
    expect(await query("select phone from businesses where place_id = 'trash-alpha'")).toEqual([{ phone: expect.stringContaining("9999") }]);

    // Past the restore window the trash entries are purged on the next delete; their tombstones stay.
    await query("update deleted_businesses set deleted_at = now() - interval '31 days'");
    const purge = await cli(["delete-test-data", "--yes"]);
    expect(purge.code, purge.stderr).toBe(0);
    expect(await query("select count(*)::int as n from deleted_businesses")).toEqual([{ n: 0 }]);
    expect(await query("select trash_id from business_tombstones where identity_key = 'pid:trash-demo-1'")).toEqual([{ trash_id: null }]);

    // Past the window only the block is left: lifting it (by place id) lets the next import bring that one back.
    const notYet = await runDirectory(["restore", "--lift", "no-such-place"], { env });
    expect(notYet.code).toBe(1);
    expect(notYet.stdout).toContain("pid:no-such-place: no deleted business has this identity");
    expect(notYet.stdout).toContain("Lifted no re-import block: nothing changed");
    expect(notYet.stdout).not.toContain("may bring");
    const lifted = await cli(["restore", "--lift", "trash-demo-1"]);
    expect(lifted.code, lifted.stderr).toBe(0);
    expect(lifted.stdout).toContain("Lifted 1 re-import block");
    const back = await cli(["import", "--test-data", file("demo.csv", TEST_ROWS)]);
    expect(back.stdout).toMatch(/1 new.*1 suppressed|1 suppressed.*1 new/s);
    expect(await query("select place_id from businesses where is_test")).toEqual([{ place_id: "trash-demo-1" }]);
  });
});
