// The real server (`directory serve`; two workers on PostgreSQL) under concurrent requests → one JSON log line per
// request with its fields and no secrets or raw addresses, X-Request-Id echoed and shown on error pages and in JSON
// errors, /metrics summed over the workers and refused without the token, /readyz and /healthz; and the CLI's import
// batch line on stderr with LOG_LEVEL=info, its --json stdout unchanged.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { findFreePort } from "../../ingest-cli/bench/bench-http.ts";
import { createCliDatabaseEnv, runDirectory } from "../../ingest-cli/testing/run-cli.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../testing/directory-server.ts";

const TOKEN = "metrics-token-for-the-observability-test-0123456789";
const SECRET_COOKIE = "directory_session=cookie-value-that-must-stay-out-of-logs";
const SECRET_PASSWORD = "password-that-must-stay-out-of-logs";
const SECRET_CSRF = "csrf-token-that-must-stay-out-of-logs";
const FORGED_ADDRESS = "203.0.113.77";
const WORKERS = testDriver() === "postgres" ? 2 : 1;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection (no keep-alive), so the cluster spreads them over the workers. */
function request(base: string, target: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { hostname, port, path: target, method: options.method ?? "GET", headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

/** The value of one sample line (`name{labels} value`) summed over the lines that match, 0 when none. */
function sample(metrics: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of metrics.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
    total += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

type LogLine = Record<string, unknown>;

function logLines(server: DirectoryServer): LogLine[] {
  return server
    .output()
    .stdout.split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LogLine);
}

/** Waits until every id has its line (stdout is written asynchronously), then returns the lines. */
async function waitForLines(server: DirectoryServer, ids: string[]): Promise<LogLine[]> {
  for (let waited = 0; ; waited += 100) {
    const lines = logLines(server);
    const seen = new Set(lines.map((line) => line.requestId));
    if (ids.every((id) => seen.has(id)) || waited > 10_000) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`logs, metrics and health of the real server on ${testDriver()} (${WORKERS} worker(s))`, () => {
  let server: DirectoryServer;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    await ensureBuilt();
    if (testDriver() === "postgres") database = await createTestDatabase();
    server = await startDirectoryServer(fs.mkdtempSync(path.join(os.tmpdir(), "directory-observe-")), {
      METRICS_TOKEN: TOKEN,
      // A port nothing listens on: Meilisearch configured but down, so search answers from PostgreSQL ("degraded").
      MEILI_URL: `http://127.0.0.1:${await findFreePort()}`,
      LOG_LEVEL: "info",
      // The cache-generation poll reads the database on its own; once a minute keeps it out of the /healthz count.
      CACHE_GENERATION_POLL_MS: "60000",
      ...(database?.url ? { DATABASE_URL: database.url, WEB_CONCURRENCY: String(WORKERS) } : {}),
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it("writes one JSON line per request with its fields, and no cookie, password, token or client address", { timeout: 60_000 }, async () => {
    const targets = [
      "/",
      "/categories",
      "/categories",
      "/categories",
      "/api/search?q=bakery",
      "/search?q=cafe",
      "/no-such-page",
      "/api/no-such-endpoint",
      "/favicon.svg",
    ];
    const sent = targets.map((target, index) => ({ target, id: `test-${index}-${Date.now().toString(36)}-abcdef` }));
    const answers = await Promise.all(
      sent.map(({ target, id }) =>
        request(server.url, target, {
          headers: {
            "X-Request-Id": id,
            Cookie: SECRET_COOKIE,
            Authorization: `Basic ${Buffer.from(`admin:${SECRET_PASSWORD}`).toString("base64")}`,
            "X-CSRF-Token": SECRET_CSRF,
            "X-Forwarded-For": FORGED_ADDRESS,
          },
        }),
      ),
    );
    const login = await request(server.url, "/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "login-request-0001", Origin: server.url },
      body: JSON.stringify({ username: "nobody", password: SECRET_PASSWORD }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    answers.forEach((answer, index) => expect(answer.headers["x-request-id"], sent[index]?.target).toBe(sent[index]?.id));

    const ids = [...sent.map(({ id }) => id), "login-request-0001"];
    const lines = await waitForLines(server, ids);
    for (const { target, id } of sent) {
      const mine = lines.filter((line) => line.requestId === id);
      expect(mine, target).toHaveLength(1);
      expect(mine[0], target).toMatchObject({
        level: 30,
        method: "GET",
        route: target.split("?")[0],
        kind: expect.stringMatching(/^(page|api|asset)$/),
        status: expect.any(Number),
        durationMs: expect.any(Number),
        cache: expect.stringMatching(/^(hit|miss|bypass|none)$/),
        client: expect.stringMatching(/^[\w-]{12}$/),
      });
      expect(Object.keys(mine[0] ?? {}), target).toEqual(expect.arrayContaining(["engine", "searchCache", "pid", "time", "msg"]));
    }
    const byTarget = (target: string) => lines.filter((line) => sent.some((s) => s.target === target && s.id === line.requestId));
    expect(byTarget("/api/search?q=bakery")[0]).toMatchObject({ kind: "api", engine: "postgres-fallback", searchCache: "miss" });
    expect(byTarget("/no-such-page")[0]).toMatchObject({ status: 404, kind: "page" });
    expect(byTarget("/favicon.svg")[0]).toMatchObject({ status: 200, kind: "asset" });
    expect(lines.find((line) => line.requestId === "login-request-0001")).toMatchObject({ method: "POST", kind: "admin" });

    const stdout = server.output().stdout;
    for (const secret of [
      SECRET_COOKIE,
      "cookie-value-that-must-stay-out-of-logs",
      SECRET_PASSWORD,
      SECRET_CSRF,
      FORGED_ADDRESS,
      "127.0.0.1",
      "::1",
      "Basic ",
    ]) {
      expect(stdout, secret).not.toContain(secret);
    }
  });

  it("keeps a proxy's well-formed X-Request-Id, replaces a malformed one, and shows it on error pages and in JSON errors", async () => {
    const kept = await request(server.url, "/no-such-page", { headers: { "X-Request-Id": "proxy-id-0123456789", Accept: "text/html" } });
    expect(kept.status).toBe(404);
    expect(kept.headers["x-request-id"]).toBe("proxy-id-0123456789");
    expect(kept.body).toContain(`<code id="request-id">proxy-id-0123456789</code>`);

    const replaced = await request(server.url, "/api/no-such-endpoint", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(replaced.status).toBe(404);
    const id = String(replaced.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(replaced.body)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String), requestId: id } });

    // A refusal before Remix (405) and a 200 page: the first names its id, the second shows none.
    const refused = await request(server.url, "/api/categories", { method: "PUT" });
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED", requestId: refused.headers["x-request-id"] } });
    const fine = await request(server.url, "/categories");
    expect(fine.body).not.toContain("Request ID");
    // The probes' no-store is theirs alone: a public page keeps its own, single Cache-Control.
    expect(fine.headers["cache-control"]).toMatch(/^public, [^,]*max-age=\d+/);
  });

  it("serves /metrics to loopback, summed over every worker, with counts that moved", { timeout: 60_000 }, async () => {
    const scrape = async () => {
      const answer = await request(server.url, "/metrics");
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toContain("text/plain");
      return answer.body;
    };
    const before = await scrape();
    for (const name of [
      "directory_http_request_duration_seconds",
      "directory_http_errors_total",
      "directory_page_cache_requests_total",
      "directory_search_answers_total",
      "directory_search_fallback",
      "directory_db_query_duration_seconds",
      "directory_db_queries_in_flight",
      "directory_db_pool_max",
      "directory_import_rows_total",
      "directory_import_rows_per_second",
      "directory_admission_in_flight",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(before, name).toContain(`# TYPE ${name} `);
    }
    const assets = 40;
    const answers = await Promise.all(Array.from({ length: assets }, () => request(server.url, "/favicon.svg")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await Promise.all([request(server.url, "/api/search?q=observe-metrics"), request(server.url, "/categories"), request(server.url, "/categories")]);

    const after = await scrape();
    const assetCount = (text: string) => sample(text, "directory_http_request_duration_seconds_count", { kind: "asset" });
    expect(assetCount(after) - assetCount(before)).toBe(assets);
    // Every scrape (whichever worker answers it) sees the same, whole-host count.
    const again = await scrape();
    expect(assetCount(again)).toBe(assetCount(after));
    if (WORKERS > 1) {
      const servedBy = new Set(
        logLines(server)
          .filter((line) => line.route === "/favicon.svg")
          .map((line) => line.pid),
      );
      expect(servedBy.size).toBe(WORKERS);
    }
    expect(sample(after, "directory_search_answers_total", { engine: "postgres-fallback" })).toBeGreaterThan(
      sample(before, "directory_search_answers_total", { engine: "postgres-fallback" }),
    );
    expect(sample(after, "directory_search_fallback")).toBe(1);
    expect(sample(after, "directory_db_query_duration_seconds_count")).toBeGreaterThan(sample(before, "directory_db_query_duration_seconds_count"));
    expect(sample(after, "directory_page_cache_requests_total")).toBeGreaterThan(sample(before, "directory_page_cache_requests_total"));
    expect(sample(after, "directory_http_request_duration_seconds_count", { kind: "page" })).toBeGreaterThan(
      sample(before, "directory_http_request_duration_seconds_count", { kind: "page" }),
    );
  });

  it("refuses /metrics with a wrong token or through a forwarding header, and takes the right token", async () => {
    const wrong = await request(server.url, "/metrics", { headers: { Authorization: "Bearer not-the-token-at-all-0123456789" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain("directory_http");
    // A forged X-Forwarded-For naming loopback does not make a request "local": without the token, refused.
    const forged = await request(server.url, "/metrics", { headers: { "X-Forwarded-For": "127.0.0.1" } });
    expect(forged.status).toBe(401);
    const right = await request(server.url, "/metrics", { headers: { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": FORGED_ADDRESS } });
    expect(right.status).toBe(200);
    expect(right.body).toContain("directory_http_request_duration_seconds");
  });

  it("answers /readyz with the database, the migrations and the search engine's state (Meilisearch down: degraded, 200)", async () => {
    const answer = await request(server.url, "/readyz");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toContain("no-store");
    expect(JSON.parse(answer.body)).toMatchObject({
      status: "degraded",
      database: { ok: true, driver: testDriver() },
      migrations: { ok: true },
      search: { engine: "meilisearch", state: "fallback" },
    });
  });

  it("answers /healthz without the database, quickly, and logs probes only at debug level", async () => {
    const queries = async () => {
      const metrics = await request(server.url, "/metrics");
      expect(metrics.status).toBe(200);
      return sample(metrics.body, "directory_db_query_duration_seconds_count");
    };
    const before = await queries();
    const timings: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now();
      const answer = await request(server.url, "/healthz", { headers: { "X-Request-Id": `healthz-probe-${index}-0000` } });
      timings.push(performance.now() - started);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
      expect(JSON.parse(answer.body)).not.toHaveProperty("database");
    }
    expect(await queries()).toBe(before);
    timings.sort((a, b) => a - b);
    expect(timings[Math.floor(timings.length * 0.95)]).toBeLessThan(250);
    expect(logLines(server).filter((line) => String(line.requestId).startsWith("healthz-probe-"))).toEqual([]);
  });
});

describe(`the import's batch log line on ${testDriver()}`, () => {
  it("goes to stderr with LOG_LEVEL=info (run id, rows, duration) and leaves --json stdout as it was", { timeout: 180_000 }, async () => {
    const { env, cleanup } = await createCliDatabaseEnv();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-observe-import-"));
    try {
      const file = path.join(dir, "rows.csv");
      const rows = Array.from({ length: 30 }, (_, index) => `Observe Shop ${index},"${index} High St, London, United Kingdom",Bakery,GB`);
      fs.writeFileSync(file, `name,full_address,category,country_code\n${rows.join("\n")}\n`);
      const run = await runDirectory(["import", file, "--batch-size", "10", "--json"], { env: { ...env, LOG_LEVEL: "info" }, timeoutMs: 150_000 });
      expect(run.code, run.stderr).toBe(0);
      expect(() => JSON.parse(run.stdout)).not.toThrow();
      expect(run.stdout).not.toContain("import_batch");
      const batches = run.stderr
        .split("\n")
        .filter((line) => line.includes('"import_batch"'))
        .map((line) => JSON.parse(line) as LogLine);
      expect(batches).toHaveLength(3);
      for (const batch of batches)
        expect(batch).toMatchObject({ event: "import_batch", runId: expect.any(Number), rows: 10, durationMs: expect.any(Number) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await cleanup();
    }
  });
});
