// Admin session rows → created, touched, revoked, pruned; the writes behind login and logout.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { adminSessions, adminUsers } from "../schema/index.ts";

export interface NewAdminSession {
  idHash: string;
  userId: number;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertAdminSession(handle: DatabaseHandle, session: NewAdminSession): Promise<void> {
  await handle.db.insert(adminSessions).values({ ...session, lastSeenAt: session.createdAt });
}

/** Slides the idle window; a revoked session stays revoked. */
export async function touchAdminSession(handle: DatabaseHandle, idHash: string, at: Date): Promise<void> {
  await handle.db
    .update(adminSessions)
    .set({ lastSeenAt: at })
    .where(and(eq(adminSessions.idHash, idHash), isNull(adminSessions.revokedAt)));
}

export async function revokeAdminSession(handle: DatabaseHandle, idHash: string, at: Date): Promise<boolean> {
  const rows = await handle.db
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(and(eq(adminSessions.idHash, idHash), isNull(adminSessions.revokedAt)))
    .returning({ idHash: adminSessions.idHash });
  return rows.length > 0;
}

/** Every live session of a user (password change, disabled account). */
export async function revokeUserSessions(handle: DatabaseHandle, userId: number, at: Date): Promise<number> {
  const rows = await handle.db
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(and(eq(adminSessions.userId, userId), isNull(adminSessions.revokedAt)))
    .returning({ idHash: adminSessions.idHash });
  return rows.length;
}

/** Drops sessions that ended before `before`: the table stays small. */
export async function pruneAdminSessions(handle: DatabaseHandle, before: Date): Promise<void> {
  await handle.db
    .delete(adminSessions)
    .where(or(lt(adminSessions.expiresAt, before), lt(adminSessions.revokedAt, before), lt(adminSessions.lastSeenAt, before)));
}

export async function markAdminLogin(handle: DatabaseHandle, userId: number, at: Date): Promise<void> {
  await handle.db
    .update(adminUsers)
    .set({ lastLoginAt: sql`${at.toISOString()}::timestamptz` })
    .where(eq(adminUsers.id, userId));
}
