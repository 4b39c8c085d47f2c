// Credentials / cookie token → an admin session in Postgres: new random id per login, idle and absolute expiry,
// revocation, and per-account / per-IP login throttling. The clock is a parameter so tests can move it.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { DatabaseHandle } from "../../db/client.ts";
import { countRecentLoginFailures, findAdminSession, findAdminUserByUsername } from "../../db/queries/admin-sessions.ts";
import { hashPassword, verifyPassword } from "../../db/writes/admin-users.ts";
import { insertAdminSession, insertLoginAttempt, markAdminLogin, pruneAdminSessions, revokeAdminSession, touchAdminSession } from "../../db/writes/admin-sessions.ts";

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is rewritten at most this often: one UPDATE a minute per admin, not one per request. */
export const SESSION_TOUCH_MS = 60_000;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_IP_FAILURES = 20;

export interface ValidSession {
  idHash: string;
  user: { id: number; username: string };
  csrfToken: string;
  expiresAt: Date;
}

export type SessionProblem = "MISSING" | "UNKNOWN" | "REVOKED" | "EXPIRED" | "IDLE" | "USER_DISABLED";

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Constant-time string comparison (CSRF tokens). */
export function tokensMatch(expected: string, actual: string | null | undefined): boolean {
  if (!actual) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface StartedSession {
  /** Goes into the cookie only; the database keeps its SHA-256. */
  token: string;
  idHash: string;
  csrfToken: string;
  expiresAt: Date;
}

/** A brand-new session id on every login: a token planted before login (fixation) is never reused. */
export async function startAdminSession(
  handle: DatabaseHandle,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<StartedSession> {
  const token = randomToken();
  const idHash = hashSessionToken(token);
  const csrfToken = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await insertAdminSession(handle, { idHash, userId, csrfToken, createdAt: now, expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null });
  return { token, idHash, csrfToken, expiresAt };
}

export async function validateAdminSession(
  handle: DatabaseHandle,
  token: string | null | undefined,
  now = new Date(),
): Promise<{ ok: true; session: ValidSession } | { ok: false; problem: SessionProblem }> {
  if (!token) return { ok: false, problem: "MISSING" };
  const row = await findAdminSession(handle, hashSessionToken(token));
  if (!row) return { ok: false, problem: "UNKNOWN" };
  if (row.revokedAt) return { ok: false, problem: "REVOKED" };
  if (row.userDisabled) return { ok: false, problem: "USER_DISABLED" };
  if (now.getTime() >= row.expiresAt.getTime()) return { ok: false, problem: "EXPIRED" };
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_IDLE_MS) return { ok: false, problem: "IDLE" };
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await touchAdminSession(handle, row.idHash, now);
  return { ok: true, session: { idHash: row.idHash, user: { id: row.userId, username: row.username }, csrfToken: row.csrfToken, expiresAt: row.expiresAt } };
}

export async function endAdminSession(handle: DatabaseHandle, token: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!token) return false;
  return revokeAdminSession(handle, hashSessionToken(token), now);
}

export type LoginOutcome =
  | { ok: true; user: { id: number; username: string }; session: StartedSession }
  | { ok: false; code: "INVALID_CREDENTIALS" }
  | { ok: false; code: "LOGIN_THROTTLED"; retryAfterSeconds: number };

let dummyHash: Promise<string> | undefined;

/**
 * Throttle check → password check → new session. A throttled attempt is refused before the password is
 * looked at (so guessing stops), and unknown usernames cost one scrypt too (so they cannot be told apart by time).
 */
export async function loginAdmin(
  handle: DatabaseHandle,
  credentials: { username: string; password: string },
  meta: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<LoginOutcome> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const failures = await countRecentLoginFailures(handle, credentials.username, meta.ip, since);
  const waits: number[] = [];
  if (failures.accountFailures >= MAX_ACCOUNT_FAILURES && failures.accountOldest) waits.push(failures.accountOldest.getTime() + THROTTLE_WINDOW_MS - now.getTime());
  if (failures.ipFailures >= MAX_IP_FAILURES && failures.ipOldest) waits.push(failures.ipOldest.getTime() + THROTTLE_WINDOW_MS - now.getTime());
  if (waits.length > 0) return { ok: false, code: "LOGIN_THROTTLED", retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };

  const user = await findAdminUserByUsername(handle, credentials.username);
  dummyHash ??= hashPassword(randomToken());
  const valid = user && !user.disabled ? await verifyPassword(credentials.password, user.passwordHash) : (await verifyPassword(credentials.password, await dummyHash)) && false;
  await insertLoginAttempt(handle, { username: credentials.username.slice(0, 200), ip: meta.ip, succeeded: Boolean(valid), at: now });
  if (!valid || !user) return { ok: false, code: "INVALID_CREDENTIALS" };

  const session = await startAdminSession(handle, user.id, meta, now);
  await markAdminLogin(handle, user.id, now);
  // NOTE: pruning on login (rare) keeps both tables small without a scheduler.
  await pruneAdminSessions(handle, new Date(now.getTime() - 7 * 24 * 60 * 60_000));
  return { ok: true, user: { id: user.id, username: user.username }, session };
}
