// Request → the admin it belongs to, or a refusal: page guard (redirect to login), API guard (401/403 JSON),
// same-origin + CSRF checks for every mutation, login/logout cookies, and the audit log of admin actions.
import { createCookie, json, redirect } from "@remix-run/node";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { getAppEnv } from "./env.server";
import { recordAuditEvent } from "../../db/writes/audit-log.ts";
import { endAdminSession, loginAdmin, tokensMatch, validateAdminSession, SESSION_ABSOLUTE_MS, type LoginOutcome } from "./admin-sessions.server";
import { safeRedirectPath } from "~/utils/admin-paths";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "~/utils/cookie-names";
import { getClientIp } from "./client-ip.server";
import { NO_STORE } from "./cache-policy.server";

export interface AdminContext {
  user: { id: number; username: string };
  /** Opaque id of the session (the hash kept in the database), never the cookie token. */
  sessionId: string;
  csrfToken: string;
  ip: string;
}

export type AdminErrorCode =
  "ADMIN_SESSION_REQUIRED" | "FOREIGN_ORIGIN" | "CSRF_TOKEN_INVALID" | "INVALID_CREDENTIALS" | "LOGIN_THROTTLED" | "INVALID_LOGIN_REQUEST";

const MESSAGES: Record<AdminErrorCode, string> = {
  ADMIN_SESSION_REQUIRED: "Your admin session is missing or has expired. Log in again at /admin/login.",
  FOREIGN_ORIGIN: "This request did not come from this site's own pages. Reload the admin page and try again.",
  CSRF_TOKEN_INVALID: "The security token of this request is missing or outdated. Reload the admin page and try again.",
  INVALID_CREDENTIALS: "Username or password is incorrect.",
  LOGIN_THROTTLED: "Too many failed logins. Wait until the time given in Retry-After, then try again.",
  INVALID_LOGIN_REQUEST: "Send a username and a password (both required).",
};

function isProduction(): boolean {
  return getEnv().NODE_ENV === "production";
}

// NOTE: the __Host- prefix makes browsers refuse the cookie unless it is Secure, Path=/ and has no Domain,
// so it is only used where Secure is on (production); development over plain http uses a plain name.
function sessionCookie() {
  const secure = isProduction();
  return createCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** `{ success: false, code, message }` with the HTTP status; never cached. */
export function adminError(status: number, code: AdminErrorCode, headers: Record<string, string> = {}, message = MESSAGES[code]): Response {
  return json({ success: false, code, message }, { status, headers: { "Cache-Control": NO_STORE, ...headers } });
}

/**
 * SITE_URL's origin when set; otherwise the origin the request was addressed to.
 * NOTE: that one comes from the Host header, which a client (or a DNS-rebinding page) chooses: SITE_URL pins it.
 */
function allowedOrigin(request: Request): string {
  const siteUrl = getAppEnv().SITE_URL;
  return new URL(siteUrl ?? request.url).origin;
}

/**
 * True when the browser says the request came from our own pages. Sec-Fetch-Site (when sent) must be
 * same-origin and Origin (when sent) must be ours; a request carrying neither is refused, because every
 * browser sends at least one on a POST and only non-browser clients omit both.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin") return false;
  const origin = request.headers.get("Origin");
  if (origin) return origin === allowedOrigin(request);
  return fetchSite === "same-origin";
}

function isSafeMethod(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

async function findAdminContext(request: Request): Promise<{ context: AdminContext | null; hadCookie: boolean }> {
  const token = await readSessionToken(request);
  if (!token) return { context: null, hadCookie: false };
  const result = await validateAdminSession(await getDatabase(), token);
  if (!result.ok) return { context: null, hadCookie: true };
  const { session } = result;
  return { context: { user: session.user, sessionId: session.idHash, csrfToken: session.csrfToken, ip: getClientIp(request) }, hadCookie: true };
}

/** The admin of this request, or null (login page: an admin already logged in skips the form). */
export async function findAdmin(request: Request): Promise<AdminContext | null> {
  return (await findAdminContext(request)).context;
}

export function loginPath(request: Request): string {
  const url = new URL(request.url);
  const back = safeRedirectPath(`${url.pathname}${url.search}`);
  return back === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(back)}`;
}

/** A redirect inside the back-office: never stored, like every admin answer (where it leads depends on the session). */
export function adminRedirect(path: string, init: { status?: 301 | 302; headers?: Record<string, string> } = {}): Response {
  return redirect(path, { status: init.status ?? 302, headers: { "Cache-Control": NO_STORE, ...init.headers } });
}

/** Admin page loaders/actions: no valid session → redirect to the login page (which brings the admin back). */
export async function requireAdminPage(request: Request): Promise<AdminContext> {
  const { context, hadCookie } = await findAdminContext(request);
  if (context) return context;
  throw adminRedirect(loginPath(request), hadCookie ? { headers: { "Set-Cookie": await clearSessionCookie() } } : {});
}

/** Admin resource routes: 401 without a session; mutations also need our origin and the X-CSRF-Token header. */
export async function requireAdminApi(request: Request): Promise<AdminContext> {
  const { context } = await findAdminContext(request);
  if (!context) throw adminError(401, "ADMIN_SESSION_REQUIRED");
  if (isSafeMethod(request)) return context;
  if (!isSameOriginRequest(request)) throw adminError(403, "FOREIGN_ORIGIN");
  if (!tokensMatch(context.csrfToken, request.headers.get("X-CSRF-Token"))) throw adminError(403, "CSRF_TOKEN_INVALID");
  return context;
}

/**
 * GET /api/admin/session: the logged-in admin and the session's CSRF token (the one the admin pages put in their
 * forms), so an API client can send X-CSRF-Token on its mutations; 401 JSON without a session, never a redirect.
 */
export async function describeAdminSession(request: Request): Promise<{ user: AdminContext["user"]; csrfToken: string }> {
  const context = await requireAdminApi(request);
  return { user: context.user, csrfToken: context.csrfToken };
}

/** Admin page actions (Remix forms): session + our origin + the `_csrf` form field. */
export async function requireAdminMutation(request: Request, formData: FormData): Promise<AdminContext> {
  const context = await requireAdminPage(request);
  if (!isSameOriginRequest(request)) throw adminError(403, "FOREIGN_ORIGIN");
  const sent = formData.get("_csrf");
  if (!tokensMatch(context.csrfToken, typeof sent === "string" ? sent : null)) throw adminError(403, "CSRF_TOKEN_INVALID");
  return context;
}

/** One audit_log row: who (the admin), what (action, target), how many rows, from where. */
export async function recordAdminAction(
  context: AdminContext,
  action: string,
  details: { target?: string; rowCount?: number; details?: Record<string, unknown> } = {},
): Promise<void> {
  await recordAuditEvent(
    await getDatabase(),
    { userId: context.user.id, actor: context.user.username, ip: context.ip },
    { action, target: details.target, rowCount: details.rowCount, details: details.details },
  );
}

export const LoginCredentialsSchema = z.object({ username: z.string().trim().min(1).max(200), password: z.string().min(1).max(1000) });

const LoginFormSchema = LoginCredentialsSchema.extend({ redirectTo: z.string().optional() });

/** The login page's form → credentials and where to go afterwards (same-site admin paths only), or null. */
export function parseLoginForm(form: FormData): { credentials: z.infer<typeof LoginCredentialsSchema>; redirectTo: string } | null {
  const parsed = LoginFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return null;
  const { redirectTo, ...credentials } = parsed.data;
  return { credentials, redirectTo: safeRedirectPath(redirectTo) };
}

export type AdminLoginResult =
  | { ok: true; username: string; setCookie: string; csrfToken: string }
  | { ok: false; status: 400 | 401 | 403 | 429; code: AdminErrorCode; message: string; retryAfterSeconds?: number };

function refusal(outcome: Exclude<LoginOutcome, { ok: true }>): AdminLoginResult {
  if (outcome.code === "LOGIN_THROTTLED") {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return {
      ok: false,
      status: 429,
      code: "LOGIN_THROTTLED",
      message: `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds: outcome.retryAfterSeconds,
    };
  }
  return { ok: false, status: 401, code: "INVALID_CREDENTIALS", message: MESSAGES.INVALID_CREDENTIALS };
}

/** Login from the API or the login page's form: our origin only (no login CSRF), throttled, new session id. */
export async function logInAdmin(request: Request, credentials: { username: string; password: string }): Promise<AdminLoginResult> {
  if (!isSameOriginRequest(request)) return { ok: false, status: 403, code: "FOREIGN_ORIGIN", message: MESSAGES.FOREIGN_ORIGIN };
  const handle = await getDatabase();
  const ip = getClientIp(request);
  const outcome = await loginAdmin(handle, credentials, { ip, userAgent: request.headers.get("User-Agent") });
  if (!outcome.ok) return refusal(outcome);
  // A cookie from an earlier session in this browser is revoked, not left alive beside the new one.
  await endAdminSession(handle, await readSessionToken(request));
  await recordAuditEvent(handle, { userId: outcome.user.id, actor: outcome.user.username, ip }, { action: "admin.login" });
  return {
    ok: true,
    username: outcome.user.username,
    setCookie: await sessionCookie().serialize(outcome.session.token),
    csrfToken: outcome.session.csrfToken,
  };
}

/** Revokes the session of this request (if any) and returns the Set-Cookie that clears the cookie. */
export async function logOutAdmin(request: Request): Promise<string> {
  const context = await findAdmin(request);
  if (context) await recordAdminAction(context, "admin.logout");
  await endAdminSession(await getDatabase(), await readSessionToken(request));
  return clearSessionCookie();
}
