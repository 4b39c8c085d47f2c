// audit_log → the newest admin and operator actions, keyset-paged by id (the trail grows without bound), filtered by
// action prefix, actor and day; and the names behind the targets a page shows (a business, an import run).
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

export interface AuditFilters {
  /** Entries older than this id (the next page). */
  beforeId?: number;
  /** Action prefix: "business" finds business.delete, businesses.export… */
  action?: string;
  /** Actor prefix, case-insensitive: "cli" finds every operator command. */
  actor?: string;
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
}

/** LIKE's own characters in a typed prefix match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function listAuditEvents(handle: DatabaseHandle, options: AuditFilters & { limit: number }): Promise<AuditRow[]> {
  const params: unknown[] = [options.limit];
  const filters: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (options.beforeId !== undefined) filters.push(`id < ${add(options.beforeId)}`);
  if (options.action) filters.push(`action like ${add(`${escapeLike(options.action)}%`)}`);
  if (options.actor) filters.push(`actor ilike ${add(`${escapeLike(options.actor)}%`)}`);
  if (options.from) filters.push(`at >= ${add(options.from)}::date::timestamp at time zone 'UTC'`);
  if (options.to) filters.push(`at < (${add(options.to)}::date + 1)::timestamp at time zone 'UTC'`);
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

export interface AuditTargetName {
  name: string;
  /** The business's public slug while it is listed; null for a deleted business or another kind of target. */
  slug: string | null;
  deleted: boolean;
}

const BUSINESS_TARGET = /^business:(\d{1,15})$/;
const IMPORT_RUN_TARGET = /^import-run:(\d{1,15})$/;

/**
 * The names behind `business:<id>` (a business, or its trash entry once deleted) and `import-run:<id>` (the file)
 * targets: two indexed look-ups per page, whatever its length.
 */
export async function describeAuditTargets(handle: DatabaseHandle, targets: ReadonlyArray<string | null>): Promise<Map<string, AuditTargetName>> {
  const businessIds = new Set<number>();
  const runIds = new Set<number>();
  for (const target of targets) {
    const business = target ? BUSINESS_TARGET.exec(target) : null;
    if (business) businessIds.add(Number(business[1]));
    const run = target ? IMPORT_RUN_TARGET.exec(target) : null;
    if (run) runIds.add(Number(run[1]));
  }
  const names = new Map<string, AuditTargetName>();
  if (businessIds.size > 0) {
    // Trash rows first: a business restored since (listed again) overwrites its trash name below.
    const rows = await handle.query<{ id: number; name: string; slug: string; deleted: boolean }>(
      `select business_id::int as id, name, slug, true as deleted from deleted_businesses where business_id = any($1::bigint[])
       union all
       select id::int, name, slug, false from businesses where id = any($1::bigint[])
       order by deleted desc`,
      [[...businessIds]],
    );
    for (const row of rows) names.set(`business:${row.id}`, { name: row.name, slug: row.deleted ? null : row.slug, deleted: row.deleted });
  }
  if (runIds.size > 0) {
    const rows = await handle.query<{ id: number; file_name: string }>(
      `select id::int as id, file_name from import_runs where id = any($1::bigint[])`,
      [[...runIds]],
    );
    for (const row of rows) names.set(`import-run:${row.id}`, { name: row.file_name, slug: null, deleted: false });
  }
  return names;
}
