// Buffered public page views → one UPSERT per day adding to daily_visits (never one write per page view).
import type { DatabaseHandle } from "../client.ts";

export async function addDailyVisits(handle: DatabaseHandle, day: string, pageViews: number, visitors: number): Promise<void> {
  await handle.query(
    `insert into daily_visits (day, page_views, visitors) values ($1::date, $2, $3)
     on conflict (day) do update set page_views = daily_visits.page_views + excluded.page_views, visitors = daily_visits.visitors + excluded.visitors`,
    [day, pageViews, visitors],
  );
}
