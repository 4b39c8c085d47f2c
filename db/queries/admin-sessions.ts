// Cookie-token hash / username / IP → the admin session row, the admin user row and recent login failures;
// the reads behind the admin guard and login throttling (validity rules live in app/models).
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { adminSessions, adminUsers } from "../schema/index.ts";

export interface AdminSessionRow {
  idHash: string;
  userId: number;
  username: string;
  userDisabled: boolean;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export async function findAdminSession(handle: DatabaseHandle, idHash: string): Promise<AdminSessionRow | null> {
  const [row] = await handle.db
    .select({
      idHash: adminSessions.idHash,
      userId: adminSessions.userId,
      username: adminUsers.username,
      userDisabled: adminUsers.disabled,
      csrfToken: adminSessions.csrfToken,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      revokedAt: adminSessions.revokedAt,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, sql`${adminUsers.id} = ${adminSessions.userId}`)
    .where(sql`${adminSessions.idHash} = ${idHash}`);
  return row ?? null;
}

export interface AdminUserCredentials {
  id: number;
  username: string;
  passwordHash: string;
  disabled: boolean;
}

/** Usernames are case-insensitive (the unique index is on lower(username)). */
export async function findAdminUserByUsername(handle: DatabaseHandle, username: string): Promise<AdminUserCredentials | null> {
  const [row] = await handle.db
    .select({ id: adminUsers.id, username: adminUsers.username, passwordHash: adminUsers.passwordHash, disabled: adminUsers.disabled })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`);
  return row ?? null;
}

export interface LoginFailureCounts {
  /** Failures for this username since `since` and after its last successful login. */
  accountFailures: number;
  accountOldest: Date | null;
  ipFailures: number;
  ipOldest: Date | null;
}

export async function countRecentLoginFailures(handle: DatabaseHandle, username: string, ip: string, since: Date): Promise<LoginFailureCounts> {
  const [row] = await handle.query<{ account_failures: number; account_oldest: Date | string | null; ip_failures: number; ip_oldest: Date | string | null }>(
    `with account as (
       select at from login_attempts
        where lower(username) = lower($1) and not succeeded and at > $3
          and at > coalesce((select max(at) from login_attempts where lower(username) = lower($1) and succeeded), '-infinity'::timestamptz)
     ), by_ip as (
       select at from login_attempts where ip = $2 and not succeeded and at > $3
     )
     select (select count(*)::int from account) as account_failures, (select min(at) from account) as account_oldest,
            (select count(*)::int from by_ip) as ip_failures, (select min(at) from by_ip) as ip_oldest`,
    [username, ip, since.toISOString()],
  );
  const toDate = (value: Date | string | null | undefined) => (value == null ? null : new Date(value));
  return {
    accountFailures: Number(row?.account_failures ?? 0),
    accountOldest: toDate(row?.account_oldest),
    ipFailures: Number(row?.ip_failures ?? 0),
    ipOldest: toDate(row?.ip_oldest),
  };
}
