// A login attempt (account, address) → a reserved attempt row or a refusal, decided under per-account and
// per-address locks before the password is hashed, so a burst of concurrent guesses counts like a sequence.
import { and, eq, isNull, lt, not, or, sql, type SQL } from "drizzle-orm";
import type { DatabaseHandle, Db } from "../client.ts";
import { loginAttempts } from "../schema/index.ts";

/** Namespaces of the transaction-level advisory locks (two-key form: namespace, hashtext(key)). */
const ACCOUNT_LOCK_NAMESPACE = 4_210_018;
const ADDRESS_LOCK_NAMESPACE = 4_210_019;

export interface LoginAttemptKey {
  /** Compared case-insensitively, like the unique index on admin_users. */
  username: string;
  /** The throttle's address key (an IPv4 address or an IPv6 /64 prefix). */
  address: string;
}

/** The periods the counts cover; each is the start of a look-back ending now. */
export interface LoginCountPeriods {
  windowStart: Date;
  /** Start of the longer memory of an address's failures on this account (≤ windowStart). */
  memoryStart: Date;
  /** A success of this account from this address after this makes the address a known one. */
  knownSince: Date;
  /** Which failure of the account, newest first, to return the time of (1 = the newest). */
  accountNthNewest: number;
}

/** Failures not forgiven (cleared) by a success, an unlock or a password change. Times are epoch milliseconds. */
export interface LoginFailureCounts {
  /** This address, any account, in the window. */
  addressFailures: number;
  addressOldestAt: number | null;
  /** This account from this address, in the window. */
  pairFailures: number;
  pairOldestAt: number | null;
  /** This account from any address, in the window. */
  accountFailures: number;
  accountNthNewestAt: number | null;
  /** This account from this address, in the longer memory. */
  pairRecentFailures: number;
  pairRecentNewestAt: number | null;
  /** This account logged in successfully from this address since knownSince. */
  knownAddress: boolean;
}

export type LoginThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type LoginReservation = { reserved: true; attemptId: number } | { reserved: false; retryAfterSeconds: number };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The first row of a raw statement on either driver (postgres.js returns an array, PGlite `{ rows }`). */
async function selectOne<T>(tx: Tx, query: SQL): Promise<T | undefined> {
  const result = (await tx.execute(query)) as unknown as T[] | { rows: T[] };
  return (Array.isArray(result) ? result : result.rows)[0];
}

const epochMs = (value: SQL) => sql`(extract(epoch from ${value}) * 1000)::float8`;
const toNumberOrNull = (value: unknown) => (value == null ? null : Number(value));

async function countFailures(tx: Tx, key: LoginAttemptKey, periods: LoginCountPeriods): Promise<LoginFailureCounts> {
  const windowStart = sql`${periods.windowStart.toISOString()}::timestamptz`;
  const memoryStart = sql`${periods.memoryStart.toISOString()}::timestamptz`;
  const knownSince = sql`${periods.knownSince.toISOString()}::timestamptz`;
  const account = sql`lower(username) = lower(${key.username})`;
  // NOTE: no upper bound on `at`: a concurrent attempt that took its clock a moment later than ours must count too.
  const row = await selectOne<Record<string, unknown>>(
    tx,
    sql`with address_window as (
          select at from login_attempts where ip = ${key.address} and not succeeded and cleared_at is null and at > ${windowStart}
        ), account_window as (
          select at, ip from login_attempts where ${account} and not succeeded and cleared_at is null and at > ${windowStart}
        ), pair_memory as (
          select at from login_attempts where ${account} and ip = ${key.address} and not succeeded and cleared_at is null and at > ${memoryStart}
        )
        select (select count(*)::int from address_window) as address_failures,
               (select ${epochMs(sql`min(at)`)} from address_window) as address_oldest_at,
               (select count(*)::int from account_window where ip = ${key.address}) as pair_failures,
               (select ${epochMs(sql`min(at)`)} from account_window where ip = ${key.address}) as pair_oldest_at,
               (select count(*)::int from account_window) as account_failures,
               (select ${epochMs(sql`at`)} from account_window order by at desc offset ${Math.max(0, periods.accountNthNewest - 1)}::int limit 1) as account_nth_newest_at,
               (select count(*)::int from pair_memory) as pair_recent_failures,
               (select ${epochMs(sql`max(at)`)} from pair_memory) as pair_recent_newest_at,
               exists (select 1 from login_attempts where ${account} and ip = ${key.address} and succeeded and at > ${knownSince}) as known_address`,
  );
  return {
    addressFailures: Number(row?.address_failures ?? 0),
    addressOldestAt: toNumberOrNull(row?.address_oldest_at),
    pairFailures: Number(row?.pair_failures ?? 0),
    pairOldestAt: toNumberOrNull(row?.pair_oldest_at),
    accountFailures: Number(row?.account_failures ?? 0),
    accountNthNewestAt: toNumberOrNull(row?.account_nth_newest_at),
    pairRecentFailures: Number(row?.pair_recent_failures ?? 0),
    pairRecentNewestAt: toNumberOrNull(row?.pair_recent_newest_at),
    knownAddress: row?.known_address === true,
  };
}

/**
 * Counts the failures of this account and address and, when `decide` allows it, records the attempt as a failure
 * at once; the caller then checks the password and calls markLoginSucceeded if it was right. The count and the
 * insert run in one transaction under the account's and the address's locks (always taken in that order, so two
 * attempts never wait on each other crosswise): concurrent guesses are decided one after another, each seeing the
 * ones reserved before it even while their passwords are still being hashed.
 */
export async function reserveLoginAttempt(
  handle: DatabaseHandle,
  key: LoginAttemptKey,
  at: Date,
  periods: LoginCountPeriods,
  decide: (counts: LoginFailureCounts) => LoginThrottleVerdict,
): Promise<LoginReservation> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_NAMESPACE}::int, hashtext(lower(${key.username})))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_NAMESPACE}::int, hashtext(${key.address}))`);
    const verdict = decide(await countFailures(tx, key, periods));
    if (!verdict.allowed) return { reserved: false as const, retryAfterSeconds: verdict.retryAfterSeconds };
    const [row] = await tx
      .insert(loginAttempts)
      .values({ username: key.username, ip: key.address, succeeded: false, at })
      .returning({ id: loginAttempts.id });
    if (!row) throw new Error("login attempt insert returned no row");
    return { reserved: true as const, attemptId: row.id };
  });
}

/** The reserved attempt succeeded: it stops counting, and so do the earlier failures of this account from this address. */
export async function markLoginSucceeded(handle: DatabaseHandle, attemptId: number, key: LoginAttemptKey, at: Date): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    await tx
      .update(loginAttempts)
      .set({ clearedAt: at })
      .where(
        and(
          sql`lower(${loginAttempts.username}) = lower(${key.username})`,
          eq(loginAttempts.ip, key.address),
          not(loginAttempts.succeeded),
          isNull(loginAttempts.clearedAt),
        ),
      );
  });
}

export interface ClearedLoginFailures {
  clearedFailures: number;
  addresses: number;
}

/** Forgives every failure of this account (unlock, new password): no address is throttled on its account any more. */
export async function clearLoginFailures(handle: DatabaseHandle, username: string, at: Date): Promise<ClearedLoginFailures> {
  const rows = await handle.db
    .update(loginAttempts)
    .set({ clearedAt: at })
    .where(and(sql`lower(${loginAttempts.username}) = lower(${username})`, not(loginAttempts.succeeded), isNull(loginAttempts.clearedAt)))
    .returning({ ip: loginAttempts.ip });
  return { clearedFailures: rows.length, addresses: new Set(rows.map((row) => row.ip)).size };
}

/** Drops failures older than `failuresBefore` and successes older than `successesBefore`: the table stays small. */
export async function pruneLoginAttempts(handle: DatabaseHandle, cutoffs: { failuresBefore: Date; successesBefore: Date }): Promise<void> {
  await handle.db
    .delete(loginAttempts)
    .where(or(and(not(loginAttempts.succeeded), lt(loginAttempts.at, cutoffs.failuresBefore)), lt(loginAttempts.at, cutoffs.successesBefore)));
}
