// audit_log → the newest admin and operator actions, keyset-paged by id (the trail grows without bound).
import type { DatabaseHandle } from "../client.ts";

export interface AuditRow {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  rowCount: number | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  at: Date;
}

export async function listAuditEvents(handle: DatabaseHandle, options: { limit: number; beforeId?: number; action?: string }): Promise<AuditRow[]> {
  const params: unknown[] = [options.limit];
  const filters: string[] = [];
  if (options.beforeId !== undefined) {
    params.push(options.beforeId);
    filters.push(`id < $${params.length}`);
  }
  if (options.action) {
    params.push(`${options.action}%`);
    filters.push(`action like $${params.length}`);
  }
  const rows = await handle.query<{
    id: number;
    actor: string;
    action: string;
    target: string | null;
    row_count: number | null;
    details: unknown;
    ip: string | null;
    at: Date | string;
  }>(
    `select id::int as id, actor, action, target, row_count, details, ip, at from audit_log
      ${filters.length ? `where ${filters.join(" and ")}` : ""} order by id desc limit $1`,
    params,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    actor: row.actor,
    action: row.action,
    target: row.target,
    rowCount: row.row_count === null ? null : Number(row.row_count),
    details: (typeof row.details === "string" ? JSON.parse(row.details) : row.details) as Record<string, unknown> | null,
    ip: row.ip,
    at: new Date(row.at),
  }));
}
