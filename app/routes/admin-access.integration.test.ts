import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { createCookie } from "@remix-run/node";
import { hashSessionToken, MAX_ACCOUNT_ADDRESS_FAILURES, MAX_ADDRESS_FAILURES, THROTTLE_WINDOW_MS } from "~/models/admin-sessions.server";
import { callRoute, sessionCookieOf, type RouteCall, type RouteHandler } from "~/testing/admin-calls";

const ROUTES_DIR = path.dirname(new URL(import.meta.url).pathname);
const PASSWORD = "a long test password";
const PARAMS = { id: "1", runId: "1", slug: "some-business" };

/**
 * Handlers that answer without a session on purpose, each with its reason. Everything else in the back-office
 * route files must refuse; a new route is covered the moment its file exists.
 */
const OPEN_BY_DESIGN: Record<string, string> = {
  "admin_.login.tsx loader": "the login form",
  "admin_.login.tsx action": "logging in (our origin only, throttled)",
  "api.admin.login.ts action": "logging in (our origin only, throttled)",
  "api.admin.login.ts loader": "405: login is POST only",
  "api.admin.logout.ts loader": "405: logout is POST only",
  "api.admin.logout.ts action": "logging out needs no session (our origin only)",
  "api.admin.site-settings.ts loader": "the spec's public read of the site code pages inject",
  "api.businesses.$slug.ts loader": "public business JSON (its action, the admin edit, is guarded)",
  "admin-legacy.tsx loader": "a 301 to /admin, which is guarded",
};

interface GuardedHandler {
  name: string;
  file: string;
  kind: "loader" | "action";
  /** Pages and their resource routes redirect to the login page; APIs answer 401 JSON. */
  style: "page" | "api";
  pathname: string;
  handler: RouteHandler;
  /** GET for loaders; for actions the mutating method the route accepts (POST unless its 405 names another). */
  method: string;
}

/** A flat-routes file name → the URL it serves, with PARAMS for its dynamic segments. */
function routePath(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/\[(.*?)\]/g, "$1").replace(/_$/, ""))
    .map((segment) => (segment.startsWith("$") ? PARAMS[segment.slice(1) as keyof typeof PARAMS] : segment));
  return `/${segments.join("/")}`;
}

/** Every back-office route file: admin*, api.admin.*, and any other route that uses the admin guard. */
function listAdminRouteFiles(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter(
      (file) => /^(admin|api\.admin\.)/.test(file) || fs.readFileSync(path.join(ROUTES_DIR, file), "utf8").includes("~/models/admin-auth.server"),
    )
    .sort();
}

/** Page actions read a form before their guard; APIs take JSON. */
function bodyFor(kind: "loader" | "action", style: "page" | "api"): RouteCall {
  if (kind === "loader") return {};
  return style === "api" ? { json: {} } : { form: { intent: "noop" } };
}

/** Routes answer a method they do not take with 405 before any other check, naming the ones they do take. */
async function findMutationMethod(handler: RouteHandler, pathname: string, style: "page" | "api"): Promise<string> {
  const probe = await callRoute(handler, pathname, { method: "POST", params: PARAMS, ...bodyFor("action", style) });
  if (probe.status !== 405) return "POST";
  return (probe.headers.get("Allow") ?? "").split(/,\s*/).find((method) => method !== "GET" && method !== "HEAD") ?? "POST";
}

async function listGuardedHandlers(): Promise<GuardedHandler[]> {
  const handlers: GuardedHandler[] = [];
  for (const file of listAdminRouteFiles()) {
    const module = (await import(`./${file.replace(/\.tsx?$/, "")}`)) as Partial<Record<"loader" | "action", RouteHandler>>;
    for (const kind of ["loader", "action"] as const) {
      const handler = module[kind];
      if (!handler || `${file} ${kind}` in OPEN_BY_DESIGN) continue;
      const style = file.startsWith("api.") ? "api" : "page";
      const method = kind === "loader" ? "GET" : await findMutationMethod(handler, routePath(file), style);
      handlers.push({ name: `${method} ${routePath(file)} (${file})`, file, kind, style, pathname: routePath(file), handler, method });
    }
  }
  return handlers;
}

function call(route: GuardedHandler, init: RouteCall = {}): Promise<Response> {
  return callRoute(route.handler, route.pathname, { method: route.method, params: PARAMS, ...bodyFor(route.kind, route.style), ...init });
}

async function expectNoAccess(route: GuardedHandler, response: Response) {
  if (route.style === "api") {
    // A loader that only says "use POST" (405, GET not allowed) gives nothing away.
    if (route.kind === "loader" && response.status === 405) {
      expect(response.headers.get("Allow") ?? "", route.name).not.toMatch(/GET/);
      return;
    }
    expect(response.status, route.name).toBe(401);
    expect(await response.json(), route.name).toMatchObject({ success: false, code: "ADMIN_SESSION_REQUIRED" });
    return;
  }
  expect(response.status, route.name).toBe(302);
  const location = response.headers.get("Location") ?? "";
  const target = new URL(location, "http://x");
  expect(target.pathname, route.name).toBe("/admin/login");
  const back = target.searchParams.get("redirectTo");
  // Same-site and back to where the admin was going (the admin home needs no redirectTo).
  expect(back ?? "/admin", route.name).toBe(route.pathname);
  expect(location.startsWith("/admin/login")).toBe(true);
}

describe(`admin access control on ${testDriver()}`, async () => {
  let routes: GuardedHandler[] = [];
  let database: ProcessTestDatabase | undefined;
  let handle: DatabaseHandle;
  const { action: loginAction } = await import("~/routes/api.admin.login");
  const { action: logoutAction } = await import("~/routes/api.admin.logout");
  const { requireAdminApi } = await import("~/models/admin-auth.server");

  async function logIn(username = "admin", init: RouteCall = {}): Promise<{ cookie: string; csrf: string }> {
    const response = await callRoute(loginAction as RouteHandler, "/api/admin/login", {
      method: "POST",
      json: { username, password: PASSWORD },
      ...init,
    });
    expect(response.status).toBe(200);
    const cookie = sessionCookieOf(response);
    const context = await requireAdminApi(new Request("http://admin.test/api/admin/stats", { headers: { Cookie: cookie } }));
    return { cookie, csrf: context.csrfToken };
  }

  // NOTE: outside production the cookie has no __Host- prefix (it needs Secure); tests run outside production.
  const cookieJar = createCookie("directory_admin");
  const plant = async (token: string) => (await cookieJar.serialize(token)).split(";")[0] ?? "";
  const isRevoked = async (cookie: string) => {
    const token = (await cookieJar.parse(cookie)) as string;
    const [row] = await handle.query<{ revoked: boolean }>("select revoked_at is not null as revoked from admin_sessions where id_hash = $1", [
      hashSessionToken(token),
    ]);
    return row?.revoked;
  };

  beforeAll(async () => {
    database = await useFreshProcessDatabase("admin-access");
    handle = database.handle;
    // NOTE: only now: listing probes handlers, which must find the test database, not a default one.
    routes = await listGuardedHandlers();
    for (const username of ["admin", "expired", "idle", "revoked", "changed", "guessed"]) await upsertAdminUser(handle, username, PASSWORD);
  });
  afterAll(async () => {
    await database?.release();
  });

  it("finds every back-office route file, guarded or open by a stated reason", () => {
    const files = listAdminRouteFiles();
    // A sanity floor: the back-office has at least these many route files today.
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const key of Object.keys(OPEN_BY_DESIGN)) expect(files, `${key} is listed as open but its file is gone`).toContain(key.split(" ")[0]);
    expect(routePath("admin.reports.$runId.rejected[.]csv.ts")).toBe("/admin/reports/1/rejected.csv");
    expect(routePath("admin._index.tsx")).toBe("/admin");
    console.info(`${files.length} back-office route files: ${routes.length} guarded handlers, ${Object.keys(OPEN_BY_DESIGN).length} open by design`);
  });

  it("refuses every guarded handler without a session (pages: to the login page with a same-site redirectTo; APIs: 401)", async () => {
    for (const route of routes) await expectNoAccess(route, await call(route));
  });

  it("refuses a made-up session cookie, and never adopts a pre-set one at login (fixation)", async () => {
    const planted = await plant(Buffer.alloc(32, 7).toString("base64url"));
    for (const route of routes) await expectNoAccess(route, await call(route, { cookie: planted }));
    const first = await logIn("admin", { cookie: planted });
    expect(first.cookie).not.toBe(planted);
    const second = await logIn("admin", { cookie: first.cookie });
    expect(second.cookie).not.toBe(first.cookie);
    // The planted value never became a session; the one the second login replaced is revoked, not left alive.
    expect(await isRevoked(planted)).toBeUndefined();
    expect(await isRevoked(first.cookie)).toBe(true);
    expect(await isRevoked(second.cookie)).toBe(false);
    for (const route of routes) await expectNoAccess(route, await call(route, { cookie: first.cookie }));
  });

  it("refuses sessions past 12 hours, idle for 30 minutes, logged out, or of a changed password", async () => {
    const expired = await logIn("expired");
    const idle = await logIn("idle");
    const revoked = await logIn("revoked");
    const changed = await logIn("changed");
    await handle.query(
      "update admin_sessions set expires_at = now() - interval '1 second' where user_id = (select id from admin_users where username = 'expired')",
    );
    await handle.query(
      "update admin_sessions set last_seen_at = now() - interval '31 minutes' where user_id = (select id from admin_users where username = 'idle')",
    );
    expect((await callRoute(logoutAction as RouteHandler, "/api/admin/logout", { method: "POST", cookie: revoked.cookie, json: {} })).status).toBe(
      200,
    );
    await upsertAdminUser(handle, "changed", `${PASSWORD} v2`);
    for (const { cookie } of [expired, idle, revoked, changed]) {
      for (const route of routes) await expectNoAccess(route, await call(route, { cookie }));
    }
  });

  it("refuses every guarded mutation of a logged-in admin from a foreign origin or without the CSRF token (403)", async () => {
    const { cookie, csrf } = await logIn("admin");
    const mutations = routes.filter((route) => route.kind === "action");
    expect(mutations.length).toBeGreaterThanOrEqual(10);
    const refusal = async (response: Response) => `${response.status} ${((await response.json()) as { code?: string }).code}`;
    for (const route of mutations) {
      expect(await refusal(await call(route, { cookie, csrf, origin: "https://evil.example" })), route.name).toBe("403 FOREIGN_ORIGIN");
      expect(await refusal(await call(route, { cookie, csrf, origin: null, headers: { "Sec-Fetch-Site": "cross-site" } })), route.name).toBe(
        "403 FOREIGN_ORIGIN",
      );
      expect(await refusal(await call(route, { cookie })), route.name).toBe("403 CSRF_TOKEN_INVALID");
      const forged = "0".repeat(43);
      expect(
        await refusal(await call(route, { cookie, csrf: forged, ...(route.style === "page" ? { form: { _csrf: forged } } : {}) })),
        route.name,
      ).toBe("403 CSRF_TOKEN_INVALID");
    }
  });

  it(`gives an attacker ${MAX_ACCOUNT_ADDRESS_FAILURES} guesses per account and address and ${MAX_ADDRESS_FAILURES} per address in ${THROTTLE_WINDOW_MS / 60_000} minutes, never locking the owner out`, async () => {
    const attempt = (username: string, ip: string, password = "wrong guess") =>
      callRoute(loginAction as RouteHandler, "/api/admin/login", { method: "POST", ip, json: { username, password } });
    const countHeard = async (username: string, ips: string[], tries: number) => {
      let heard = 0;
      for (let i = 0; i < tries; i++) {
        const response = await attempt(username, ips[i % ips.length]!);
        if (response.status === 429) {
          expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
          continue;
        }
        expect(`${response.status} ${JSON.stringify(await response.json())}`).toMatch(/^401 /);
        heard++;
      }
      return heard;
    };
    // One account from one address: that pair's limit stops it.
    const perAccountAddress = await countHeard("guessed", ["198.51.100.1"], MAX_ACCOUNT_ADDRESS_FAILURES + 3);
    // The account is now under attack: each fresh address gets one guess, then waits like the first.
    const freshAddresses = ["198.51.100.2", "198.51.100.3", "198.51.100.4"];
    const perFreshAddress = (await countHeard("guessed", freshAddresses, freshAddresses.length * 3)) / freshAddresses.length;
    // One address, every guess at another username: the address's limit stops it.
    let perAddress = 0;
    for (let i = 0; i < MAX_ADDRESS_FAILURES + 3; i++) perAddress += await countHeard(`nobody-${i}`, ["192.0.2.77"], 1);
    console.info(
      `login throttle: ${perAccountAddress} guesses per account and address, then ${perFreshAddress} per fresh address, ${perAddress} per address per ${THROTTLE_WINDOW_MS / 60_000} min`,
    );
    expect([perAccountAddress, perFreshAddress, perAddress]).toEqual([MAX_ACCOUNT_ADDRESS_FAILURES, 1, MAX_ADDRESS_FAILURES]);
    // The right password waits at an address that failed, and gets in from one that did not.
    expect((await attempt("guessed", "198.51.100.1", PASSWORD)).status).toBe(429);
    expect((await attempt("guessed", "198.51.100.200", PASSWORD)).status).toBe(200);
  });
});
