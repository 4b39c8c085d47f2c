// Test-only: a made-up directory (a 2,500-business category and city that get page anchors, small lists, an
// unapproved and a closed business, an old slug) written through the import writer (importRows), then refreshed.
import type { RawBusiness } from "../pipeline/normalize/business.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { refreshPageAnchors } from "../../db/writes/page-anchors.ts";
import { importFixtureRows } from "./import-fixture-rows.ts";

/** Businesses in the big list: enough for two anchors (positions 1,000 and 2,000) at a step of 1,000. */
export const BIG_LIST_SIZE = 2500;

/** Few distinct ratings and review counts: many equal rank scores, so the id tie-break is exercised across anchors. */
function bigRow(i: number): RawBusiness {
  return {
    name: `Restaurant ${String(i).padStart(4, "0")}`,
    category: "Restaurant",
    city: "Berlin",
    country_code: "DE",
    place_id: `big-${i}`,
    rating: [3.5, 4, 4.5][i % 3],
    reviews: [10, 100][i % 2],
    verified: i % 7 === 0,
    phone: i % 5 === 0 ? `+49 30 ${1000 + i}` : null,
  };
}

export const SMALL_ROWS: RawBusiness[] = [
  {
    name: "Alpha Bakery",
    category: "Bakery",
    city: "Berlin",
    country_code: "DE",
    place_id: "alpha",
    rating: 4.8,
    reviews: 900,
    verified: true,
    photo: "https://example.com/alpha.jpg",
    phone: "+49 30 111",
    full_address: "Hauptstraße 1, 10115 Berlin, Germany",
    latitude: 52.52,
    longitude: 13.405,
    time_zone: "Europe/Berlin",
    url: "https://alpha.example",
    about: JSON.stringify({ "Service options": { Takeout: true, Delivery: false } }),
    working_hours: JSON.stringify({ Monday: "9AM-5PM", Tuesday: "11:30am-2:30pm,5:30-11pm", Saturday: "Open 24 hours", Sunday: "Closed" }),
  },
  {
    name: "Beta Bakery",
    category: "Bakery",
    city: "Munich",
    country_code: "DE",
    place_id: "beta",
    rating: 4.1,
    reviews: 12,
    about: "Fresh bread every morning.",
  },
  { name: "Gamma Dental", category: "Dentist", city: "London", country_code: "GB", place_id: "gamma", rating: 3.9, reviews: 40 },
  { name: "Delta Café", category: "Coffee shop", city: "Zürich", country_code: "CH", place_id: "delta", rating: 4.5, reviews: 300 },
  { name: "Epsilon Prints", category: "3D printing", city: "New York", country_code: "US", place_id: "epsilon", rating: 4.2, reviews: 8 },
  { name: "Zeta Ébéniste", category: "Ébéniste", city: "Paris", country_code: "FR", place_id: "zeta", rating: 4.0, reviews: 5 },
  { name: "Eta Bakery", category: "Bakery", city: "London", country_code: "GB", place_id: "eta", rating: 3.0, reviews: 3 },
  // Top rank scores, but never featured (closed) or never public (unapproved, set below).
  {
    name: "Closed Diner",
    category: "Diner",
    city: "Amsterdam",
    country_code: "NL",
    place_id: "closed",
    rating: 5,
    reviews: 50_000,
    verified: true,
    business_status: "CLOSED_PERMANENTLY",
  },
  { name: "Hidden Place", category: "Hidden", city: "Oslo", country_code: "NO", place_id: "hidden", rating: 5, reviews: 90_000, verified: true },
];

/** Writes the fixtures, hides "Hidden Place", adds an old slug for Alpha Bakery, then refreshes counts and anchors. */
export async function seedPublicFixtures(handle: DatabaseHandle): Promise<void> {
  const rows = [...SMALL_ROWS, ...Array.from({ length: BIG_LIST_SIZE }, (_, i) => bigRow(i))];
  // The counts are refreshed below, once "Hidden Place" is hidden.
  await importFixtureRows(handle, rows, { refreshAggregates: false });
  await handle.query("update businesses set is_approved = false where place_id = 'hidden'");
  await handle.query("insert into slug_redirects (old_slug, business_id) select 'alpha-bakery-old', id from businesses where place_id = 'alpha'");
  await handle.query("insert into slug_redirects (old_slug, business_id) select 'hidden-place-old', id from businesses where place_id = 'hidden'");
  await refreshAggregates(handle);
  await refreshPageAnchors(handle);
}
