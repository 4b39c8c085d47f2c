// Cookie-token hash / username → the admin session row and the admin user row; the reads behind the admin guard
// and login (validity rules live in app/models; login throttling counts in db/writes/login-attempts.ts).
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
