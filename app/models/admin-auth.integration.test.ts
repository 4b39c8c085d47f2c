import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { action as loginAction } from "~/routes/api.admin.login";
import { action as logoutAction } from "~/routes/api.admin.logout";
import { startBuiltApp } from "~/testing/in-process-server";
import { recordAdminAction, requireAdminApi, requireAdminMutation, requireAdminPage } from "./admin-auth.server";
import {
  ACCOUNT_ALERT_FAILURES,
  endAdminSession,
  FAILED_ADDRESS_MEMORY_MS,
  hashSessionToken,
  loginAdmin,
  MAX_ACCOUNT_ADDRESS_FAILURES,
  MAX_ADDRESS_FAILURES,
  reserveLoginEvaluation,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  THROTTLE_WINDOW_MS,
  validateAdminSession,
} from "./admin-sessions.server";

const ORIGIN = "http://admin.test";
const PASSWORD = "a long test password";
const MINUTE = 60_000;

async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the guard to refuse");
}

async function expectJsonError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { success: boolean; code: string; message: string };
  expect(body).toMatchObject({ success: false, code });
  expect(body.message.length).toBeGreaterThan(10);
}

function request(
  pathname: string,
  init: { method?: string; cookie?: string; origin?: string | null; csrf?: string; body?: BodyInit; type?: string } = {},
) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.origin !== null) headers.set("Origin", init.origin ?? ORIGIN);
  if (init.csrf) headers.set("X-CSRF-Token", init.csrf);
  if (init.type) headers.set("Content-Type", init.type);
  headers.set("x-directory-client-ip", "203.0.113.9");
  return new Request(`${ORIGIN}${pathname}`, { method: init.method ?? "GET", headers, body: init.body });
}

describe(`admin sessions and guards on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  const meta = { ip: "198.51.100.1", userAgent: "vitest" };

  beforeAll(async () => {
    // The guards read the process-wide handle from the environment: point it at a fresh database.
    database = await useFreshProcessDatabase("admin-auth");
    handle = database.handle;
    await upsertAdminUser(handle, "Admin", PASSWORD);
    await upsertAdminUser(handle, "other", PASSWORD);
    await upsertAdminUser(handle, "target", PASSWORD);
  });
  afterAll(async () => {
    await database?.release();
  });

  async function login(username = "admin", at = new Date()) {
    const outcome = await loginAdmin(handle, { username, password: PASSWORD }, meta, at);
    if (!outcome.ok) throw new Error(`login failed: ${outcome.code}`);
    return outcome.session;
  }

  it("creates a session whose row holds only the token's hash, and validates it", async () => {
    const session = await login("ADMIN");
    const rows = await handle.query<{ id_hash: string }>("select id_hash from admin_sessions");
    expect(rows.map((r) => r.id_hash)).toContain(hashSessionToken(session.token));
    expect(rows.map((r) => r.id_hash)).not.toContain(session.token);
    const result = await validateAdminSession(handle, session.token);
    expect(result).toMatchObject({ ok: true, session: { user: { username: "Admin" }, csrfToken: session.csrfToken } });
    expect(await validateAdminSession(handle, "not-a-token")).toEqual({ ok: false, problem: "UNKNOWN" });
    expect(await validateAdminSession(handle, null)).toEqual({ ok: false, problem: "MISSING" });
  });

  it("gives every login a new session id and CSRF token", async () => {
    const first = await login();
    const second = await login();
    expect(second.token).not.toBe(first.token);
    expect(second.csrfToken).not.toBe(first.csrfToken);
  });

  it("expires after 30 idle minutes, slides while used, and ends after 12 hours regardless", async () => {
    const start = new Date("2030-01-01T08:00:00Z");
    const session = await login("admin", start);
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await validateAdminSession(handle, session.token, at(SESSION_IDLE_MS + 1))).toEqual({ ok: false, problem: "IDLE" });
    // Used every 20 minutes, the idle window keeps sliding…
    for (let t = 20 * MINUTE; t < SESSION_ABSOLUTE_MS; t += 20 * MINUTE) {
      expect((await validateAdminSession(handle, session.token, at(t))).ok).toBe(true);
    }
    // …until the absolute limit.
    expect(await validateAdminSession(handle, session.token, at(SESSION_ABSOLUTE_MS))).toEqual({ ok: false, problem: "EXPIRED" });
  });

  it("rewrites last_seen_at at most once a minute", async () => {
    const start = new Date("2030-02-01T08:00:00Z");
    const session = await login("admin", start);
    const lastSeen = async () =>
      (
        await handle.query<{ t: string }>("select extract(epoch from last_seen_at)::float8 as t from admin_sessions where id_hash = $1", [
          session.idHash,
        ])
      )[0]?.t;
    await validateAdminSession(handle, session.token, new Date(start.getTime() + 30_000));
    expect(Number(await lastSeen())).toBe(start.getTime() / 1000);
    await validateAdminSession(handle, session.token, new Date(start.getTime() + 90_000));
    expect(Number(await lastSeen())).toBe(start.getTime() / 1000 + 90);
  });

  it("refuses a revoked session", async () => {
    const session = await login();
    expect(await endAdminSession(handle, session.token)).toBe(true);
    expect(await validateAdminSession(handle, session.token)).toEqual({ ok: false, problem: "REVOKED" });
    expect(await endAdminSession(handle, session.token)).toBe(false);
  });

  it("ends every session of an admin whose password is changed", async () => {
    const session = await login("other");
    await upsertAdminUser(handle, "other", PASSWORD);
    expect(await validateAdminSession(handle, session.token)).toEqual({ ok: false, problem: "REVOKED" });
  });

  it("throttles an account at one address after 5 failures in 15 minutes, even with the right password, but not at a clean address", async () => {
    const start = new Date("2030-03-01T08:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    for (let i = 0; i < MAX_ACCOUNT_ADDRESS_FAILURES; i++) {
      const outcome = await loginAdmin(handle, { username: "other", password: "wrong password" }, meta, at(i * 1000));
      expect(outcome).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
    }
    const blocked = await loginAdmin(handle, { username: "OTHER", password: PASSWORD }, meta, at(10_000));
    expect(blocked).toEqual({ ok: false, code: "LOGIN_THROTTLED", retryAfterSeconds: THROTTLE_WINDOW_MS / 1000 - 10 });
    // The same account from an address that has not failed is not affected: the owner is never locked out.
    expect((await loginAdmin(handle, { username: "other", password: PASSWORD }, { ...meta, ip: "198.51.100.2" }, at(10_000))).ok).toBe(true);
    const later = await loginAdmin(handle, { username: "other", password: PASSWORD }, meta, at(THROTTLE_WINDOW_MS + 1000));
    expect(later.ok).toBe(true);
    // A success forgives this address's failures: five more wrong guesses are heard before it waits again.
    for (let i = 0; i < MAX_ACCOUNT_ADDRESS_FAILURES; i++) {
      expect(await loginAdmin(handle, { username: "other", password: "wrong password" }, meta, at(THROTTLE_WINDOW_MS + 2000 + i))).toEqual({
        ok: false,
        code: "INVALID_CREDENTIALS",
      });
    }
    expect(await loginAdmin(handle, { username: "other", password: "wrong password" }, meta, at(THROTTLE_WINDOW_MS + 3000))).toMatchObject({
      code: "LOGIN_THROTTLED",
    });
  });

  it(`throttles an IP address after ${MAX_ADDRESS_FAILURES} failures across any usernames`, async () => {
    const start = new Date("2030-04-01T08:00:00Z");
    const ipMeta = { ip: "192.0.2.77", userAgent: null };
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      await loginAdmin(handle, { username: `nobody-${i}`, password: "guess" }, ipMeta, new Date(start.getTime() + i * 1000));
    }
    const blocked = await loginAdmin(handle, { username: "admin", password: PASSWORD }, ipMeta, new Date(start.getTime() + 30_000));
    expect(blocked).toMatchObject({ ok: false, code: "LOGIN_THROTTLED" });
    expect((await loginAdmin(handle, { username: "admin", password: PASSWORD }, meta, new Date(start.getTime() + 30_000))).ok).toBe(true);
  });

  it("counts every address of an IPv6 /64 as one address", async () => {
    const start = new Date("2030-04-15T08:00:00Z");
    const from = (ip: string) => ({ ip, userAgent: null });
    // A host that picks a new address of its /64 for every guess, at another username each time.
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      const outcome = await loginAdmin(
        handle,
        { username: `v6-nobody-${i}`, password: "guess" },
        from(`2001:db8:77:1::${i + 1}`),
        new Date(start.getTime() + i),
      );
      expect(outcome).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
    }
    const next = await loginAdmin(
      handle,
      { username: "v6-nobody-x", password: "guess" },
      from("2001:db8:77:1:abcd::9"),
      new Date(start.getTime() + 100),
    );
    expect(next).toMatchObject({ ok: false, code: "LOGIN_THROTTLED" });
    // The neighbouring /64 is another address.
    expect((await loginAdmin(handle, { username: "admin", password: PASSWORD }, from("2001:db8:77:2::1"), new Date(start.getTime() + 100))).ok).toBe(
      true,
    );
  });

  it("hears only clean or known addresses while an account is under attack, and forgets a failed address after a day", async () => {
    const start = new Date("2030-05-01T08:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const from = (ip: string) => ({ ip, userAgent: null });
    const guess = (ip: string, ms: number, password = "guess") => loginAdmin(handle, { username: "target", password }, from(ip), at(ms));
    const home = "203.0.113.50";
    expect((await guess(home, 0, PASSWORD)).ok).toBe(true);
    // Five attacker addresses fail once each: the account is now under attack.
    for (let i = 1; i <= ACCOUNT_ALERT_FAILURES; i++)
      expect(await guess(`198.51.100.${i}`, i * 1000)).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
    // An address that failed waits until the attack calms down (the first of those failures leaves the window)…
    expect(await guess("198.51.100.1", 10_000)).toEqual({ ok: false, code: "LOGIN_THROTTLED", retryAfterSeconds: THROTTLE_WINDOW_MS / 1000 - 9 });
    // …while a fresh address gets its guess, and the owner's usual address keeps its own five.
    expect(await guess("198.51.100.9", 11_000)).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
    expect(await guess(home, 12_000, "a typo")).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
    expect((await guess(home, 13_000, PASSWORD)).ok).toBe(true);
    // Once the window has passed the account is calm again and a failed address may guess.
    expect(await guess("198.51.100.1", THROTTLE_WINDOW_MS + 12_000)).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
    // Two hours later fresh addresses attack again: 198.51.100.1 (failed within the day) waits, until a day has passed.
    const later = 2 * 60 * 60_000;
    for (let i = 1; i <= ACCOUNT_ALERT_FAILURES; i++) await guess(`198.51.101.${i}`, later + i * 1000);
    expect(await guess("198.51.100.1", later + 10_000)).toMatchObject({ ok: false, code: "LOGIN_THROTTLED" });
    const nextDay = THROTTLE_WINDOW_MS + 12_000 + FAILED_ADDRESS_MEMORY_MS + 1000;
    for (let i = 1; i <= ACCOUNT_ALERT_FAILURES; i++) await guess(`198.51.102.${i}`, nextDay - 10_000 + i * 1000);
    expect(await guess("198.51.100.1", nextDay)).toEqual({ ok: false, code: "INVALID_CREDENTIALS" });
  });

  it("gives an attacker at most 5 guesses per 15 minutes on an account, plus one per fresh address a day (simulated day)", async () => {
    // Each attacker address tries every minute for a simulated day and, when refused, waits the Retry-After it was
    // given (a lower bound: no rule lets go earlier). Only the throttle runs here, not the scrypt.
    const day = 24 * 60;
    const perDay: Record<number, number> = {};
    for (const addresses of [1, 10]) {
      const start = new Date(`2031-0${addresses === 1 ? 1 : 2}-01T00:00:00Z`).getTime();
      const nextTry = new Array<number>(addresses).fill(0);
      let heard = 0;
      for (let minute = 0; minute < day; minute++) {
        for (let a = 0; a < addresses; a++) {
          if ((nextTry[a] ?? 0) > minute) continue;
          const outcome = await reserveLoginEvaluation(
            handle,
            { username: `simulated-${addresses}`, ip: `192.0.${addresses}.${a + 1}` },
            new Date(start + minute * 60_000),
          );
          if (outcome.reserved) {
            heard++;
            nextTry[a] = minute + 1;
          } else {
            nextTry[a] = minute + Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
          }
        }
      }
      perDay[addresses] = heard;
    }
    console.info(`login throttle, one account for a simulated day: ${perDay[1]} guesses from 1 address, ${perDay[10]} from 10 addresses`);
    const windowsPerDay = (24 * 60 * 60_000) / THROTTLE_WINDOW_MS;
    expect(perDay[1]).toBe(windowsPerDay * MAX_ACCOUNT_ADDRESS_FAILURES);
    expect(perDay[10]).toBeGreaterThan(windowsPerDay * ACCOUNT_ALERT_FAILURES);
    expect(perDay[10]).toBeLessThanOrEqual(windowsPerDay * ACCOUNT_ALERT_FAILURES + 10);
  });

  describe("guards", () => {
    let cookie: string;
    let csrf: string;

    it("POST /api/admin/login sets an HttpOnly SameSite=Strict cookie and answers { success, message, csrfToken }", async () => {
      const response = await loginAction({
        request: request("/api/admin/login", {
          method: "POST",
          type: "application/json",
          body: JSON.stringify({ username: "admin", password: PASSWORD }),
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(200);
      // The answer also carries the session's CSRF token, for API clients (checked against the session below).
      const answer = (await response.json()) as { csrfToken?: string };
      expect(answer).toEqual({ success: true, message: "Login successful", csrfToken: expect.stringMatching(/^\S{20,}$/) });
      const setCookie = response.headers.get("Set-Cookie") ?? "";
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      expect(setCookie).toMatch(/Path=\//);
      cookie = setCookie.split(";")[0]!;
      const context = await requireAdminApi(request("/api/admin/stats", { cookie }));
      expect(context.user.username).toBe("Admin");
      expect(context.ip).toBe("203.0.113.9");
      expect(context.sessionId).not.toContain(cookie.split("=")[1]!);
      csrf = context.csrfToken;
      expect(answer.csrfToken).toBe(csrf);
    });

    it("refuses a wrong password with 401 and a foreign-origin login with 403", async () => {
      const wrong = await loginAction({
        request: request("/api/admin/login", {
          method: "POST",
          type: "application/json",
          body: JSON.stringify({ username: "admin", password: "nope" }),
        }),
        params: {},
        context: {},
      });
      await expectJsonError(wrong, 401, "INVALID_CREDENTIALS");
      const foreign = await loginAction({
        request: request("/api/admin/login", {
          method: "POST",
          origin: "https://evil.example",
          type: "application/json",
          body: JSON.stringify({ username: "admin", password: PASSWORD }),
        }),
        params: {},
        context: {},
      });
      await expectJsonError(foreign, 403, "FOREIGN_ORIGIN");
    });

    it("answers 429 with Retry-After once an account is throttled", async () => {
      const attempt = () =>
        loginAction({
          request: request("/api/admin/login", {
            method: "POST",
            type: "application/x-www-form-urlencoded",
            body: new URLSearchParams({ username: "throttled-user", password: "bad" }),
          }),
          params: {},
          context: {},
        });
      for (let i = 0; i < MAX_ACCOUNT_ADDRESS_FAILURES; i++) expect((await attempt()).status).toBe(401);
      const response = await attempt();
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(800);
      await expectJsonError(response, 429, "LOGIN_THROTTLED");
    });

    it("refuses API calls without a session (401) and mutations from a foreign origin or without the CSRF token (403)", async () => {
      await expectJsonError(await refusal(requireAdminApi(request("/api/admin/stats"))), 401, "ADMIN_SESSION_REQUIRED");
      await expectJsonError(
        await refusal(requireAdminApi(request("/api/admin/stats", { cookie: "directory_admin=forged" }))),
        401,
        "ADMIN_SESSION_REQUIRED",
      );
      const post = (init: Parameters<typeof request>[1]) => requireAdminApi(request("/api/admin/clear-cache", { method: "POST", cookie, ...init }));
      await expectJsonError(await refusal(post({ origin: "https://evil.example", csrf })), 403, "FOREIGN_ORIGIN");
      await expectJsonError(await refusal(post({ origin: null, csrf })), 403, "FOREIGN_ORIGIN");
      await expectJsonError(await refusal(post({})), 403, "CSRF_TOKEN_INVALID");
      await expectJsonError(await refusal(post({ csrf: `${csrf}x` })), 403, "CSRF_TOKEN_INVALID");
      expect((await post({ csrf })).user.username).toBe("Admin");
      // Sec-Fetch-Site alone (no Origin) is enough when it says same-origin, and refuses otherwise.
      const viaFetchSite = (site: string) => {
        const r = request("/api/admin/clear-cache", { method: "POST", cookie, origin: null, csrf });
        r.headers.set("Sec-Fetch-Site", site);
        return requireAdminApi(r);
      };
      expect((await viaFetchSite("same-origin")).user.username).toBe("Admin");
      await expectJsonError(await refusal(viaFetchSite("cross-site")), 403, "FOREIGN_ORIGIN");
    });

    it("checks the _csrf form field of page actions", async () => {
      const form = new FormData();
      await expectJsonError(
        await refusal(requireAdminMutation(request("/admin/settings", { method: "POST", cookie }), form)),
        403,
        "CSRF_TOKEN_INVALID",
      );
      form.set("_csrf", csrf);
      expect((await requireAdminMutation(request("/admin/settings", { method: "POST", cookie }), form)).user.username).toBe("Admin");
      await expectJsonError(
        await refusal(requireAdminMutation(request("/admin/settings", { method: "POST", cookie, origin: "https://evil.example" }), form)),
        403,
        "FOREIGN_ORIGIN",
      );
    });

    it("redirects pages without a session to the login page with a same-site redirectTo", async () => {
      const response = await refusal(requireAdminPage(request("/admin/settings?tab=ads")));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fsettings%3Ftab%3Dads");
    });

    it("refuses expired and revoked sessions", async () => {
      const { sessionId } = await requireAdminApi(request("/api/admin/stats", { cookie }));
      await handle.query("update admin_sessions set expires_at = now() - interval '1 second' where id_hash = $1", [sessionId]);
      await expectJsonError(await refusal(requireAdminApi(request("/api/admin/stats", { cookie }))), 401, "ADMIN_SESSION_REQUIRED");
      const page = await refusal(requireAdminPage(request("/admin/dashboard", { cookie })));
      expect(page.status).toBe(302);
      expect(page.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);

      const fresh = await loginAction({
        request: request("/api/admin/login", {
          method: "POST",
          type: "application/json",
          body: JSON.stringify({ username: "admin", password: PASSWORD }),
        }),
        params: {},
        context: {},
      });
      const freshCookie = (fresh.headers.get("Set-Cookie") ?? "").split(";")[0]!;
      expect((await requireAdminApi(request("/api/admin/stats", { cookie: freshCookie }))).user.username).toBe("Admin");
      const loggedOut = await logoutAction({
        request: request("/api/admin/logout", { method: "POST", cookie: freshCookie }),
        params: {},
        context: {},
      });
      expect(loggedOut.status).toBe(200);
      expect(loggedOut.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
      await expectJsonError(await refusal(requireAdminApi(request("/api/admin/stats", { cookie: freshCookie }))), 401, "ADMIN_SESSION_REQUIRED");
    });

    it("writes admin actions and logins to the audit log", async () => {
      const context = await requireAdminApi(request("/api/admin/stats", { cookie: await freshCookieFor("admin") }));
      await recordAdminAction(context, "settings.save", { target: "site_settings", rowCount: 1, details: { fields: ["head_tags"] } });
      const rows = await handle.query<{ actor: string; action: string; target: string | null; row_count: number | null; ip: string | null }>(
        "select actor, action, target, row_count, ip from audit_log order by id desc limit 2",
      );
      expect(rows).toEqual([
        { actor: "Admin", action: "settings.save", target: "site_settings", row_count: 1, ip: "203.0.113.9" },
        { actor: "Admin", action: "admin.login", target: null, row_count: null, ip: "203.0.113.9" },
      ]);
    });

    it("takes the client address from the socket, not from an X-Forwarded-For, unless TRUST_PROXY names the proxy", async () => {
      await upsertAdminUser(handle, "proxied", PASSWORD);
      const lastLoginIp = async () =>
        (
          await handle.query<{ ip: string | null }>(
            "select ip from audit_log where actor = 'proxied' and action = 'admin.login' order by id desc limit 1",
          )
        )[0]?.ip;
      const logInFrom = async (url: string, forwardedFor: string) => {
        const response = await fetch(`${url}/api/admin/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: url, "X-Forwarded-For": forwardedFor, "x-directory-client-ip": forwardedFor },
          body: JSON.stringify({ username: "proxied", password: PASSWORD }),
        });
        expect(response.status).toBe(200);
        return lastLoginIp();
      };
      // No TRUST_PROXY: a loopback client cannot choose the address the throttle and the audit log see.
      const direct = await startBuiltApp();
      try {
        expect(await logInFrom(direct.url, "198.51.100.77")).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
        // Failed logins from "many addresses" all count against the one real address: its throttle engages.
        for (let attempt = 0; attempt < MAX_ADDRESS_FAILURES; attempt += 1) {
          const failed = await fetch(`${direct.url}/api/admin/login`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: direct.url, "X-Forwarded-For": `198.51.100.${attempt + 1}` },
            body: JSON.stringify({ username: `nobody-${attempt}`, password: "wrong password" }),
          });
          expect(failed.status).toBe(401);
        }
        const throttled = await fetch(`${direct.url}/api/admin/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: direct.url, "X-Forwarded-For": "198.51.100.200" },
          body: JSON.stringify({ username: "nobody-else", password: "wrong password" }),
        });
        expect(throttled.status).toBe(429);
      } finally {
        await direct.close();
      }
      // TRUST_PROXY=loopback (a proxy on this machine): its X-Forwarded-For is the client.
      const proxied = await startBuiltApp({ trustProxy: ["loopback"] });
      try {
        expect(await logInFrom(proxied.url, "198.51.100.78")).toBe("198.51.100.78");
      } finally {
        await proxied.close();
      }
    });

    async function freshCookieFor(username: string) {
      const response = await loginAction({
        request: request("/api/admin/login", { method: "POST", type: "application/json", body: JSON.stringify({ username, password: PASSWORD }) }),
        params: {},
        context: {},
      });
      return (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    }
  });
});
