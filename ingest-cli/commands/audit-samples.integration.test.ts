// `directory import`, `fix-slugs`, `delete-test-data` and `delete-all` → each one's audit entry (actor cli:<user>@<host>) names a
// bounded sample of what it touched beside its count: at most 20 inserted/rewritten ids, {id, before, after} slugs or
// {id, slug, name} deleted, however many rows changed; the printed results keep their shape. Real CLI on the test's
// driver.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const ROW_COUNT = 27;

function buildCsv(): string {
  const lines = ["name,category,full_address,city,country_code,place_id"];
  for (let i = 1; i <= ROW_COUNT; i++) lines.push(`Cli Sample ${i},Shop,Ringstraße ${i},Dresden,DE,cli-audit-${i}`);
  return `${lines.join("\n")}\n`;
}

describe(`CLI bulk actions audit a sample of what they touched, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-audit-samples-"));
    const file = path.join(dir, "shops.csv");
    fs.writeFileSync(file, buildCsv());
    const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 100_000 });
    expect(run.code, run.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const query = <T extends object>(text: string) => queryCliDatabase<T>(env, text);
  const lastAudit = async (action: string) => {
    const [row] = await query<{ actor: string; row_count: number; details: string }>(
      `select actor, row_count, details::text as details from audit_log where action = '${action}' order by id desc limit 1`,
    );
    expect(row, `an audit entry ${action}`).toBeDefined();
    return { actor: row!.actor, rowCount: row!.row_count, details: JSON.parse(row!.details) as Record<string, unknown> };
  };

  it("admin create, password and unlock and an export are audited with the operator's user and host", async () => {
    const actor = `cli:${os.userInfo().username}@${os.hostname()}`;
    for (const command of [
      ["admin", "create", "auditor"],
      ["admin", "password", "auditor"],
      ["admin", "unlock", "auditor"],
    ]) {
      const run = await runDirectory(
        [...command, "--password-stdin"].filter((part) => command[1] !== "unlock" || part !== "--password-stdin"),
        {
          env,
          input: "a-long-enough-password\n",
        },
      );
      expect(run.code, run.stderr).toBe(0);
    }
    expect(await lastAudit("admin-user.create")).toMatchObject({ actor, rowCount: 1 });
    expect(await lastAudit("admin-user.password")).toMatchObject({ actor, rowCount: 1, details: { clearedFailures: 0 } });
    expect(await lastAudit("admin-user.unlock")).toMatchObject({ actor, rowCount: 0 });
    const out = path.join(dir, "export.csv");
    const exported = await runDirectory(["export", "--out", out, "--fields", "name"], { env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(await lastAudit("businesses.export")).toMatchObject({ actor, rowCount: ROW_COUNT, details: { fields: ["name"], approvedOnly: false } });
  });

  it("an import names the first 20 businesses it inserted", async () => {
    const entry = await lastAudit("import");
    expect(entry).toMatchObject({ actor: expect.stringMatching(/^cli:[^@]+@.+$/), rowCount: ROW_COUNT });
    const ids = await query<{ id: number }>("select id::int as id from businesses order by id limit 20");
    expect(entry.details.sample).toEqual({ insertedIds: ids.map((row) => row.id), updatedIds: [] });
  });

  it("fix-slugs names the first 20 slugs it changed, before and after", { timeout: 120_000 }, async () => {
    await query("update businesses set slug = 'stale-' || id");
    const run = await runDirectory(["fix-slugs", "--batch-size", "10", "--json"], { env, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).not.toHaveProperty("sample");
    const entry = await lastAudit("slugs.fix");
    expect(entry).toMatchObject({ actor: expect.stringMatching(/^cli:[^@]+@.+$/), rowCount: ROW_COUNT });
    const now = await query<{ id: number; slug: string }>("select id::int as id, slug from businesses order by id limit 20");
    expect(entry.details.sample).toEqual(now.map((row) => ({ id: row.id, before: `stale-${row.id}`, after: row.slug })));
  });

  it("delete-test-data and delete-all name the first 20 businesses deleted (id, slug, name)", { timeout: 120_000 }, async () => {
    await query("update businesses set is_test = true where id in (select id from businesses order by id limit 23)");
    const testRows = await query<{ id: number; slug: string; name: string }>(
      "select id::int as id, slug, name from businesses where is_test order by id limit 20",
    );
    const deleted = await runDirectory(["delete-test-data", "--yes", "--json"], { env, timeoutMs: 60_000 });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).not.toHaveProperty("sample");
    const testEntry = await lastAudit("test-data.delete");
    expect(testEntry).toMatchObject({ actor: expect.stringMatching(/^cli:[^@]+@.+$/), rowCount: 23 });
    expect(testEntry.details.sample).toEqual(testRows);

    const rest = await query<{ id: number; slug: string; name: string }>("select id::int as id, slug, name from businesses order by id");
    expect(rest).toHaveLength(ROW_COUNT - 23);
    const all = await runDirectory(["delete-all", "--confirm", String(rest.length), "--json"], { env, timeoutMs: 60_000 });
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).not.toHaveProperty("sample");
    const allEntry = await lastAudit("businesses.delete-all");
    expect(allEntry).toMatchObject({ actor: expect.stringMatching(/^cli:[^@]+@.+$/), rowCount: rest.length });
    expect(allEntry.details.sample).toEqual(rest);
  });
});
