// `directory serve` as deployed: public pages from the page cache, a data change visible on the next request,
// and (PostgreSQL) two workers that survive one being killed and stop together on SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { findFreePort } from "../bench/bench-http.ts";
import { logInOverHttp } from "../../app/testing/admin-calls.ts";
import { ensureBuilt } from "../../app/testing/directory-server.ts";
import { PROJECT_ROOT } from "./start.ts";

const PASSWORD = "serve-test-password-1";
const onPostgres = testDriver() === "postgres";

let server: ChildProcess;
let base = "";
let database: TestDatabase | undefined;
let dataDir: string | undefined;

/** One request on its own connection (a killed worker's pooled socket would fail a pooled client). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer to ${pathname} in 10 s`)));
  });
}

async function statuses(pathname: string, times = 4): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < times; i += 1) answers.push((await get(pathname)).status);
  return answers;
}

/** The primary's worker processes (Linux: its children running the CLI, not tsx's esbuild service). */
function listWorkers(): number[] {
  const pid = server.pid as number;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return children.filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/cmdline`, "utf8").includes("directory.mjs");
    } catch {
      return false;
    }
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  await ensureBuilt();
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), ADMIN_USERNAME: "admin", ADMIN_PASSWORD: PASSWORD };
  delete env.MEILI_URL;
  delete env.WEB_CONCURRENCY;
  delete env.PAGE_CACHE_MB;
  if (onPostgres) {
    database = await createTestDatabase();
    env.DATABASE_URL = database.url;
  } else {
    delete env.DATABASE_URL;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-serve-"));
    env.DATA_DIR = dataDir;
  }
  const args = [path.join(PROJECT_ROOT, "ingest-cli/bin/directory.mjs"), "serve", "--host", "127.0.0.1", ...(onPostgres ? ["--workers", "2"] : [])];
  server = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => (log = `${log}${chunk}`.slice(-4000)));
  await waitFor(async () => {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}: ${log}`);
    return (await get("/healthz").catch(() => ({ status: 0 }))).status === 200;
  }, 110_000);
}, 240_000);

afterAll(async () => {
  if (server?.exitCode === null) {
    server.kill("SIGKILL");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("directory serve with the page cache", () => {
  it("answers repeated anonymous page views from the cache, with a fresh CSP nonce per answer that the page's scripts carry", async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await get("/categories"));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.some((answer) => answer.headers["x-page-cache"] === "hit")).toBe(true);
    const nonces = answers.map((answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"] ?? ""))?.[1]);
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const [index, answer] of answers.entries()) {
      const inBody = new Set([...answer.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...inBody]).toEqual([nonces[index]]);
    }
  });

  it("never answers a request with the admin session cookie from the cache", async () => {
    const answer = await get("/categories", { Cookie: "directory_admin=not-a-session" });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-page-cache"]).toBeUndefined();
  });

  // NOTE: exact on one process only: with several workers, the dashboard flushes only its own worker's buffer.
  it.runIf(!onPostgres)("counts a page answered from the cache as a page view, and still not a prefetch", async () => {
    const { cookie } = await logInOverHttp(base, { username: "admin", password: PASSWORD });
    const readViews = async () =>
      (
        (await (await fetch(`${base}/admin/dashboard?_data=routes/admin.dashboard`, { headers: { Cookie: cookie } })).json()) as {
          visitors: { today: { pageViews: number } };
        }
      ).visitors.today.pageViews;
    const visitor = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36" };
    await get("/countries", visitor);
    const before = await readViews();
    const hits = [await get("/countries", visitor), await get("/countries", visitor), await get("/countries?_data=routes/countries._index", visitor)];
    expect(hits.map((answer) => answer.headers["x-page-cache"])).toEqual(["hit", "hit", "miss"]);
    await get("/countries", { ...visitor, "Sec-Purpose": "prefetch" });
    await get("/api/countries", visitor);
    await get("/api/countries", visitor);
    expect(await readViews()).toBe(before + 3);
  });

  it("shows an admin's approval change on the very next anonymous request (every worker)", async () => {
    const listing = JSON.parse((await get("/api/businesses?limit=1")).body) as { businesses: Array<{ id: number; slug: string }> };
    const business = listing.businesses[0] as { id: number; slug: string };
    expect(await statuses(`/business/${business.slug}`)).toEqual([200, 200, 200, 200]);

    const { cookie, csrfToken } = await logInOverHttp(base, { username: "admin", password: PASSWORD });
    const shell = { csrfToken };
    const toggle = (headers: Record<string, string>) =>
      fetch(`${base}/api/admin/businesses/${business.id}/toggle-approval`, { method: "POST", headers });
    const admin = { Cookie: cookie, Origin: base, "X-CSRF-Token": shell.csrfToken };
    expect((await toggle(admin)).status).toBe(200);
    expect(await statuses(`/business/${business.slug}`)).toEqual([404, 404, 404, 404]);
    expect((await toggle(admin)).status).toBe(200);
    expect(await statuses(`/business/${business.slug}`)).toEqual([200, 200, 200, 200]);
  });
});

describe.runIf(onPostgres)("directory serve on PostgreSQL: another process's change and two workers", () => {
  it("drops cached pages when another process refreshes the counts (an import)", async () => {
    const db = database as TestDatabase;
    const [row] = await db.query<{ id: number; slug: string }>("select id, slug from businesses where is_approved order by id limit 1");
    const target = row as { id: number; slug: string };
    expect(await statuses(`/business/${target.slug}`)).toEqual([200, 200, 200, 200]);
    await db.query("update businesses set is_approved = false where id = $1", [target.id]);
    await refreshAggregates(db);
    // The stamp is re-read at most once a second per worker: poll until every worker answers from the new data,
    // seeing only the cached page or the 404 on the way, and then only the 404.
    const seen = new Set<number>();
    await waitFor(async () => {
      const answers = await statuses(`/business/${target.slug}`);
      for (const status of answers) seen.add(status);
      return answers.every((status) => status === 404);
    }, 15_000);
    expect([...seen].filter((status) => status !== 200 && status !== 404)).toEqual([]);
    expect(await statuses(`/business/${target.slug}`)).toEqual([404, 404, 404, 404]);
    await db.query("update businesses set is_approved = true where id = $1", [target.id]);
    await refreshAggregates(db);
  });

  it("keeps answering when a worker is killed, and starts a new one", async () => {
    await waitFor(() => listWorkers().length === 2, 30_000);
    const [victim, survivor] = listWorkers() as [number, number];
    process.kill(victim, "SIGKILL");
    // NOTE: a connection the primary hands to the worker at the instant it dies is lost (the client's retry is
    // what a browser does); every later one is answered by the survivor.
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        await get("/").then(
          (answer) => answer.status,
          () => get("/").then((answer) => answer.status),
        ),
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    await waitFor(() => {
      const now = listWorkers();
      return now.length === 2 && !now.includes(victim) && now.includes(survivor);
    }, 60_000);
    await waitFor(async () => (await get("/healthz")).status === 200, 60_000);
  }, 120_000);

  it("stops the workers and itself on SIGTERM, saving the page views it still held", async () => {
    const db = database as TestDatabase;
    const viewsSoFar = async () =>
      Number((await db.query<{ n: number }>("select coalesce(sum(page_views), 0)::int as n from daily_visits"))[0]?.n ?? 0);
    const before = await viewsSoFar();
    // Buffered for up to 15 s in the workers: only a flush at shutdown can have written them when the server exits.
    for (let i = 0; i < 3; i += 1) expect((await get("/about-nothing-404")).status).toBe(404);
    for (let i = 0; i < 3; i += 1) expect((await get("/countries")).status).toBe(200);
    const workers = listWorkers();
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    const stoppedAt = Date.now();
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    // At least: views of earlier tests may still have been buffered too.
    expect(await viewsSoFar()).toBeGreaterThanOrEqual(before + 3);
  }, 30_000);
});
