import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { eq } from "drizzle-orm";
import { DatabaseLockedError, openDatabase, TRIGRAM_SIMILARITY_THRESHOLD, useWebSessions } from "./client.ts";
import { businesses } from "./schema/index.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "./testing/test-database.ts";

describe(`database on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("runs on the driver this project names", () => {
    expect(handle.driver).toBe(testDriver());
  });

  it("has the extensions and the immutable unaccent wrapper", async () => {
    const rows = await handle.query<{ value: string; similarity: number }>(
      "select directory_unaccent('İstanbul Café Straße') as value, similarity('restaurant', 'restuarant')::float8 as similarity",
    );
    expect(rows[0]?.value).toBe("Istanbul Cafe Strasse");
    expect(rows[0]?.similarity).toBeGreaterThan(0.3);
  });

  it("stores a business and fills the weighted search vector", async () => {
    const [row] = await handle.db
      .insert(businesses)
      .values({
        name: "Café Zürich",
        slug: "cafe-zurich-zurich",
        category: "Coffee shop",
        city: "Zürich",
        identityKey: "pid:test-1",
        contentHash: "h1",
        placeId: "test-1",
      })
      .returning({ id: businesses.id });
    expect(row?.id).toBeTypeOf("number");
    const found = await handle.query<{ id: number }>(
      "select id::int as id from businesses where search_vector @@ to_tsquery('simple', directory_unaccent('zurich'))",
    );
    expect(found.map((r) => r.id)).toEqual([row?.id]);
    const [stored] = await handle.db.select().from(businesses).where(eq(businesses.id, row!.id));
    expect(stored?.name).toBe("Café Zürich");
    expect(stored?.isApproved).toBe(true);
    expect(stored?.status).toBe("operational");
  });

  it("refuses a second business with the same place_id or slug", async () => {
    await expect(
      handle.db.insert(businesses).values({ name: "Other", slug: "other", identityKey: "pid:test-1b", contentHash: "h", placeId: "test-1" }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(businesses).values({ name: "Other", slug: "cafe-zurich-zurich", identityKey: "pid:test-2", contentHash: "h" }),
    ).rejects.toThrow();
  });

  it("gives every connection the trigram threshold search relies on and ISO dates", async () => {
    // Several at once, so a pool opens more than one connection.
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        handle.query<{ threshold: string; style: string }>(
          "select current_setting('pg_trgm.similarity_threshold') as threshold, current_setting('DateStyle') as style, pg_sleep(0.05)",
        ),
      ),
    );
    for (const [row] of rows) {
      expect(row?.threshold).toBe(TRIGRAM_SIMILARITY_THRESHOLD);
      expect(row?.style).toMatch(/^ISO/);
    }
    // similarity 0.36 (passes the default 0.3) and 0.4.
    const matched = await handle.query<{ w: string }>("select w from (values ('saolxyzw'), ('saolxyz')) v(w) where w % 'saoln'");
    expect(matched.map((row) => row.w)).toEqual(["saolxyz"]);
  });

  it.runIf(testDriver() === "postgres")(
    "plans no parallel workers and no JIT in a web server's sessions, and the defaults in a command's",
    async () => {
      const workersOf = async () => {
        const opened = await openDatabase({ databaseUrl: handle.connectionUrl, migrate: false });
        try {
          const [row] = await opened.query<{ workers: string; jit: string }>(
            "select current_setting('max_parallel_workers_per_gather') as workers, current_setting('jit') as jit",
          );
          return row;
        } finally {
          await opened.close();
        }
      };
      const [server] = await handle.query<{ workers: string; jit: string }>(
        "select (select boot_val from pg_settings where name = 'max_parallel_workers_per_gather') as workers, current_setting('jit') as jit",
      );
      expect(await workersOf()).toEqual(server);
      useWebSessions();
      onTestFinished(() => useWebSessions(false));
      expect(await workersOf()).toEqual({ workers: "0", jit: "off" });
    },
  );

  it("re-running the migrations is a no-op", async () => {
    const { runMigrations } = await import("./migrate.ts");
    await runMigrations(handle);
    const rows = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
    expect(rows[0]?.n).toBe(1);
  });
});

describe(`migrations on a database holding data, on ${testDriver()}`, () => {
  it("vacuum the business table when they change it, so its index-only scans read no heap (its visibility map is set)", async () => {
    const handle = await createTestDatabase();
    onTestFinished(() => handle.close());
    const { findMigrationsFolder, runMigrations } = await import("./migrate.ts");
    await handle.query(
      "insert into businesses (name, slug, identity_key, content_hash) select 'Shop ' || i, 'shop-' || i, 'vm:' || i, 'h' from generate_series(1, 2000) as i",
    );
    const visibility = async () =>
      (
        await handle.query<{ pages: number; visible: number }>(
          "select (pg_relation_size('businesses') / current_setting('block_size')::int)::int as pages, relallvisible::int as visible from pg_class where oid = 'businesses'::regclass",
        )
      )[0];
    expect((await visibility())?.visible).toBe(0);
    // This version's migrations and one more that changes nothing: the database gets a migration it did not have.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "directory-migrations-"));
    onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
    fs.cpSync(findMigrationsFolder(), folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; when: number; tag: string }> };
    const last = journal.entries[journal.entries.length - 1] as { idx: number; when: number };
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_test_noop" });
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    fs.writeFileSync(path.join(folder, "9999_test_noop.sql"), "comment on table businesses is 'test';");
    await runMigrations(handle, folder);
    const after = await visibility();
    expect(after?.pages).toBeGreaterThan(0);
    expect(after?.visible).toBe(after?.pages);
  });
});

describe.runIf(testDriver() === "pglite")("embedded data dir lock", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-lock-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second opener in the same process with a clear error, and the data survives", async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(businesses).values({ name: "Kept", slug: "kept", identityKey: "pid:kept", contentHash: "h" });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/DATA_DIR_LOCKED|already open by another process/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    const rows = await again.query<{ name: string }>("select name from businesses");
    expect(rows.map((r) => r.name)).toEqual(["Kept"]);
    await again.close();
  });

  it("refuses a second process with DATA_DIR_LOCKED while the first holds the dir", async () => {
    const holder = await openDatabase({ dataDir: dir });
    try {
      const script = `
        import { openDatabase } from ${JSON.stringify(path.resolve("db/client.ts"))};
        try { await openDatabase({ dataDir: ${JSON.stringify(dir)} }); console.log("OPENED"); process.exit(0); }
        catch (e) { console.log(e.code + " " + e.message); process.exit(3); }
      `;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (out += chunk));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code).toBe(3);
      expect(out).toContain("DATA_DIR_LOCKED");
      expect(out).toContain(`pid ${process.pid}`);
      const rows = await holder.query<{ name: string }>("select name from businesses");
      expect(rows.map((r) => r.name)).toEqual(["Kept"]);
    } finally {
      await holder.close();
    }
  });

  it("takes over a lock left by a dead process", async () => {
    fs.writeFileSync(path.join(dir, "directory.lock"), JSON.stringify({ pid: 2 ** 22 + 12345, hostname: os.hostname(), startedAt: "then" }));
    const handle = await openDatabase({ dataDir: dir });
    const rows = await handle.query<{ name: string }>("select name from businesses");
    expect(rows).toHaveLength(1);
    await handle.close();
  });

  it("takes over a lock naming a live pid that is another program, or a pid of another boot", async () => {
    // pid 1 is alive but is not a directory process: an old-style lock (no boot id) and one from another boot.
    for (const lock of [
      { pid: 1, hostname: os.hostname(), startedAt: "before the reboot" },
      { pid: 1, hostname: os.hostname(), startedAt: "before the reboot", bootId: "another-boot", pidStartTicks: "1" },
      {
        pid: process.pid,
        hostname: os.hostname(),
        startedAt: "a reused pid",
        bootId: fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
        pidStartTicks: "1",
      },
    ]) {
      fs.writeFileSync(path.join(dir, "directory.lock"), JSON.stringify(lock));
      const handle = await openDatabase({ dataDir: dir });
      expect(await handle.query("select 1 as one")).toEqual([{ one: 1 }]);
      await handle.close();
    }
  });

  it("refuses a lock another host keeps fresh, says how to clear it, and takes it once that host has gone quiet", async () => {
    const lockPath = path.join(dir, "directory.lock");
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 4242, hostname: "another-host", startedAt: "now" }));
    const refused = await openDatabase({ dataDir: dir }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(DatabaseLockedError);
    expect((refused as Error).message).toContain("on another-host");
    expect((refused as Error).message).toContain(`delete ${lockPath}`);
    const quiet = new Date(Date.now() - 5 * 60_000);
    fs.utimesSync(lockPath, quiet, quiet);
    const handle = await openDatabase({ dataDir: dir });
    await handle.close();
  });

  it("keeps the data dir private: the folder 0700 and no file readable or writable by others, whatever the umask", async () => {
    const privateDir = path.join(dir, "private");
    const previous = process.umask(0);
    try {
      const handle = await openDatabase({ dataDir: privateDir });
      await handle.query("create table if not exists t (x int)");
      await handle.close();
    } finally {
      process.umask(previous);
    }
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
    const open: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (fs.statSync(full).mode & 0o077) open.push(full);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(privateDir);
    expect(open).toEqual([]);
  });

  it("names the lock error type", () => {
    expect(new DatabaseLockedError("/x", { pid: 1, hostname: "h", startedAt: "t" }).code).toBe("DATA_DIR_LOCKED");
  });
});

describe.runIf(testDriver() === "pglite")("embedded PostgreSQL's trigram operators", () => {
  // NOTE: with btree_gin's library loaded beside pg_trgm, PGlite 0.5.16 trapped in % and <-> in one instance in six
  // or more (three in four when pg_trgm loaded first): the query answered no rows, and a later one spun forever. Each
  // fresh instance links its libraries anew; twenty instances showed the trap in about half the runs, so the test
  // also checks that btree_gin stays unavailable.
  it("answers % and <-> in every fresh instance after writes have touched every index", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-trgm-"));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir: dir });
    const available = await first.query<{ name: string }>("select name from pg_available_extensions where name = 'btree_gin'");
    await first.close();
    expect(available, "btree_gin must stay out of PGlite's extensions (db/client.ts)").toEqual([]);
    for (let instance = 0; instance < 20; instance++) {
      const db = await openDatabase({ dataDir: dir });
      try {
        // The trigram library first and every index's after it: the order that trapped most often.
        await db.query("select similarity('a', 'b')");
        await db.db.insert(businesses).values({
          name: "Script Alert Bakery",
          slug: `script-alert-${instance}`,
          category: "Bakery",
          city: "Berlin",
          countryCode: "DE",
          citySlug: "berlin",
          identityKey: `pid:trgm-${instance}`,
          contentHash: "h",
          placeId: `trgm-${instance}`,
        });
        await db.query("select count(*) from businesses where search_vector @@ to_tsquery('simple', 'bakery') and country_code = 'DE'");
        const rows = await db.query<{ near: boolean; far: boolean; distance: number }>(
          "select 'restaurant' % 'restuarant' as near, 'script' % 'alert' as far, ('script' <-> 'alert')::float8 as distance",
        );
        expect(rows, `instance ${instance}`).toEqual([{ near: true, far: false, distance: 1 }]);
      } finally {
        await db.close();
      }
    }
  });
});
