import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "../testing/admin-calls.ts";
import { startBuiltApp, type InProcessServer } from "../testing/in-process-server.ts";
import { BODY_LIMIT_BYTES, SITE_CODE_BODY_LIMIT_BYTES } from "./body-limit.ts";

const PASSWORD = "body-limit-test-password";
const FLOOD_BYTES = 50 * 1024 * 1024;
const MB = 1024 * 1024;

/** The five routes that read a JSON or form body before any other check (the finding), unauthenticated. */
const ROUTES = [
  { path: "/api/contact", type: "application/json", opening: '{"name":"x","message":"' },
  { path: "/api/admin/login", type: "application/json", opening: '{"username":"admin","password":"' },
  { path: "/contact", type: "application/x-www-form-urlencoded", opening: "name=x&message=" },
  { path: "/admin/login", type: "application/x-www-form-urlencoded", opening: "username=admin&password=" },
  { path: "/admin/messages", type: "application/x-www-form-urlencoded", opening: "intent=read&id=" },
] as const;

interface Sent {
  status: number;
  contentType: string;
  body: string;
  /** From the first byte sent to the answer's headers. */
  answeredMs: number;
  /** Body bytes the client managed to write before the answer (or the socket closing). */
  written: number;
}

/**
 * POSTs `total` bytes (an opening, then "a"s, 64 KB at a time with backpressure) by Content-Length or chunked, and
 * stops sending as soon as the answer arrives. Never holds more than one 64 KB chunk.
 */
function sendBig(
  base: string,
  route: (typeof ROUTES)[number] | { path: string; type: string; opening: string },
  total: number,
  mode: "length" | "chunked",
  extraHeaders: Record<string, string> = {},
): Promise<Sent> {
  const { hostname, port } = new URL(base);
  const filler = Buffer.alloc(64 * 1024, 0x61);
  const headers: Record<string, string> = {
    "Content-Type": route.type,
    Accept: route.path.startsWith("/api/") ? "application/json" : "text/html",
    ...extraHeaders,
  };
  if (mode === "length") headers["Content-Length"] = String(total);
  else headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    let written = 0;
    const request = http.request({ hostname, port, path: route.path, method: "POST", headers, agent: false });
    request.on("response", (response) => {
      answered = true;
      const answeredMs = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks).toString("utf8"),
          answeredMs,
          written,
        });
      });
      response.on("error", reject);
    });
    // A server that closes after answering makes the remaining writes fail: expected, the answer decides.
    request.on("error", (error) => {
      if (!answered) setTimeout(() => !answered && reject(error), 1_000);
    });
    void (async () => {
      const opening = Buffer.from(route.opening);
      request.write(opening);
      written = opening.length;
      while (written < total && !answered && !request.destroyed) {
        const piece = filler.subarray(0, Math.min(filler.length, total - written));
        written += piece.length;
        if (!request.write(piece)) {
          await new Promise<void>((next) => {
            const done = () => {
              request.off("drain", done);
              request.off("close", done);
              request.off("response", done);
              next();
            };
            request.once("drain", done);
            request.once("close", done);
            request.once("response", done);
          });
        }
      }
      if (!answered && !request.destroyed) request.end();
    })();
  });
}

describe(`request body limit on the built server (${testDriver()})`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer;

  beforeAll(async () => {
    database = await useFreshProcessDatabase("body-limit");
    await upsertAdminUser(database.handle, "admin", PASSWORD);
    server = await startBuiltApp();
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("refuses a 50 MB body to each route that reads one (by Content-Length and chunked) with a quick 413, memory flat", async () => {
    // Warm every route once (code loaded, pools open) so the baseline is the steady state.
    for (const route of ROUTES) expect((await sendBig(server.url, route, route.opening.length + 10, "length")).status).toBeLessThan(500);
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const results: Array<{ route: string; mode: string } & Sent> = [];
    // One warning line per refusal; no stack from a route still reading the cut body.
    const errors = vi.spyOn(console, "error");
    try {
      for (const mode of ["length", "chunked"] as const) {
        for (const route of ROUTES) results.push({ route: route.path, mode, ...(await sendBig(server.url, route, FLOOD_BYTES, mode)) });
      }
    } finally {
      clearInterval(sampler);
      errors.mockRestore();
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    const growthMb = (peak - baseline) / MB;
    console.info(
      `body flood (${testDriver()}): RSS ${Math.round(baseline / MB)} MB → peak ${Math.round(peak / MB)} MB (+${growthMb.toFixed(1)} MB); time to 413 and bytes sent before it:\n` +
        results
          .map(
            (r) =>
              `  ${r.mode.padEnd(7)} ${r.route.padEnd(18)} ${r.status} in ${r.answeredMs.toFixed(0)} ms after ${(r.written / 1024).toFixed(0)} KB`,
          )
          .join("\n"),
    );
    for (const result of results) {
      const label = `${result.mode} ${result.route}`;
      expect(result.status, label).toBe(413);
      if (result.route.startsWith("/api/")) expect(JSON.parse(result.body), label).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
      else {
        expect(result.contentType, label).toMatch(/^text\/html/);
        expect(result.body, label).toContain("PAYLOAD_TOO_LARGE");
      }
      // Refused long before the 50 MB were sent (the whole body would take seconds to push and parse).
      expect(result.answeredMs, label).toBeLessThan(2_000);
      expect(result.written, label).toBeLessThan(FLOOD_BYTES);
    }
    expect(growthMb).toBeLessThan(50);
    expect(errors.mock.calls.map((call) => String(call[0]).slice(0, 200))).toEqual([]);
    // Still serving.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("still takes small chunked bodies, bodies under the limit, and larger site code on its own limit", async () => {
    const contact = { path: "/api/contact", type: "application/json", opening: "" };
    const valid = JSON.stringify({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Hello there",
      message: "A message long enough to pass.",
    });
    const small = await sendBig(server.url, { ...contact, opening: valid }, valid.length, "chunked");
    expect(small.status).toBe(200);
    // Just under the limit: the route's own validation answers (too long a message), not the limit.
    const under = await sendBig(server.url, { ...contact, opening: '{"message":"' }, BODY_LIMIT_BYTES, "length");
    expect(under.status).toBe(400);
    const { cookie, csrfToken } = await logInOverHttp(server.url, { username: "admin", password: PASSWORD });
    const admin = { Cookie: cookie, Origin: server.url, "X-CSRF-Token": csrfToken };
    const code = `<script>${"x".repeat(150 * 1024)}</script>`;
    const settings = await fetch(`${server.url}/api/admin/site-settings`, {
      method: "POST",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({ head_tags: code, footer_tags: code }),
    });
    expect(settings.status).toBe(200);
    const tooMuch = await sendBig(
      server.url,
      { path: "/api/admin/site-settings", type: "application/json", opening: '{"head_tags":"' },
      SITE_CODE_BODY_LIMIT_BYTES + 1,
      "chunked",
      admin,
    );
    expect(tooMuch.status).toBe(413);
  });

  it("leaves file uploads to their own streamed 150 MB cap", async () => {
    const { cookie, csrfToken } = await logInOverHttp(server.url, { username: "admin", password: PASSWORD });
    const boundary = "BodyLimitBoundary";
    const rows = `name,full_address,category,country_code\nBig Upload Bakery,"1 High St, London, United Kingdom",Bakery,GB\n`;
    // A 1 MB file (padding in a column no one reads): over the 64 KB of every other route.
    const file = `${rows}${"#".repeat(MB)}\n`;
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`;
    const headers = { Cookie: cookie, Origin: server.url, "X-CSRF-Token": csrfToken };
    const upload = await sendBig(
      server.url,
      { path: "/api/upload-excel-batch", type: `multipart/form-data; boundary=${boundary}`, opening: body },
      body.length,
      "chunked",
      headers,
    );
    expect(upload.status, upload.body.slice(0, 300)).not.toBe(413);
    expect(upload.body).not.toContain("PAYLOAD_TOO_LARGE");
  });
});
