// The Meilisearch index settings for business documents: what is searched, filtered, sorted and faceted,
// and in which order relevance rules apply. Applied to every freshly built index before the swap.
import type { Settings } from "meilisearch";
import { MAX_LIST_PAGE } from "../db/rules/page-cap.ts";
import { MAX_PER_PAGE } from "./engine.ts";
import { MIN_WORD_SIZE_FOR_TYPOS } from "./typos.ts";

/** The stable name pages search; rebuilds go to `businesses_<timestamp>` and are swapped in. */
export const BUSINESS_INDEX = "businesses";

/**
 * 100 pages × 50 = 5,000 hits is all a visitor can page to; the cap is twice that because "open now" asks
 * Meilisearch for its ranked candidates and keeps the open ones in Postgres (roughly half at any hour), so
 * 10,000 candidates still fill the 100-page cap. A higher cap only makes every search count further.
 */
export const MAX_TOTAL_HITS = MAX_LIST_PAGE * MAX_PER_PAGE * 2;

export const FACET_ATTRIBUTES = ["facet_category", "country_code", "facet_city"] as const;

export const BUSINESS_INDEX_SETTINGS = {
  // Order is attribute rank: a hit in the name beats one in the category, the place, then the description.
  searchableAttributes: ["name", "category", "type", "city", "country", "full_address", "description"],
  filterableAttributes: [
    "category_slug",
    "country_code",
    "city_slug",
    "verified",
    "rating",
    "_geo",
    "has_hours",
    "status",
    "id",
    "facet_category",
    "facet_city",
  ],
  sortableAttributes: ["rating", "reviews", "rank_score", "_geo"],
  // An explicit sort (rating, reviews, distance) orders strictly, as the Postgres engine's ORDER BY does: "sort"
  // comes first, text relevance breaks its ties. Without a sort the rule does nothing, so relevance ranks as
  // before: words, typos, proximity, attribute, exactness; popularity breaks the last ties.
  rankingRules: ["sort", "words", "typo", "proximity", "attribute", "exactness", "rank_score:desc"],
  // Typos in house numbers, postcodes and years would match the wrong place. Word sizes: the Postgres engine's too.
  typoTolerance: { enabled: true, disableOnNumbers: true, minWordSizeForTypos: { ...MIN_WORD_SIZE_FOR_TYPOS } },
  // Facets come back biggest first; 500 values per facet leaves room to merge label variants of one slug.
  faceting: { maxValuesPerFacet: 500, sortFacetValuesBy: { "*": "count" } },
  pagination: { maxTotalHits: MAX_TOTAL_HITS },
  // A slow query is cut rather than holding a page: it returns what it ranked so far.
  searchCutoffMs: 1500,
} satisfies Settings;
