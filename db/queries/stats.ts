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
  /** Listings a visitor cannot place: no country, no city, no coordinates (each counted on its own). */
  missingCountry: number;
  missingCity: number;
  missingCoordinates: number;
}

export async function getDatabaseStats(handle: DatabaseHandle): Promise<DatabaseStats> {
  // NOTE: one pass over businesses for every per-row count (a separate count per figure reads the table once each).
  const [row] = await handle.query<DatabaseStats>(
    `with rows as (
       select count(*)::int as total,
              (count(*) filter (where is_approved))::int as approved,
              (count(*) filter (where is_test))::int as test_data,
              (count(*) filter (where country_code is null))::int as missing_country,
              (count(*) filter (where city is null or city_slug is null))::int as missing_city,
              (count(*) filter (where latitude is null or longitude is null))::int as missing_coordinates
       from businesses)
     select rows.total as "businesses",
            rows.approved as "approved",
            rows.test_data as "testData",
            rows.missing_country as "missingCountry",
            rows.missing_city as "missingCity",
            rows.missing_coordinates as "missingCoordinates",
            (select count(*)::int from category_counts) as "categories",
            (select count(*)::int from country_counts) as "countries",
            (select count(*)::int from city_counts) as "cities",
            (select count(*)::int from import_runs) as "importRuns",
            (select count(*)::int from admin_users) as "adminUsers"
     from rows`,
  );
  if (!row) throw new Error("stats query returned no row");
  return row;
}
