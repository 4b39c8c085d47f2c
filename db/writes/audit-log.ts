// Admin and operator actions → the audit trail (who, what, when, how many rows, and what changed: before → after for
// a single edit, a count and a few ids for a bulk one), shown in the admin.
import os from "node:os";
import type { DatabaseHandle } from "../client.ts";
import { auditLog } from "../schema/index.ts";

export interface AuditEvent {
  action: string;
  target?: string | null;
  rowCount?: number | null;
  details?: Record<string, unknown> | null;
}

/** Changed fields of one edit: field → its value before and after (the shape the audit screen summarises). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/** How many ids a bulk entry names; its row count covers the rest. */
export const AUDIT_SAMPLE_SIZE = 20;

/** The first ids of a bulk change, for its audit entry's `sampleIds`. */
export function sampleIds(ids: readonly number[]): number[] {
  return ids.slice(0, AUDIT_SAMPLE_SIZE);
}

export interface AuditActor {
  userId: number | null;
  actor: string;
  ip: string | null;
}

/** One audit_log row; the actor name is stored as text so the trail outlives a deleted user. */
export async function recordAuditEvent(handle: DatabaseHandle, who: AuditActor, event: AuditEvent): Promise<void> {
  await handle.db.insert(auditLog).values({
    userId: who.userId,
    actor: who.actor,
    ip: who.ip,
    action: event.action,
    target: event.target ?? null,
    rowCount: event.rowCount ?? null,
    details: event.details ?? null,
  });
}

let cliActor: string | undefined;

/**
 * Who runs this CLI process: `cli:<os user>@<host>`, so an investigation tells operators apart. NOTE: a user without a
 * passwd entry (some containers) makes userInfo throw; then the name from the environment, or "unknown".
 */
export function describeCliActor(): string {
  if (cliActor) return cliActor;
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    user = process.env.USER || process.env.LOGNAME || "unknown";
  }
  cliActor = `cli:${user}@${os.hostname()}`.slice(0, 200);
  return cliActor;
}

/** The audit actor of this CLI process (no admin user, no client address). */
export function getCliAuditActor(): AuditActor {
  return { userId: null, actor: describeCliActor(), ip: null };
}

/** One audit_log row for an operator action from the CLI (actor `cli:<os user>@<host>`, no admin user). */
export async function recordCliAuditEvent(handle: DatabaseHandle, event: AuditEvent): Promise<void> {
  await recordAuditEvent(handle, getCliAuditActor(), event);
}
