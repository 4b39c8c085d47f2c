// Home page data: site totals, featured businesses and the three top-12 panels, from precomputed tables.
import { getDatabase } from "../../db/client.ts";
import { getSiteTotals, listFeaturedBusinesses, listTopCategories, listTopCities, listTopCountries } from "../../db/queries/home.ts";
import { countryName } from "~/utils/countries";

export const HOME_PANEL_SIZE = 12;
export const FEATURED_COUNT = 12;

export async function getHomePage() {
  const handle = await getDatabase();
  const [totals, featured, categories, cities, countries] = await Promise.all([
    getSiteTotals(handle),
    listFeaturedBusinesses(handle, FEATURED_COUNT),
    listTopCategories(handle, HOME_PANEL_SIZE),
    listTopCities(handle, HOME_PANEL_SIZE),
    listTopCountries(handle, HOME_PANEL_SIZE),
  ]);
  return {
    totals,
    featured,
    popularCategories: categories.map((c) => ({ category: c.category, slug: c.category_slug, count: c.count })),
    topCities: cities.map((c) => ({ city: c.city, slug: c.city_slug, countryCode: c.country_code.toLowerCase(), count: c.count })),
    topCountries: countries.map((c) => ({ country: countryName(c.country_code), slug: c.country_slug, businessCount: c.business_count })),
  };
}
