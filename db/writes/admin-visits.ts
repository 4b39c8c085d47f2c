// Buffered public page views and new visitor keys → one statement per day: the keys no host stored yet today are
// inserted into daily_visitors and only those count as visitors in daily_visits (never one write per page view).
import type { DatabaseHandle } from "../client.ts";

export async function addDailyVisits(handle: DatabaseHandle, day: string, pageViews: number, visitorKeys: string[]): Promise<void> {
  await handle.query(
    `with fresh as (
       insert into daily_visitors (day, visitor_key)
       select $1::date, key from jsonb_array_elements_text($3::jsonb) as key
       on conflict do nothing
       returning 1
     )
     insert into daily_visits (day, page_views, visitors) values ($1::date, $2, (select count(*) from fresh))
     on conflict (day) do update set page_views = daily_visits.page_views + excluded.page_views, visitors = daily_visits.visitors + excluded.visitors`,
    [day, pageViews, JSON.stringify(visitorKeys)],
  );
}
