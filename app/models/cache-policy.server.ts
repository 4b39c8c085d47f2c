// Every Cache-Control the site sends → one named policy per kind of answer; routes and models use the names, so a
// freshness rule (the spec's 2 h lists, 30 min featured, 10 min details) changes in one place.

/** Homepage data, categories, countries, cities: fresh for 2 hours. */
export const CACHE_LISTS = "public, max-age=7200, stale-while-revalidate=3600";
/** Featured businesses and the home page: 30 minutes. */
export const CACHE_FEATURED = "public, max-age=1800, stale-while-revalidate=900";
/** Business detail and the country, category and city detail pages (and redirects to them): 10 minutes. */
export const CACHE_DETAIL = "public, max-age=600, stale-while-revalidate=300";
/** Search results move with every import: a short shared cache keeps popular searches cheap without going stale. */
export const CACHE_SEARCH = "public, max-age=60, stale-while-revalidate=60";
/** As-you-type suggestions: 5 minutes. */
export const CACHE_SUGGEST = "public, max-age=300, stale-while-revalidate=300";
/** Legal pages change only with a release; crawlers and visitors may keep them for the spec's 10 minutes. */
export const CACHE_LEGAL = "public, max-age=600, stale-while-revalidate=86400";
/** The contact page's empty form: 10 minutes (its answers to a POST are never cached). */
export const CACHE_CONTACT_FORM = "public, max-age=600";
/** Sitemaps: an hour. */
export const CACHE_SITEMAP = "public, max-age=3600, stale-while-revalidate=600";
/** robots.txt: a day. */
export const CACHE_ROBOTS = "public, max-age=86400";
/** Files whose URL carries their version: kept for a year. */
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
/** Errors, the back-office and anything personal: kept by no cache, the browser's included. */
export const NO_STORE = "no-store";
/** A streamed answer (upload progress): not stored, and no proxy may compress or buffer it. */
export const NO_STORE_STREAM = "no-store, no-transform";
