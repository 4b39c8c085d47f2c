// `directory backup --out FILE` and `directory restore-backup FILE` on the test's driver: an imported directory backed
// up and restored into a new database holds the same rows and slugs, and the real server renders the same business
// page from it; bad files, a non-empty target and missing options are refused with their codes and change nothing.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, startDirectoryServer } from "../../app/testing/directory-server.ts";
import { openDatabase } from "../../db/client.ts";
import { findMigrationsFolder, runMigrations } from "../../db/migrate.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// Made-up businesses in two countries, with a closed one and an unapproved import run's worth of columns.
const ROWS: Array<[name: string, category: string, city: string, address: string, country: string, rating: string]> = [
  ["Backup Bakery", "Bakery", "Berlin", "Torstraße 1, 10119 Berlin, Germany", "DE", "4.5"],
  ["Backup Bistro", "Restaurant", "Berlin", "Oranienstraße 10, 10999 Berlin, Germany", "DE", "4.1"],
  ["Backup Brauhaus", "Bar", "München", "Marienplatz 1, 80331 München, Germany", "DE", "3.9"],
  ["Backup Café", "Cafe", "Wien", "Stephansplatz 1, 1010 Wien, Austria", "AT", "4.8"],
  ["Backup Konditorei", "Bakery", "Wien", "Graben 2, 1010 Wien, Austria", "AT", ""],
];

function buildCsv(): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = ["name,category,city,full_address,country_code,rating,reviews,phone,place_id"];
  ROWS.forEach(([name, category, city, address, country, rating], i) =>
    lines.push([name, category, city, address, country, rating, rating ? "12" : "", `+49 30 55500${i}`, `test-backup-${i}`].map(quote).join(",")),
  );
  return `${lines.join("\n")}\n`;
}

/** A new database that holds nothing at all (no migrations): a fresh data dir, or CREATE DATABASE on the server. */
async function createEmptyTarget(): Promise<{ env: CliEnv; cleanup(): Promise<void> }> {
  if (testDriver() === "pglite") {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "directory-restore-"));
    return {
      env: { DATA_DIR: path.join(parent, "data"), DATABASE_URL: undefined, MEILI_URL: undefined },
      cleanup: async () => fs.rmSync(parent, { recursive: true, force: true }),
    };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error("the postgres project needs DATABASE_URL");
  const name = `directory_restore_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), MEILI_URL: undefined },
    async cleanup() {
      const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}

/** One query on `env`'s database, opened without migrating it (an empty target must stay empty). */
async function queryUnmigrated<T extends object>(env: CliEnv, text: string): Promise<T[]> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR, migrate: false });
  try {
    return await handle.query<T>(text);
  } finally {
    await handle.close();
  }
}

/** Every table of the directory's schemas with its row count. */
async function countRows(env: CliEnv): Promise<Record<string, number>> {
  const tables = await queryUnmigrated<{ name: string }>(
    env,
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1`,
  );
  if (tables.length === 0) return {};
  const counts = await queryUnmigrated<{ name: string; n: number }>(
    env,
    tables.map((t) => `select '${t.name}' as name, count(*)::int as n from ${t.name}`).join(" union all ") + " order by 1",
  );
  return Object.fromEntries(counts.map((row) => [row.name, row.n]));
}

/** The business page as the real server renders it from `env`'s database. */
async function fetchBusinessPage(env: CliEnv, slug: string): Promise<string> {
  await ensureBuilt();
  const dataDir = env.DATABASE_URL ? fs.mkdtempSync(path.join(os.tmpdir(), "directory-backup-server-")) : (env.DATA_DIR as string);
  // NOTE: stop() removes the data dir: the server gets a copy (PGlite) so the database stays for the other tests.
  const serverDir = env.DATABASE_URL ? dataDir : fs.mkdtempSync(path.join(os.tmpdir(), "directory-backup-copy-"));
  if (!env.DATABASE_URL) fs.cpSync(dataDir, serverDir, { recursive: true });
  const server = await startDirectoryServer(serverDir, env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {});
  try {
    const response = await fetch(`${server.url}/business/${slug}`);
    expect(response.status).toBe(200);
    return await response.text();
  } finally {
    await server.stop();
  }
}

/** Per-server values (the free port in absolute URLs, CSP nonces, request ids) differ; the page itself must not. */
function withoutPerResponseValues(html: string): string {
  return html
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, "http://127.0.0.1:PORT")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>");
}

describe(`directory backup and restore-backup on ${testDriver()}`, () => {
  let source: { env: CliEnv; cleanup(): Promise<void> };
  let target: { env: CliEnv; cleanup(): Promise<void> };
  let dir: string;
  let backupFile: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-backup-"));
    backupFile = path.join(dir, "directory.backup");
    source = await createCliDatabaseEnv();
    target = await createEmptyTarget();
    const csv = path.join(dir, "businesses.csv");
    fs.writeFileSync(csv, buildCsv());
    const imported = await runDirectory(["import", csv, "--json"], { env: source.env, timeoutMs: 100_000 });
    expect(imported.code, imported.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await source?.cleanup();
    await target?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("backs up, restores into a new database, and the rows, slugs and a business page are the same", { timeout: 400_000 }, async () => {
    const backup = await runDirectory(["backup", "--out", backupFile, "--json"], { env: source.env, timeoutMs: 120_000 });
    expect(backup.code, backup.stderr).toBe(0);
    const written = JSON.parse(backup.stdout) as { kind: string; bytes: number; migrations: number; durationMs: number };
    expect(written.kind).toBe(testDriver() === "pglite" ? "pglite" : "pg_dump");
    expect(fs.statSync(backupFile).size).toBe(written.bytes);
    // No temporary file is left beside it.
    expect(fs.readdirSync(dir).sort()).toEqual(["businesses.csv", "directory.backup"]);

    const restore = await runDirectory(["restore-backup", backupFile, "--json"], { env: target.env, timeoutMs: 120_000 });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = JSON.parse(restore.stdout) as { migrations: number; migrationsInBackup: number; durationMs: number };
    expect(restored.migrations).toBe(written.migrations);
    process.stderr.write(`backup ${written.durationMs} ms (${written.bytes} bytes), restore ${restored.durationMs} ms on ${testDriver()}\n`);

    const counts = await countRows(source.env);
    expect(counts["public.businesses"]).toBe(ROWS.length);
    expect(await countRows(target.env)).toEqual(counts);
    const slugQuery = "select slug, city_slug, category_slug from businesses order by slug";
    const slugs = await queryCliDatabase<{ slug: string }>(source.env, slugQuery);
    expect(await queryCliDatabase(target.env, slugQuery)).toEqual(slugs);

    const stats = await runDirectory(["stats", "--json"], { env: target.env });
    expect(stats.code, stats.stderr).toBe(0);

    const slug = slugs[0]?.slug as string;
    const before = await fetchBusinessPage(source.env, slug);
    const after = await fetchBusinessPage(target.env, slug);
    expect(before).toContain("Backup");
    expect(withoutPerResponseValues(after)).toBe(withoutPerResponseValues(before));
  });

  it("refuses a restore into a database that holds data, and changes nothing there", { timeout: 120_000 }, async () => {
    const before = await countRows(target.env);
    const run = await runDirectory(["restore-backup", backupFile], { env: target.env, timeoutMs: 100_000 });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error RESTORE_TARGET_NOT_EMPTY: .*--force/m);
    expect(await countRows(target.env)).toEqual(before);
  });

  it("replaces what the target holds with --force", { timeout: 120_000 }, async () => {
    await queryCliDatabase(target.env, "delete from businesses where place_id = 'test-backup-0'");
    const run = await runDirectory(["restore-backup", backupFile, "--force"], { env: target.env, timeoutMs: 100_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(await countRows(target.env)).toEqual(await countRows(source.env));
  });

  it("refuses a missing, foreign, truncated or other driver's file, and the target stays empty", { timeout: 200_000 }, async () => {
    const empty = await createEmptyTarget();
    try {
      const text = path.join(dir, "not-a-backup.csv");
      fs.writeFileSync(text, buildCsv());
      const truncated = path.join(dir, "truncated.backup");
      const whole = fs.readFileSync(backupFile);
      fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const otherDriver = path.join(dir, "other-driver.backup");
      fs.writeFileSync(otherDriver, testDriver() === "pglite" ? "PGDMP\u0001\u000e\u0000" : Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
      const cases: Array<[string, RegExp]> = [
        [path.join(dir, "missing.backup"), /^error BACKUP_NOT_FOUND: /m],
        [dir, /^error BACKUP_NOT_FOUND: .* is not a file/m],
        [text, /^error BACKUP_FORMAT_UNKNOWN: /m],
        [truncated, /^error (BACKUP_UNREADABLE|RESTORE_FAILED): /m],
        [otherDriver, /^error BACKUP_WRONG_DRIVER: /m],
      ];
      for (const [file, expected] of cases) {
        const run = await runDirectory(["restore-backup", file], { env: empty.env, timeoutMs: 100_000 });
        expect(run.code, `${file}: ${run.stderr}`).toBe(1);
        expect(run.stderr, file).toMatch(expected);
      }
      if (testDriver() === "pglite") {
        // Nothing restored and no staging folder left behind.
        const dataDir = empty.env.DATA_DIR as string;
        expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []).toEqual([]);
      } else {
        expect(await countRows(empty.env)).toEqual({});
      }
    } finally {
      await empty.cleanup();
    }
  });

  it("answers usage errors with 64: no --out, no file, an existing --out without --force", { timeout: 120_000 }, async () => {
    const noOut = await runDirectory(["backup"], { env: source.env });
    expect(noOut.code).toBe(64);
    expect(noOut.stderr).toMatch(/^error OPTION_REQUIRED: .*--out/m);
    const noFile = await runDirectory(["restore-backup"], { env: source.env });
    expect(noFile.code).toBe(64);
    expect(noFile.stderr).toMatch(/^error MISSING_ARGUMENT: /m);
    const existing = path.join(dir, "existing.backup");
    fs.writeFileSync(existing, "keep me");
    const refused = await runDirectory(["backup", "--out", existing], { env: source.env });
    expect(refused.code).toBe(64);
    expect(refused.stderr).toMatch(/^error BACKUP_OUTPUT_EXISTS: .*--force/m);
    expect(fs.readFileSync(existing, "utf8")).toBe("keep me");
    const replaced = await runDirectory(["backup", "--out", existing, "--force"], { env: source.env, timeoutMs: 100_000 });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(fs.readFileSync(existing, "utf8")).not.toBe("keep me");
  });

  it("writes no file when the backup fails: an empty database is refused", { timeout: 120_000 }, async () => {
    const empty = await createEmptyTarget();
    try {
      const out = path.join(dir, "empty.backup");
      const run = await runDirectory(["backup", "--out", out], { env: empty.env, timeoutMs: 100_000 });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error BACKUP_SOURCE_EMPTY: /m);
      expect(fs.readdirSync(dir).filter((name) => name.includes("empty.backup"))).toEqual([]);
    } finally {
      await empty.cleanup();
    }
  });

  it("migrates a backup of an older version forward on restore", { timeout: 200_000 }, async () => {
    const older = await createEmptyTarget();
    const restored = await createEmptyTarget();
    const migrations = fs.mkdtempSync(path.join(os.tmpdir(), "directory-older-migrations-"));
    try {
      // The schema as the version before the newest migration left it: the journal without its last entry.
      fs.cpSync(findMigrationsFolder(), migrations, { recursive: true });
      const journalFile = path.join(migrations, "meta", "_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
      const latest = journal.entries.length;
      fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
      const handle = await openDatabase({
        databaseUrl: older.env.DATABASE_URL,
        dataDir: older.env.DATABASE_URL ? undefined : older.env.DATA_DIR,
        migrate: false,
      });
      try {
        await runMigrations(handle, migrations);
      } finally {
        await handle.close();
      }
      const out = path.join(dir, "older.backup");
      const backup = await runDirectory(["backup", "--out", out, "--json"], { env: older.env, timeoutMs: 100_000 });
      expect(backup.code, backup.stderr).toBe(0);
      expect((JSON.parse(backup.stdout) as { migrations: number }).migrations).toBe(latest - 1);
      const restore = await runDirectory(["restore-backup", out, "--json"], { env: restored.env, timeoutMs: 100_000 });
      expect(restore.code, restore.stderr).toBe(0);
      expect(JSON.parse(restore.stdout)).toMatchObject({ migrationsInBackup: latest - 1, migrations: latest });
      const stats = await runDirectory(["stats"], { env: restored.env });
      expect(stats.code, stats.stderr).toBe(0);
    } finally {
      fs.rmSync(migrations, { recursive: true, force: true });
      await older.cleanup();
      await restored.cleanup();
    }
  });

  it.runIf(testDriver() === "postgres")("leaves no half file when pg_dump fails part-way", { timeout: 120_000 }, async () => {
    // A pg_dump newer than any installed (so it is the one chosen) that writes part of a file and fails.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "directory-fake-pg-"));
    try {
      const fake = path.join(bin, "pg_dump");
      fs.writeFileSync(
        fake,
        `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "pg_dump (PostgreSQL) 99.0"; exit 0; fi\n` +
          `for a in "$@"; do case "$a" in --file=*) printf 'PGDMP half' > "\${a#--file=}";; esac; done\n` +
          `echo "pg_dump: error: connection lost" >&2; exit 1\n`,
        { mode: 0o755 },
      );
      const out = path.join(dir, "half.backup");
      const run = await runDirectory(["backup", "--out", out], {
        env: { ...source.env, PATH: `${bin}:${process.env.PATH ?? ""}` },
        timeoutMs: 100_000,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error BACKUP_FAILED: pg_dump 99\.0 failed: pg_dump: error: connection lost/m);
      expect(fs.readdirSync(dir).filter((name) => name.includes("half.backup"))).toEqual([]);
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});
