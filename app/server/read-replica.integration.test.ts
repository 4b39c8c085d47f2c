// The built server with DATABASE_READ_URL on a real streaming replica (pg_basebackup -R of a private cluster) → public
// pages read from the replica (its statement log shows them), an admin's change is visible to the admin at once while
// the replica lags, and a stopped replica leaves the site up on the primary until it is back and read from again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivatePostgres, type PrivatePostgres } from "../../db/testing/private-postgres.ts";
import { startStreamingReplica, type StreamingReplica } from "../../db/testing/streaming-replica.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { logInOverHttp } from "../testing/admin-calls.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../testing/directory-server.ts";

const ADMIN = { username: "replica-admin", password: "replica-admin-password-1" };
/** The read pool's application_name, the prefix of its statements in the replica's log. */
const READ_POOL = "business-directory-read:directory";
/** Reads stay on the primary this long after a write answered by the server (db/replica.ts AFTER_WRITE_MS), plus margin. */
const AFTER_WRITE_WAIT_MS = 11_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The read pool's statements in a slice of the replica's log, minus its health checks and a new connection's type look-up. */
function readPoolStatements(log: string): string[] {
  return log
    .split("\n")
    .filter((line) => line.startsWith(`${READ_POOL} LOG:`) && !line.includes("pg_is_in_recovery") && !line.includes("pg_catalog.pg_type"));
}

/** Whether a statement of the read pool was sent `value` as one of its parameters. */
function readPoolSent(log: string, value: string): boolean {
  return log.split("\n").some((line) => line.startsWith(`${READ_POOL} DETAIL:  parameters:`) && line.includes(`= '${value}'`));
}

// NOTE: PostgreSQL only: PGlite has no replicas (DATABASE_READ_URL without DATABASE_URL is refused at start).
describe.runIf(testDriver() === "postgres")("public reads on a streaming replica (DATABASE_READ_URL)", () => {
  let primary: PrivatePostgres | null = null;
  let replica: StreamingReplica | null = null;
  let server: DirectoryServer | undefined;
  let sql: postgres.Sql | undefined;
  let business: { id: number; slug: string; name: string };
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    primary = await startPrivatePostgres();
    if (!primary) {
      if (process.env.CI) throw new Error("CI needs the PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) for the replica test");
      console.warn("Read replica test SKIPPED: no PostgreSQL server binaries installed.");
      return;
    }
    const setup = postgres(primary.url, { max: 1, onnotice: () => {} });
    await setup.unsafe("create database directory");
    await setup.end();
    const primaryUrl = primary.url.replace(/\/postgres$/, "/directory");
    const started = performance.now();
    replica = await startStreamingReplica(primary.url);
    figures.replicaStartMs = Math.round(performance.now() - started);
    if (!replica) throw new Error("server binaries found for the primary but not for the replica");
    await ensureBuilt();
    server = await startDirectoryServer(fs.mkdtempSync(path.join(os.tmpdir(), "directory-replica-app-")), {
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: replica.urlOf("directory"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_CONCURRENCY: "1",
      // Every request renders (and reads): a cache hit would read nothing.
      PAGE_CACHE_MB: "0",
    });
    sql = postgres(primaryUrl, { max: 1, onnotice: () => {} });
    const [row] = await sql<Array<{ id: number; slug: string; name: string }>>`
      select id::int as id, slug, name from businesses where is_approved and status = 'operational' order by id limit 1`;
    if (!row) throw new Error("the demo seed left no business");
    business = row;
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    replica?.stop();
    primary?.stop();
    if (Object.keys(figures).length > 0) console.log(`read replica figures: ${JSON.stringify(figures)}`);
  });

  async function readiness(): Promise<{ status: string; replica: { state: string; lagSeconds?: number | null } }> {
    const response = await fetch(`${server?.url}/readyz`);
    return (await response.json()) as { status: string; replica: { state: string; lagSeconds?: number | null } };
  }

  /** Polls /readyz (answers are reused for a second) until the replica is in `state`. */
  async function waitForReplica(state: string, withinMs = 30_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const answer = await readiness();
      if (answer.replica?.state === state) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`replica still ${JSON.stringify(answer.replica)} after ${withinMs} ms, wanted ${state}`);
      await sleep(250);
    }
  }

  async function getPage(pathname: string, cookie?: string): Promise<{ status: string; body: string; code: number }> {
    const response = await fetch(`${server?.url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, signal: AbortSignal.timeout(20_000) });
    return { code: response.status, status: String(response.status), body: await response.text() };
  }

  it("serves a public business page, search and suggest from the replica", { timeout: 120_000 }, async () => {
    if (!replica || !server) return;
    expect(await waitForReplica("ok")).toBeLessThan(30_000);
    const mark = replica.logSize();
    const page = await getPage(`/business/${business.slug}`);
    expect(page.code).toBe(200);
    expect(page.body).toContain(business.name);
    const word = business.name.split(/\s+/)[0] ?? business.name;
    expect((await getPage(`/api/search?q=${encodeURIComponent(word)}`)).code).toBe(200);
    expect((await getPage(`/api/suggest?q=${encodeURIComponent(word.slice(0, 3))}`)).code).toBe(200);
    await sleep(200);
    const log = replica.logSince(mark);
    // The business page's slug look-up ran on the replica, from the read pool, with this slug as its parameter.
    expect(readPoolSent(log, business.slug)).toBe(true);
    expect(readPoolStatements(log).length).toBeGreaterThan(3);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/directory_db_replica_reads_total\{target="replica"\} [1-9]/);
    expect(metrics).toMatch(/directory_db_replica_usable 1/);
  });

  it(
    "keeps the public site up on the primary while the replica is stopped, and reads from it again once it is back",
    { timeout: 120_000 },
    async () => {
      if (!replica || !server) return;
      await waitForReplica("ok");
      const before = replica.logSize();
      expect((await getPage(`/business/${business.slug}`)).code).toBe(200);
      expect(readPoolSent(replica.logSince(before), business.slug)).toBe(true);
      replica.pause();
      try {
        // The first request still picks the replica (its last check, under 2 s ago, said ok): its loader fails there and
        // runs again on the primary, and the replica is skipped until a check finds it again.
        for (const pathname of [
          `/business/${business.slug}`,
          "/categories",
          "/api/homepage-data",
          `/api/businesses/${business.slug}`,
          "/sitemap.xml",
        ]) {
          const page = await getPage(pathname);
          expect(page.code, `${pathname}: ${page.body.slice(0, 200)}`).toBe(200);
        }
        expect((await getPage(`/business/${business.slug}`)).body).toContain(business.name);
        await waitForReplica("unreachable", 10_000);
        const ready = await readiness();
        expect(ready.status).toBe("degraded");
        // The change of state is logged once, for the operator.
        expect(server.output().stdout).toMatch(/"event":"read_replica","state":"unreachable"/);
      } finally {
        const restarted = performance.now();
        replica.start();
        figures.replicaRestartMs = Math.round(performance.now() - restarted);
      }
      figures.replicaBackInReadyzMs = await waitForReplica("ok");
      const mark = replica.logSize();
      expect((await getPage(`/business/${business.slug}`)).code).toBe(200);
      await sleep(200);
      expect(readPoolSent(replica.logSince(mark), business.slug)).toBe(true);
      expect(server.output().stdout).toMatch(/"event":"read_replica","state":"ok"/);
    },
  );

  it(
    "shows an admin's change to that admin at once while the replica lags; the public follows once it catches up",
    { timeout: 120_000 },
    async () => {
      if (!replica || !server || !sql) return;
      const session = await logInOverHttp(server.url, ADMIN);
      const control = postgres(replica.urlOf("directory"), { max: 1, onnotice: () => {} });
      try {
        await control`select pg_wal_replay_pause()`;
        // Nothing waits to be replayed yet: the replica passes its check and would be read from but for the write below.
        await waitForReplica("ok");
        const toggled = await fetch(`${server.url}/api/admin/businesses/${business.id}/toggle-approval`, {
          method: "POST",
          headers: { Cookie: session.cookie, Origin: server.url, "X-CSRF-Token": session.csrfToken },
        });
        expect(toggled.status, await toggled.clone().text()).toBe(200);
        const mark = replica.logSize();
        // The admin's next read (the admin list, filtered to this business) shows the change at once...
        const list = await fetch(`${server.url}/api/admin/businesses?filter=${encodeURIComponent(business.name)}`, {
          headers: { Cookie: session.cookie },
        });
        expect(list.status).toBe(200);
        const rows = ((await list.json()) as { businesses: Array<{ id: number; isApproved: boolean }> }).businesses;
        expect(rows.find((row) => row.id === business.id)?.isApproved).toBe(false);
        // ...and so does the public page the admin opens (the session cookie keeps the admin's reads on the primary).
        expect((await getPage(`/business/${business.slug}`, session.cookie)).code).toBe(404);
        // The replica has not replayed it: it still lists the business as approved, and the admin's reads never reached it.
        const [stale] = await control<Array<{ approved: boolean }>>`select is_approved as approved from businesses where id = ${business.id}`;
        expect(stale?.approved).toBe(true);
        expect(readPoolStatements(replica.logSince(mark))).toEqual([]);
        // A visitor right after the write is answered from the primary too (reads stay there after a write), and once the
        // replica's lag passes the bound, /readyz says so and visitors keep reading from the primary.
        expect((await getPage(`/business/${business.slug}`)).code).toBe(404);
        figures.laggingInReadyzMs = await waitForReplica("lagging");
        expect((await getPage(`/business/${business.slug}`)).code).toBe(404);
        await sleep(AFTER_WRITE_WAIT_MS);
        expect((await getPage(`/business/${business.slug}`)).code).toBe(404);
      } finally {
        await control`select pg_wal_replay_resume()`;
        await control.end();
      }
      figures.caughtUpInReadyzMs = await waitForReplica("ok");
      const mark = replica.logSize();
      expect((await getPage(`/business/${business.slug}`)).code).toBe(404);
      await sleep(200);
      expect(readPoolSent(replica.logSince(mark), business.slug)).toBe(true);
    },
  );
});
