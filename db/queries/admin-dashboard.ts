// Import runs, visits, audit trail and server facts → the admin dashboard's reports, visitor figures,
// recent activity and database size.
import type { DatabaseHandle } from "../client.ts";

export interface StoredDashboardReport {
  runId: number;
  status: string;
  createdAt: Date;
  report: Record<string, unknown> | null;
}

/** Newest runs first, each with its stored dashboard report (null while the run has not finished). */
export async function listDashboardReports(handle: DatabaseHandle, limit: number): Promise<StoredDashboardReport[]> {
  const rows = await handle.query<{ run_id: number; status: string; created_at: Date | string; report: Record<string, unknown> | string | null }>(
    `select id::int as run_id, status, created_at, report -> 'dashboard' as report
       from import_runs order by created_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    runId: Number(row.run_id),
    status: row.status,
    createdAt: new Date(row.created_at),
    // NOTE: postgres.js returns jsonb selected by raw SQL as parsed JSON, PGlite too; a string means double-encoded.
    report: typeof row.report === "string" ? (JSON.parse(row.report) as Record<string, unknown>) : row.report,
  }));
}

export interface VisitDay {
  day: string;
  pageViews: number;
  visitors: number;
}

/** The last `days` days (today included), oldest first, with zero rows for days without visits. */
export async function listDailyVisits(handle: DatabaseHandle, today: string, days: number): Promise<VisitDay[]> {
  const rows = await handle.query<{ day: string; page_views: number; visitors: number }>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(v.page_views, 0)::float8 as page_views, coalesce(v.visitors, 0)::int as visitors
       from generate_series($1::date - ($2::int - 1), $1::date, interval '1 day') as d(day)
       left join daily_visits v on v.day = d.day::date
      order by d.day`,
    [today, days],
  );
  return rows.map((row) => ({ day: row.day, pageViews: Number(row.page_views), visitors: Number(row.visitors) }));
}

export async function getDatabaseSizeBytes(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ bytes: number }>("select pg_database_size(current_database())::float8 as bytes");
  return Number(row?.bytes ?? 0);
}
