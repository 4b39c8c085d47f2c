// Credentials / cookie token → an admin session in Postgres: new random id per login, idle and absolute expiry,
// revocation, and login throttling that slows guessing per (account, address) and per address without ever
// locking the owner out. The clock is a parameter so tests can move it.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { DatabaseHandle } from "../../db/client.ts";
import { findAdminSession, findAdminUserByUsername } from "../../db/queries/admin-sessions.ts";
import { insertAdminSession, markAdminLogin, pruneAdminSessions, revokeAdminSession, touchAdminSession } from "../../db/writes/admin-sessions.ts";
import { hashPassword, verifyPassword } from "../../db/writes/admin-users.ts";
import {
  markLoginSucceeded,
  pruneLoginAttempts,
  reserveLoginAttempt,
  type LoginAttemptKey,
  type LoginFailureCounts,
  type LoginThrottleVerdict,
} from "../../db/writes/login-attempts.ts";
import { throttleAddressKey } from "./client-ip.server";

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is rewritten at most this often: one UPDATE a minute per admin, not one per request. */
export const SESSION_TOUCH_MS = 60_000;

/** The sliding window the failure limits below count in. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed logins of one account from one address per window; then that address waits (the account does not). */
export const MAX_ACCOUNT_ADDRESS_FAILURES = 5;
/** Failed logins from one address, over all accounts, per window. */
export const MAX_ADDRESS_FAILURES = 20;
/**
 * Failed logins of one account from all addresses per window from which the account counts as under attack:
 * then only addresses that have not failed on it for FAILED_ADDRESS_MEMORY_MS (or where it logged in before)
 * are heard. The attacker's addresses each get one more guess a day; the owner's clean address is never refused.
 */
export const ACCOUNT_ALERT_FAILURES = 5;
export const FAILED_ADDRESS_MEMORY_MS = 24 * 60 * 60_000;
/** An address this account logged in from successfully within this time is its owner's, and is not slowed by an attack elsewhere. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
/** Ended sessions and failed attempts are kept this long (a look back after an attack); successes KNOWN_ADDRESS_MS. */
const HISTORY_RETENTION_MS = 7 * 24 * 60 * 60_000;

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
  await insertAdminSession(handle, {
    idHash,
    userId,
    csrfToken,
    createdAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
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
  return {
    ok: true,
    session: { idHash: row.idHash, user: { id: row.userId, username: row.username }, csrfToken: row.csrfToken, expiresAt: row.expiresAt },
  };
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
 * Throttle rules on the failures counted before this attempt (see the constants). Refuses when this address has
 * failed too often overall or on this account, or when the account is under attack and this address has failed on
 * it recently without ever having logged in to it; the wait given is until the last refusing rule lets go.
 */
export function decideLoginThrottle(counts: LoginFailureCounts, now: Date): LoginThrottleVerdict {
  const at = now.getTime();
  const waits: number[] = [];
  if (counts.addressFailures >= MAX_ADDRESS_FAILURES) waits.push((counts.addressOldestAt ?? at) + THROTTLE_WINDOW_MS - at);
  if (counts.pairFailures >= MAX_ACCOUNT_ADDRESS_FAILURES) waits.push((counts.pairOldestAt ?? at) + THROTTLE_WINDOW_MS - at);
  if (counts.accountFailures >= ACCOUNT_ALERT_FAILURES && counts.pairRecentFailures > 0 && !counts.knownAddress) {
    // Free again when the attack calms down (the account's count falls under the alert) or this address's last failure is forgotten.
    const calm = (counts.accountNthNewestAt ?? at) + THROTTLE_WINDOW_MS - at;
    const forgotten = (counts.pairRecentNewestAt ?? at) + FAILED_ADDRESS_MEMORY_MS - at;
    waits.push(Math.min(calm, forgotten));
  }
  if (waits.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
}

export type LoginEvaluation = { reserved: true; attemptId: number; key: LoginAttemptKey } | { reserved: false; retryAfterSeconds: number };

/**
 * Decides whether this attempt may have its password checked and, if so, records it as a failure at once, atomically
 * (a burst of concurrent guesses counts like a sequence): the throttle half of a login, without the scrypt.
 */
export async function reserveLoginEvaluation(
  handle: DatabaseHandle,
  attempt: { username: string; ip: string },
  now = new Date(),
): Promise<LoginEvaluation> {
  const key = { username: attempt.username.slice(0, 200), address: throttleAddressKey(attempt.ip) };
  const periods = {
    windowStart: new Date(now.getTime() - THROTTLE_WINDOW_MS),
    memoryStart: new Date(now.getTime() - FAILED_ADDRESS_MEMORY_MS),
    knownSince: new Date(now.getTime() - KNOWN_ADDRESS_MS),
    accountNthNewest: ACCOUNT_ALERT_FAILURES,
  };
  const reservation = await reserveLoginAttempt(handle, key, now, periods, (counts) => decideLoginThrottle(counts, now));
  return reservation.reserved ? { ...reservation, key } : reservation;
}

/**
 * Reserve the attempt → password check → new session. A right password turns the reserved failure into a success
 * and forgives this address's earlier failures on the account. Unknown usernames cost one scrypt too (so they
 * cannot be told apart by time) and are throttled like any other account.
 */
export async function loginAdmin(
  handle: DatabaseHandle,
  credentials: { username: string; password: string },
  meta: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<LoginOutcome> {
  const reservation = await reserveLoginEvaluation(handle, { username: credentials.username, ip: meta.ip }, now);
  if (!reservation.reserved) return { ok: false, code: "LOGIN_THROTTLED", retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await findAdminUserByUsername(handle, credentials.username);
  dummyHash ??= hashPassword(randomToken());
  const valid =
    user && !user.disabled
      ? await verifyPassword(credentials.password, user.passwordHash)
      : (await verifyPassword(credentials.password, await dummyHash)) && false;
  if (!valid || !user) return { ok: false, code: "INVALID_CREDENTIALS" };

  await markLoginSucceeded(handle, reservation.attemptId, reservation.key, now);
  const session = await startAdminSession(handle, user.id, meta, now);
  await markAdminLogin(handle, user.id, now);
  // NOTE: pruning on login (rare) keeps both tables small without a scheduler; successes are kept as long as they
  // mark a known address.
  await pruneAdminSessions(handle, new Date(now.getTime() - HISTORY_RETENTION_MS));
  await pruneLoginAttempts(handle, {
    failuresBefore: new Date(now.getTime() - HISTORY_RETENTION_MS),
    successesBefore: new Date(now.getTime() - KNOWN_ADDRESS_MS),
  });
  return { ok: true, user: { id: user.id, username: user.username }, session };
}
