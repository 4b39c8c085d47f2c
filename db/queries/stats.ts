// Row counts for `directory stats` and the admin dashboard: exact where cheap, precomputed where not.
import type { DatabaseHandle } from "../client.ts";

export interface DatabaseStats {
  businesses: number;
  approved: number;
  testData: number;
  categories: number;
  countries: number;
  cities: number;
  importRuns: number;
  adminUsers: number;
}

export async function getDatabaseStats(handle: DatabaseHandle): Promise<DatabaseStats> {
  const [row] = await handle.query<DatabaseStats>(
    `select (select count(*)::int from businesses) as "businesses",
            (select count(*)::int from businesses where is_approved) as "approved",
            (select count(*)::int from businesses where is_test) as "testData",
            (select count(*)::int from category_counts) as "categories",
            (select count(*)::int from country_counts) as "countries",
            (select count(*)::int from city_counts) as "cities",
            (select count(*)::int from import_runs) as "importRuns",
            (select count(*)::int from admin_users) as "adminUsers"`,
  );
  if (!row) throw new Error("stats query returned no row");
  return row;
}
