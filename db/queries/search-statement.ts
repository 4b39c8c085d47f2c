// A composed search plan (text match, filters, sort, page) → one SQL round trip returning the page of hits,
// the exact total and the facet counts over the matched set (and, gated, the typo vocabulary beside them).
// Only approved businesses are ever returned; closed ones only when the text matches their name. All SQL is valid on PostgreSQL 15 and PGlite (PostgreSQL 18).
import type { DatabaseHandle } from "../client.ts";
import { listNearCells } from "../rules/near-cells.ts";
import { buildSearchShardCondition, measureShardCoverage, SEARCH_SHARDS } from "../rules/search-shards.ts";
import { listedCondition, listedConditionBesideRankIndexes } from "./listed.ts";
import { buildWordVocabularySql, readJson, readVocabulary, type WordVocabulary } from "./search-vocabulary.ts";

/** Collects bind parameters and hands out their `$n` placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export type SearchSort = "relevance" | "rating" | "reviews" | "distance";

export interface SearchTextMatch {
  /** Passed through `websearch_to_tsquery('simple', directory_unaccent(…))`: words, "phrases", or, -not. */
  websearch: string | null;
  /**
   * Passed through `to_tsquery('simple', directory_unaccent(…))` and ANDed with `websearch`.
   * NOTE: the caller builds it from letter/digit tokens only (quoted), so user text never reaches tsquery syntax.
   */
  tsquery: string | null;
  /** Typo fallback: also match names whose trigram similarity to this text reaches FUZZY_NAME_SIMILARITY. */
  fuzzyName: string | null;
}

export interface SearchFilters {
  categorySlug?: string;
  countryCode?: string;
  citySlug?: string;
  /** A location that named a city: any of these (country, city) pairs. */
  cities?: Array<{ countryCode: string; citySlug: string }>;
  verified?: boolean;
  minRating?: number;
  near?: { lat: number; lng: number; radiusKm: number };
  /** Only businesses inside this box (west ≤ east, south ≤ north), read through the (latitude, longitude) index. */
  bbox?: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  /** Only businesses open at this instant in their own time zone (and operational). */
  openAt?: Date;
  /** Restrict to these ids (an external engine's candidates); with sort "relevance" their order is kept. */
  candidateIds?: number[];
}

export interface BusinessSearchPlan {
  text: SearchTextMatch | null;
  filters: SearchFilters;
  sort: SearchSort;
  limit: number;
  offset: number;
  facets: boolean;
  /** Facet values per dimension. */
  facetLimit?: number;
  /** Matches counted exactly and used for facets; more than this and both are estimated (default MATCH_SAMPLE_SIZE). */
  sampleSize?: number;
  /**
   * Typo look-ups answered by the same statement (see findWordVocabulary) when it finds fewer than `belowTotal`
   * matches: a misspelt search then needs no separate round trip for its corrections.
   */
  vocabulary?: { words: string[]; minSimilarity: number; belowTotal: number };
  /** The caller expects more matches than the sample holds: the planner's estimate is asked for in parallel. */
  likelySampled?: boolean;
}

export interface SearchHitRow {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  type: string | null;
  city: string | null;
  countryCode: string | null;
  fullAddress: string | null;
  street: string | null;
  district: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  phoneE164: string | null;
  /** Canonical week and zone, for the card's open line (read on the visitor's clock). */
  workingHours: unknown;
  /** Dated special days ({"2026-12-25": []}), or null. */
  specialHours: unknown;
  timeZone: string | null;
  photo: string | null;
  verified: boolean;
  /** "operational", or a closed business found by its name; absent means operational. */
  status?: string;
  latitude: number | null;
  longitude: number | null;
  distanceKm: number | null;
}

export interface FacetCountRow {
  value: string;
  label: string;
  count: number;
  countryCode?: string;
}

export interface BusinessSearchRows {
  hits: SearchHitRow[];
  total: number;
  /** The plan's typo look-ups, when it asked for them and found fewer than `belowTotal` matches; else null. */
  vocabulary: WordVocabulary | null;
  /** True when the match set outgrew the sample: the total is an estimate and facet counts are lower bounds. */
  approximate: boolean;
  facets: { category: FacetCountRow[]; country: FacetCountRow[]; city: FacetCountRow[] } | null;
}

/**
 * Up to this many matches are counted exactly and give exact facet counts. A bigger match set (a broad word at a
 * million businesses) is sampled: the total is estimated, and facets count the sample's matches only (each a lower
 * bound of what its filter returns, never above it). Meilisearch bounds its counts the same way (maxTotalHits,
 * estimatedTotalHits).
 */
export const MATCH_SAMPLE_SIZE = 1000;
/**
 * In a sampled match set, relevance re-ranks this many of the best-known matches by text score (the first page of
 * 20). NOTE: each of them costs a heap read found by walking the rank index, so a bigger window is paid by every
 * broad search; deeper pages continue in rank order and cost what they read.
 */
export const RERANK_WINDOW = 20;
/** A broad search looks for its best matches among this many of the most popular businesses (of its filters). */
export const RANK_WALK = 2000;
/**
 * "Open now" thins a match set to a third to a half, and is the dearest condition per row (the business's clock is
 * read through its time zone): a sample of 1,001 open matches read 2–3× the rows of a sample of 1,001 matches, and
 * tested each (45 of 50 ms for "restaurant" open now at 1M, against 3 ms without the filter). With the filter
 * deferred, the sample reads up to MATCH_SAMPLE_SIZE matches of the other conditions and keeps the open ones: counts
 * and facets stay exact when all matches fit in the sample, and are estimates and lower bounds otherwise, as before.
 * NOTE: the sample then holds fewer open rows than a page may need (page 30 of a broad search, or a country at night):
 * the statement says so, and a second one reads the sample again with the filter applied while reading, up to the
 * page's rows and one more (buildSearchStatement's reReadOpen). Not used for a distance search (its ring reads the box).
 */
export const DEFERRED_OPEN_NOW = true;

/**
 * A word near a point is read through its grid cells (migration 0037) while the entries the index decodes (the word's
 * matches in the whole directory, as the planner estimates them, once per cell) times the word's share of the
 * directory stay under this. Through the cells the cost grows with the word's posting list, read again for each cell
 * (~7 ns an entry); row by row it shrinks as the word gets commoner, since the box's rows are read until the sample's
 * 1,001 matches (1,001 ÷ share rows, ~4 µs each). At 5M businesses: "restaurant" (1.38M matches, share 0.28) near New
 * York (4 cells) took 41 ms in the index alone and 62 ms row by row (score 1.5M); "coffee" (440k, 6 cells near
 * London: 230k) 40 against 52 for the whole search; "salon" (327k) near São Paulo 27–56 ms against 89–205; at 1M "restaurant" (270k) near
 * New York (290k) 25 against 20.
 */
export const MAX_NEAR_CELL_SCORE = 250_000;

const EARTH_RADIUS_KM = 6371.0088;
/**
 * A distance sort first reads the rings of radius ÷ these around its point, innermost first (see buildSearchStatement):
 * a sixteenth of the radius holds a page in a big city's centre, a quarter in a town's.
 */
export const NEAREST_RING_DIVISORS = [16, 4] as const;
/** Trigram similarity a whole name needs to match a misspelled query ("starbuks" → "Starbucks"). */
export const FUZZY_NAME_SIMILARITY = 0.5;
const KM_PER_DEGREE_LATITUDE = 111.045;

/** ts_rank_cd weights in {D, C, B, A} order: a name hit outweighs category, location and description hits. */
const RANK_WEIGHTS = "'{0.1, 0.2, 0.4, 1.0}'";

function buildTsqueryExpression(text: SearchTextMatch, params: Params): string | null {
  const parts: string[] = [];
  if (text.websearch) parts.push(`websearch_to_tsquery('simple', directory_unaccent(${params.add(text.websearch)}))`);
  if (text.tsquery) parts.push(`to_tsquery('simple', directory_unaccent(${params.add(text.tsquery)}))`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(" && ")})`;
}

function buildDistanceExpression(lat: string, lng: string): string {
  return `(${EARTH_RADIUS_KM} * 2 * asin(least(1.0, sqrt(
      power(sin(radians(b.latitude - ${lat}) / 2), 2)
      + cos(radians(${lat})) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - ${lng}) / 2), 2)))))`;
}

/**
 * The bounding box of a circle, so the GiST index of points narrows before the exact haversine test.
 * Near the poles or across the antimeridian the longitude band widens or wraps rather than missing rows.
 */
export function computeBoundingBox(lat: number, lng: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_LATITUDE;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 360 : radiusKm / (KM_PER_DEGREE_LATITUDE * cos);
  if (dLng >= 180) return { minLat, maxLat, lngRanges: null };
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [west + 360, 180],
        [-180, east],
      ] as Array<[number, number]>,
    };
  if (east > 180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [west, 180],
        [-180, east - 360],
      ] as Array<[number, number]>,
    };
  return { minLat, maxLat, lngRanges: [[west, east]] as Array<[number, number]> };
}

// NOTE: "nulls last" on the NOT NULL columns too: the sort indexes (businesses_rating_sort_idx,
// businesses_reviews_sort_idx, businesses_country_rating_sort_idx) are built that way, and PostgreSQL walks an index
// for an ORDER BY only when the nulls order matches, column by column, even where there are no nulls.
const SORTS: Record<SearchSort, string> = {
  relevance: "score desc, rank_score desc, id desc",
  rating: "rating desc nulls last, reviews desc nulls last, rank_score desc nulls last, id desc nulls last",
  reviews: "reviews desc nulls last, rating desc nulls last, rank_score desc nulls last, id desc nulls last",
  distance: "distance_km asc nulls last, rank_score desc, id desc",
};

/**
 * Open at `at` on the business's own clock, special days included. Without special days (nearly every row) this is
 * one containment test on the stored week (open_week, migration 0024), ~20× cheaper per row than reading the JSON
 * week; a row with special days is read by directory_is_open_on, the full rule (db/rules/opening-hours.ts isOpenAt).
 */
function buildOpenNowCondition(at: string): string[] {
  return [
    "b.status = 'operational'",
    `(case when b.special_hours is null then b.open_week @> directory_week_minute(b.time_zone, ${at})
          else directory_is_open_on(b.working_hours, b.special_hours, b.time_zone, ${at}) end) is true`,
  ];
}

/**
 * Builds the statement for a plan; exported for EXPLAIN in tests and measurements. `reReadOpen`: the second read of a
 * deferred "open now" sample that kept too few open rows (see DEFERRED_OPEN_NOW): the filter is applied while reading,
 * up to the page's rows and one more.
 */
export function buildSearchStatement(
  plan: BusinessSearchPlan,
  options: {
    reReadOpen?: boolean;
    /** False: never read a word near a point through its grid cells (a database without the cell index: PGlite). */
    nearCells?: boolean;
  } = {},
): {
  text: string;
  params: unknown[];
  sampleSize: number | null;
  /** "Open now" is tested after the sample is read: its `total` counts the rows read, `kept` the open ones. */
  deferredOpenNow: boolean;
  /** Deferred "open now": the matches of every other condition, for the estimate of an open share. */
  deferredCount?: { text: string; params: unknown[] };
  /** Every match, for the planner's estimate of a sampled total. */
  count: { text: string; params: unknown[] };
} {
  const params = new Params();
  // The text and filter conditions; which businesses they apply to (listed, or closed and named) is `source` below.
  const where: string[] = [];
  let score = "0::float8";
  let joinCandidates = "";
  let textCondition: string | null = null;
  // Closed businesses leave the default results; the text brings one back only through its name.
  let closedByName: string | null = null;

  if (plan.text) {
    const tsq = buildTsqueryExpression(plan.text, params);
    const matches: string[] = [];
    const scores: string[] = [];
    const nameMatches: string[] = [];
    if (tsq) {
      matches.push(`b.search_vector @@ ${tsq}`);
      // NOTE: the expression of the partial index businesses_closed_name_idx (closed businesses only, a few %).
      nameMatches.push(`to_tsvector('simple', directory_unaccent(coalesce(b.name, ''))) @@ ${tsq}`);
      scores.push(`ts_rank_cd(${RANK_WEIGHTS}, b.search_vector, ${tsq})`);
    }
    if (plan.text.fuzzyName) {
      const fuzzy = params.add(plan.text.fuzzyName);
      // `%` (the connection's pg_trgm threshold, TRIGRAM_SIMILARITY_THRESHOLD) finds candidates through the trigram
      // index; that alone lets "golden dragon" match every "Golden …", so the similarity must also reach
      // FUZZY_NAME_SIMILARITY.
      matches.push(
        `(directory_unaccent(lower(b.name)) % directory_unaccent(lower(${fuzzy}))
          and similarity(directory_unaccent(lower(b.name)), directory_unaccent(lower(${fuzzy}))) >= ${FUZZY_NAME_SIMILARITY})`,
      );
      nameMatches.push(matches[matches.length - 1] as string);
      scores.push(`similarity(directory_unaccent(lower(b.name)), directory_unaccent(lower(${fuzzy})))`);
    }
    if (nameMatches.length > 0) closedByName = nameMatches.length === 1 ? (nameMatches[0] as string) : `(${nameMatches.join(" or ")})`;
    if (matches.length > 0) {
      textCondition = `(${matches.join(" or ")})`;
      where.push(textCondition);
      // Popularity lifts a text match by up to ~4x, never enough for a description hit to beat a name hit.
      // Ranking costs a tsvector read per match: only when the order is by relevance.
      if (plan.sort === "relevance") score = `((${scores.join(" + ")}) * (1 + ln(1 + greatest(b.rank_score, 0))))`;
    }
  }

  const f = plan.filters;
  if (f.categorySlug) where.push(`b.category_slug = ${params.add(f.categorySlug)}`);
  if (f.countryCode) where.push(`b.country_code = ${params.add(f.countryCode)}`);
  if (f.citySlug) where.push(`b.city_slug = ${params.add(f.citySlug)}`);
  if (f.cities && f.cities.length > 0) {
    const pairs = f.cities.map((c) => `(${params.add(c.countryCode)}, ${params.add(c.citySlug)})`);
    where.push(`(b.country_code, b.city_slug) in (${pairs.join(", ")})`);
  }
  // The filters the rank indexes lead with: a bounded rank walk applies them while it reads the index.
  const indexFilters = where.filter((condition) => condition !== textCondition);
  // Demo businesses are never verified, whatever their generated column says.
  if (f.verified !== undefined) where.push(f.verified ? "(b.verified and not b.is_test)" : "not (b.verified and not b.is_test)");
  if (f.minRating !== undefined) where.push(`b.rating >= ${params.add(f.minRating)}::float8`);

  let distance = "null::float8";
  // The conditions of the radius, and a builder of the same for a smaller radius (the nearest ring, below).
  let nearConditions: string[] = [];
  let buildNearConditions: (radiusKm: number, cellsAllowed?: boolean) => string[] = () => [];
  // The text as the nearest ring tests it (see below): on the ring's rows.
  let textOnRingRows: string | null = null;
  let nearByCells = false;
  // A condition → the form the planner's estimate of a sampled total reads instead (see `count` below).
  const estimatedAs = new Map<string, string>();
  if (f.near) {
    const near = f.near;
    const lat = `${params.add(near.lat)}::float8`;
    const lng = `${params.add(near.lng)}::float8`;
    distance = buildDistanceExpression(lat, lng);
    const within = distance;
    // The circle's box is read through businesses_near_idx (GiST on point(longitude, latitude), migration 0036), which
    // finds the points inside it; the (latitude, longitude) btree read a latitude band around the whole world and
    // tested the longitude entry by entry. Across the antimeridian the box is two. The haversine test stays exact.
    // NOTE: the planner estimates `<@` as 0.1 % of the table whatever the box (contsel), so the estimate of a sampled
    // total (`count`, planned only) reads the same box as latitude and longitude bands, as before the index.
    // A word near a point (not a fuzzy name, whose trigram index has no cells) reads the box's grid cells and the word
    // together in businesses_location_search_idx (migration 0037, db/rules/near-cells.ts) when the box covers few
    // cells: the index intersects them, and only their common rows are read. The box is then hidden from the GiST
    // index (`(…) is true`; a bitmap of every point of the box ANDed with the few matches would cost more than it
    // saves) and tested on those rows with the distance, so the matches are exactly those of the box.
    const boxOf = (radiusKm: number) => computeBoundingBox(near.lat, near.lng, radiusKm);
    const outerBox = boxOf(near.radiusKm);
    const byCells =
      textCondition !== null &&
      !plan.text?.fuzzyName &&
      options.nearCells !== false &&
      listNearCells(outerBox.minLat, outerBox.maxLat, outerBox.lngRanges) !== null;
    buildNearConditions = (radiusKm, cellsAllowed = true) => {
      const box = boxOf(radiusKm);
      const south = `${params.add(box.minLat)}::float8`;
      const north = `${params.add(box.maxLat)}::float8`;
      const ranges = box.lngRanges?.map(([west, east]) => [`${params.add(west)}::float8`, `${params.add(east)}::float8`]);
      const boxes = (ranges ?? [["-180::float8", "180::float8"]]).map(
        ([west, east]) => `point(b.longitude, b.latitude) <@ box(point(${west}, ${south}), point(${east}, ${north}))`,
      );
      const anyBox = boxes.length === 1 ? (boxes[0] as string) : `(${boxes.join(" or ")})`;
      const inBox = byCells && cellsAllowed ? `(${anyBox}) is true` : anyBox;
      const bands = (ranges ?? []).map(([west, east]) => `b.longitude between ${west} and ${east}`);
      const band = bands.length === 0 ? "" : ` and ${bands.length === 1 ? bands[0] : `(${bands.join(" or ")})`}`;
      estimatedAs.set(inBox, `b.latitude between ${south} and ${north}${band}`);
      const cells = byCells && cellsAllowed ? listNearCells(box.minLat, box.maxLat, box.lngRanges) : null;
      if (!cells) return [inBox, `${within} <= ${params.add(radiusKm)}::float8`];
      // The cells only narrow the read: the box and the distance decide, so the planned total ignores them.
      // NOTE: written as a test of the parameter there, not `true`: a parameter the SQL does not use has no type (42P18).
      const cellList = `${params.add(cells)}::int[]`;
      const inCells = `directory_near_cell(b.latitude, b.longitude) = any(${cellList})`;
      estimatedAs.set(inCells, `${cellList} is not null`);
      return [inCells, inBox, `${within} <= ${params.add(radiusKm)}::float8`];
    };
    nearConditions = buildNearConditions(near.radiusKm);
    where.push(...nearConditions);
    // NOTE: otherwise near a point the text is tested on the rows of the box, never through the full-text index: the
    // planner costs a GIN bitmap far below what it reads (a broad word's whole posting list: 1.35M entries for
    // "restaurant", 575 ms at 5M), and ANDed it with the box's bitmap (160 ms near New York at 1M where the box's rows
    // took 34). `(…) is true` keeps the test and hides it from the index; the estimate of a sampled total reads it
    // plainly.
    nearByCells = byCells;
    if (textCondition && byCells) {
      textOnRingRows = `(${textCondition}) is true`;
      estimatedAs.set(textOnRingRows, textCondition);
    }
    if (textCondition && !byCells) {
      const onRows = `(${textCondition}) is true`;
      where[where.indexOf(textCondition)] = onRows;
      estimatedAs.set(onRows, textCondition);
      textCondition = onRows;
    }
  }
  let boxCondition: string | null = null;
  if (f.bbox) {
    boxCondition =
      `b.latitude between ${params.add(f.bbox.minLat)}::float8 and ${params.add(f.bbox.maxLat)}::float8` +
      ` and b.longitude between ${params.add(f.bbox.minLng)}::float8 and ${params.add(f.bbox.maxLng)}::float8`;
    where.push(boxCondition);
  }
  const openAt = f.openAt ? `${params.add(f.openAt.toISOString())}::timestamptz` : null;
  const openConditions = openAt ? buildOpenNowCondition(openAt) : [];
  where.push(...openConditions);
  if (f.candidateIds) {
    joinCandidates = `join unnest(${params.add(f.candidateIds)}::bigint[]) with ordinality as candidate(id, position) on candidate.id = b.id`;
    // An external engine already ranked these: its order is the relevance order.
    score = "(-candidate.position)::float8";
  }

  // The count statement below uses only the text and filter parameters, which come first.
  const filterParamCount = params.values.length;
  // NOTE: a parameter the SQL does not use has no type, and PostgreSQL refuses the statement (42P18): only add it
  // with the facet subqueries that read it.
  const facetLimit = plan.facets ? params.add(plan.facetLimit ?? 20) : "";
  const facets = plan.facets
    ? `,
      (select coalesce(json_agg(json_build_object('value', f.category_slug, 'label', coalesce(c.category, f.category_slug), 'count', f.n)
                                order by f.n desc, f.category_slug), '[]'::json)
         from (select category_slug, count(*)::int as n from sample where category_slug is not null and category_slug <> ''
               group by category_slug order by n desc, category_slug limit ${facetLimit}) f
         left join category_counts c on c.category_slug = f.category_slug) as category_facets,
      (select coalesce(json_agg(json_build_object('value', f.country_code, 'label', f.country_code, 'count', f.n)
                                order by f.n desc, f.country_code), '[]'::json)
         from (select country_code, count(*)::int as n from sample where country_code is not null
               group by country_code order by n desc, country_code limit ${facetLimit}) f) as country_facets,
      (select coalesce(json_agg(json_build_object('value', f.city_slug, 'label', coalesce(c.city, f.city_slug), 'count', f.n,
                                                  'countryCode', f.country_code)
                                order by f.n desc, f.country_code, f.city_slug), '[]'::json)
         from (select country_code, city_slug, count(*)::int as n from sample
               where country_code is not null and city_slug is not null and city_slug <> ''
               group by country_code, city_slug order by n desc, country_code, city_slug limit ${facetLimit}) f
         left join city_counts c on c.country_code = f.country_code and c.city_slug = f.city_slug) as city_facets`
    : "";

  const vocabulary = plan.vocabulary
    ? buildWordVocabularySql(
        `${params.add(plan.vocabulary.words)}`,
        params.add(plan.vocabulary.minSimilarity),
        `(select count(*) from sample) < ${params.add(plan.vocabulary.belowTotal)}::int`,
      )
    : null;

  // An external engine's candidate list is already bounded: it is always counted and ranked exactly.
  const sampleSize = f.candidateIds ? null : (plan.sampleSize ?? MATCH_SAMPLE_SIZE);
  // The sample reads the matches of every other condition and marks the open ones (DEFERRED_OPEN_NOW). Near a point
  // sorted by distance too: its page comes from the nearest rings, which test "open now" while reading, whenever the
  // sample does not hold every match (then it holds every open one), so its sample is never short. Testing it while
  // sampling read 10.6k rows of Sydney's box at night to keep 1,001 open (67 ms of a 90 ms search at 5M).
  const nearByDistance = f.near !== undefined && plan.sort === "distance";
  const deferOpen = openConditions.length > 0 && sampleSize !== null && (!f.near || nearByDistance) && DEFERRED_OPEN_NOW && !options.reReadOpen;
  const reReadOpen = openConditions.length > 0 && sampleSize !== null && !f.near && options.reReadOpen === true;
  const sampleWhere = deferOpen ? where.filter((condition) => !openConditions.includes(condition)) : where;
  const columns = `b.id, b.category_slug, b.country_code, b.city_slug, b.rank_score, b.rating, b.reviews,
             ${score} as score, ${distance} as distance_km`;
  // NOTE: closed businesses named by the text come from a second arm of the sample, not from `(listed or closed and
  // named)`: an OR is no partial index's predicate, so every filtered search scanned the table (318 ms instead of 12
  // at 1M). Each arm keeps its own index (the rank and search indexes; businesses_closed_name_idx) and its own LIMIT,
  // which also keeps the planner from a Parallel Append (worker start-up doubled a 15 ms search). The rank walk and a
  // sampled match set's other sorts read listed businesses only: there a closed one is found through the sample.
  const and = "\n         and ";
  const from = `businesses b ${joinCandidates}
       where ${[listedCondition("b"), ...where].join(and)}`;
  // NOTE: the closed businesses' arm tests a place's box on the rows its name index finds, never through the
  // (latitude, longitude) index: the planner multiplies the box's latitude and longitude bands as if independent
  // (a city's 17k businesses estimated at one), and read the whole box a second time for a few closed businesses
  // ("hair" near Sydney at 5M: 82 ms of a 140 ms search). `(…) is true` keeps the test and hides it from the index.
  const placeConditions = new Set([...nearConditions, ...(boxCondition ? [boxCondition] : []), ...(textCondition ? [textCondition] : [])]);
  const closedNamedFrom = (conditions: string[]) =>
    closedByName
      ? `businesses b ${joinCandidates}
       where ${["b.is_approved", "b.status <> 'operational'", closedByName, ...conditions.map((c) => (placeConditions.has(c) ? `(${c}) is true` : c))].join(and)}`
      : null;
  const fromClosedNamed = closedNamedFrom(sampleWhere);
  // NOTE: a text search in a city reads its sample through the (country, city, category, text) GIN index, never
  // through a city rank index: PostgreSQL 15 costs a btree scan with (country, city) as if the two were independent
  // (the extended statistics of migration 0031 reach the table's estimate, not the index's), so London looked like
  // 183 businesses instead of 5,455, and every row of the city was read to test the text (67–99 ms where the GIN
  // finds the 526 matches in 3). Only with a city: a country or category alone is estimated right, and there a broad
  // word is cheaper to test along the index than to intersect its posting list (177k entries for "restaurant").
  // Nor a word near a point read through its grid cells: a partial index (the GiST of points, a rank index) read whole,
  // without a condition, can look cheaper to the planner than the cells (it did in a small table).
  const besideRankIndexes = textCondition !== null && (nearByCells || Boolean(f.citySlug || (f.cities && f.cities.length > 0)));
  const sampleListed = besideRankIndexes ? listedConditionBesideRankIndexes("b") : listedCondition("b");
  const fromSampleOf = (conditions: string[]) => `businesses b ${joinCandidates}
       where ${[sampleListed, ...conditions].join(and)}`;
  // NOTE: a text sample reads the full-text shards in turn (db/rules/search-shards.ts), smallest first, each arm with
  // its own LIMIT so the arms after the one that fills the sample never run: a GIN index answers with the bitmap of
  // every match it holds, and a broad word's whole posting list cost more than reading the sample ("salon" at 1M:
  // 68k entries, ~20 ms, against the first shard's 1.1k). Not with a fuzzy name (the trigram index is not sharded,
  // and each arm would read it whole) nor a point (its box is read whole for the distances).
  const sharded = textCondition !== null && !plan.text?.fuzzyName && !f.near && sampleSize !== null;
  const shardedSourcesOf = (conditions: string[]): string[] =>
    sharded
      ? SEARCH_SHARDS.map((_, shard) => `${fromSampleOf(conditions)}${and}${buildSearchShardCondition("b.id", shard)}`)
      : [fromSampleOf(conditions)];
  const sort = SORTS[plan.sort];
  // Without text, a country's list by rating reads its sample in the sort's order (see sampleOrder below).
  const sortedSample = !plan.text && !f.near && sampleSize !== null && plan.sort === "rating" && Boolean(f.countryCode);
  const offset = params.add(plan.offset);
  const limit = params.add(plan.limit);
  let pool = "sample";
  let pageOrder = sort;
  const cap = sampleSize !== null ? params.add(sampleSize) : "";
  if (sampleSize !== null) {
    // More matches than the sample holds: rank only the top of the list. Relevance reads the best-known businesses
    // through a rank-ordered index and re-ranks the first RERANK_WINDOW of them by text score; beyond that window
    // the list continues in rank order, so every page size sees the same order. Sorts by rating and reviews take the
    // best of a bounded walk of their index and the sample (below).
    const window = params.add(RERANK_WINDOW);
    const ranked = "rank_score desc nulls last, id desc nulls last";
    const top = `limit greatest(${window}::int, ${offset}::int + ${limit}::int)`;
    const columnList = "id, category_slug, country_code, city_slug, rank_score, rating, reviews, score, distance_km";
    const withinSample = plan.offset + plan.limit <= sampleSize;
    let bigPool: string;
    if ((plan.sort === "relevance" || sortedSample) && !plan.text && !f.near && withinSample) {
      // Without text every score is 0 and the sample was read in rank order, or in rating order for a country's list
      // by rating (below): its rows are the top of the list, so the page comes from them instead of walking the index
      // a second time (past every row the filters drop).
      bigPool = `select ${columnList} from sample where (select n from sampled) > ${cap} order by ${plan.sort === "relevance" ? ranked : sort} ${top}`;
    } else if (plan.sort !== "distance" && withinSample && textCondition !== null) {
      // NOTE: walking an index in the sort's order until enough rows match costs one heap read per row passed, which
      // is ruinous when the matches are rare near the top: "agency" by relevance read 23k rows for 20 hits, "hotel"
      // by rating 9k (340 ms p95 at 1M), hotels in Brazil by rating 37k. The walk is therefore bounded to the
      // RANK_WALK best-known listed businesses of the sort (the most popular, best-rated or most reviewed) and merged
      // with the sample: the true top when the matches are there, else the best of the sample.
      // Those rows are kept in small tables (search_top_ranked, _rated, _reviewed, rebuilt with the counts) holding
      // every column a condition reads, so the walk is a scan of a few hundred contiguous blocks rather than
      // RANK_WALK heap fetches (7 ms when hot, 67 ms once the import's writes evicted them). The rows that pass there
      // are read again from businesses, at most a page's worth, and every condition is tested on the live row: a
      // business changed since the last refresh is never shown by its old values (it can only be missed).
      // NOTE: only with text. A sort narrowed by filters alone stays exact (the else branch walks its sort index, whose
      // INCLUDE columns answer the filters from the index once the visibility map is set): bounded, "country by
      // rating" missed a country's best-rated business whenever it was neither among the 2,000 best-rated of all nor
      // among the country's 1,001 best-known, and a visitor sorting a country's list expects its true top.
      const table = plan.sort === "relevance" ? "search_top_ranked" : plan.sort === "rating" ? "search_top_rated" : "search_top_reviewed";
      const order = plan.sort === "relevance" ? ranked : SORTS[plan.sort];
      // The relevance walk narrowed by a category, country or city walks the rank index that leads with it instead
      // (those rows are rarely among the most popular of all), testing the other filters on its rows. A fuzzy name
      // match reads the name, which the tables do not hold.
      // NOTE: the global sort indexes carry country, city and category only as INCLUDE columns, tested after fetching
      // each row (an index-only scan too, while the visibility map of a rewritten table is empty): a sort walk tests
      // every filter on its rows. (The country's rating index serves the exact sorts of the last branch, not this walk.)
      const walkFilters = plan.sort === "relevance" ? indexFilters : [];
      const useTable = !plan.text?.fuzzyName && (plan.sort !== "relevance" || indexFilters.length === 0);
      let walk: string;
      if (useTable && plan.sort === "relevance" && where.length === 1) {
        // Text alone: the table's rows are the businesses' rows as of the last count refresh (the hits below are read
        // from businesses and only if still approved).
        walk = "search_top_ranked b";
      } else if (useTable) {
        walk = `(select * from businesses b
                 where ${listedCondition("b")} and b.id in (select b.id from ${table} b where ${where.join(and)} order by ${order} ${top})) b`;
      } else {
        const walkOrder = plan.sort === "relevance" ? `b.${ranked.replace(", id", ", b.id")}` : SORTS[plan.sort];
        walk = `(select * from businesses b where ${[listedCondition("b"), ...walkFilters].join(" and ")} order by ${walkOrder} limit ${params.add(RANK_WALK)}) b`;
      }
      const kept = useTable ? where : where.filter((condition) => !walkFilters.includes(condition));
      bigPool = `select * from (
          select ${columns}
            from ${walk}
           where ${[...kept, `(select n from sampled) > ${cap}`].join(and)}
          union
          select ${columnList} from sample where (select n from sampled) > ${cap}
        ) merged order by ${order} ${top}`;
    } else if (plan.sort === "distance" && f.near && withinSample) {
      // NOTE: the nearest businesses of a dense box are found in a ring around the point when it holds a full page:
      // every business outside it is farther than every one inside. Sorting the whole box read each of its rows (8,800
      // heap reads around a big city, 45–57 ms p95 at 1M); a ring of a quarter of the radius read 21k rows around New
      // York at 5M, each from the table with "open now" (130 ms of a 190 ms search), so the rings are read from the
      // innermost out (NEAREST_RING_DIVISORS), each only when those inside it hold too few, and the whole box last.
      const need = `${offset}::int + ${limit}::int`;
      // NOTE: the rings read their boxes' points and test the text on their rows, never the grid cells: they are read
      // only when the box holds more matches than the sample (a word common there), and a cell of a quarter of a degree
      // around a ring of a few km held ten times its matches ("restaurant" near New York at 5M: 8,273 rows for 827).
      const outside = where
        .filter((condition) => !nearConditions.includes(condition))
        .map((condition) => (condition === textCondition && textOnRingRows ? textOnRingRows : condition));
      const radiusKm = f.near.radiusKm;
      const rings = NEAREST_RING_DIVISORS.map((divisor) => ({
        name: `ring_${divisor}`,
        conditions: outside.concat(buildNearConditions(radiusKm / divisor, false)),
      }));
      const tooFew = (name: string) => `(select count(*) from ${name}) < ${need}`;
      const ringTables = rings.map(
        (ring, i) => `${ring.name} as materialized (
          select ${columns}
            from businesses b
           where ${[listedCondition("b"), ...ring.conditions, `(select n from sampled) > ${cap}`, ...rings.slice(0, i).map((inner) => tooFew(inner.name))].join(and)}
        )`,
      );
      const ringAnswers = rings.map(
        (ring, i) =>
          `select * from ${ring.name} where ${[...rings.slice(0, i).map((inner) => tooFew(inner.name)), `(select count(*) from ${ring.name}) >= ${need}`].join(and)}`,
      );
      bigPool = `with ${ringTables.join(",\n        ")}
        ${ringAnswers.join("\n        union all\n        ")}
        union all
        (select ${columns}
          from ${from}
           and (select n from sampled) > ${cap} and ${rings.map((ring) => tooFew(ring.name)).join(and)}
         order by ${SORTS.distance}
         ${top})`;
    } else {
      // Exact: the page of every match in the order asked for. A sort by rating or reviews without text reads it by
      // walking a sort index until the page is full; with a country the planner walks that country's rows in
      // rating order (businesses_country_rating_sort_idx, migration 0032; with a minimum rating and sorted by reviews,
      // the country's rows at or above it and a top-N sort), where the global indexes passed every other country's
      // rows: 30 pharmacies in Mexico read 986k index tuples at 5M, against 41k.
      bigPool = `select ${columns}
          from ${from}
           and (select n from sampled) > ${cap}
         order by ${plan.sort === "relevance" ? `b.${ranked.replace(", id", ", b.id")}` : SORTS[plan.sort]}
         ${top}`;
    }
    pool = `(
      select s.id, s.category_slug, s.country_code, s.city_slug, s.rank_score, s.rating, s.reviews, s.score, s.distance_km,
             0::bigint as rank_position
        from sample s where (select n from sampled) <= ${cap}
      union all
      select t.*, row_number() over (order by t.${ranked.replace(", id", ", t.id")}) as rank_position from (${bigPool}) t
    )`;
    if (plan.sort === "relevance")
      pageOrder = `(rank_position > ${window}::int), case when rank_position <= ${window}::int then score end desc nulls last, rank_score desc, id desc`;
  }
  const sampleBound = sampleSize === null ? "" : params.add(sampleSize + 1);
  const sampleLimit = sampleSize === null ? "" : `\n       limit ${sampleBound}`;
  // NOTE: without text the sample is read in rank order: the rank indexes (per category, country and city) stop after
  // the sample's rows, where a bitmap of every match in the country came first (46k rows: 40 ms of a 60 ms search at
  // 1M). A text search keeps table order (its GIN bitmap, and the spread estimate that needs block order), and so does
  // a distance search (every match in the box is read for its distance anyway).
  // A country's list by rating reads it in rating order instead, through businesses_country_rating_sort_idx, whose
  // columns are every column the sample keeps: an index-only walk of the country's rows (hotels in Germany at 5M: 26k
  // index tuples, where the rank order took a bitmap of all 13.8k matches, read from the table, and a sort), and the
  // page then comes from the sample. NOTE: only with a country: without one the walk passes the whole directory's
  // rows (1,001 matches of a 1 % category: about 100k tuples), and by reviews (no country-leading reviews index) the planner
  // read every row of a small country at the minimum rating and sorted them (p95 14 → 67 ms at 5M). NOTE: without
  // the row's block (a table position, which no index holds); the spread estimate needs block order, which an index
  // walk never has anyway.
  const sampleOrder = sortedSample
    ? `\n       order by ${sort.replace(/(^|, )(\w+)/g, "$1b.$2")}`
    : !plan.text && !f.near && sampleSize !== null
      ? `\n       order by b.rank_score desc nulls last, b.id desc nulls last`
      : "";
  // NOTE: no block near a point either: its sample is read in the GiST index's order, never in table order (the btree
  // before it was walked in latitude order too, bar a bitmap now and then), so its sampled total is the planner's
  // estimate; and without the row's position it needs no table rows (index-only, see migration 0036).
  const block = sortedSample || f.near ? "null::int" : "(b.ctid::text::point)[0]::int";
  // `shard`: the arm a row was read in (a shard, the closed businesses' arm after them), for the spread estimate.
  // A sample that marks the open rows reads the columns the test needs and tests them once, over all its arms.
  // NOTE: not inside each arm: the condition is planned wherever it is written, and eight arms planned it eight
  // times (0.3–1 ms each, most of a 40 ms search at 1M).
  const OPEN_TEST_COLUMNS = "b.status, b.open_week, b.special_hours, b.working_hours, b.time_zone";
  const rowsOf =
    (marked: boolean, rowLimit = sampleLimit) =>
    (source: string, shard: number | null) =>
      `select ${columns}, ${block} as block, ${shard === null ? "null::int" : `${shard}::int`} as shard${marked ? `, ${OPEN_TEST_COLUMNS}` : ""}
        from ${source}${sampleOrder}${rowLimit}`;
  const sampleSourceOf = (sources: string[], closedSource: string | null, marked: boolean, rowLimit = sampleLimit) => {
    const rows = rowsOf(marked, rowLimit);
    const arms = sources.map((source, shard) => rows(source, sharded ? shard : null));
    if (closedSource) arms.push(rows(closedSource, sharded ? sources.length : null));
    const read =
      arms.length === 1
        ? (arms[0] as string)
        : `select * from (${arms.map((arm) => `(${arm})`).join("\n        union all\n        ")}) arms${rowLimit}`;
    return marked ? `select b.*, (${openConditions.join(" and ")}) as is_open from (${read}) b` : read;
  };
  // NOTE: the re-read stops at the page's rows (and one more), not at a sample's: at night in the US, "restaurant"
  // had ~5 % of its 40k matches open and a re-read of 1,001 open ones read ~20k rows (60–80 ms at 1M); the page
  // needs offset + limit. Stopping there marks the answer sampled (its total estimated, its facets lower bounds);
  // a re-read that runs out of matches first has them all and stays exact.
  const reReadSize = sampleSize === null ? "" : `least(${sampleBound}::int, ${offset}::int + ${limit}::int + 1)`;
  const reReadLimit = sampleSize === null ? "" : `\n       limit ${reReadSize}`;
  const sampleSource = sampleSourceOf(shardedSourcesOf(sampleWhere), fromClosedNamed, deferOpen, reReadOpen ? reReadLimit : sampleLimit);
  // Deferred: "sample" is the open rows of those read, and "sampled" counts the rows read (the sample's bound). When
  // they are too few for the page while there are more matches ("shop" in Brazil at night: 7 of 1,001 open), the
  // answer says so (`short`) and searchBusinesses reads again with the filter applied while reading (reReadOpen).
  // NOTE: a second statement, only then: planned inside this one, the re-read's arms (one per shard, each testing
  // "open now") cost ~3 ms of planning and 2 of execution on every search with the filter, needed or not.
  const sampleColumns = "id, category_slug, country_code, city_slug, rank_score, rating, reviews, score, distance_km, block, shard";
  const sampleCtes = deferOpen
    ? `sample_read as materialized (
      ${sampleSource}
    ),
    shortfall as (
      ${nearByDistance ? "select false as short" : `select count(*) > ${cap}::int and count(*) filter (where is_open) < ${offset}::int + ${limit}::int as short from sample_read`}
    ),
    sample as materialized (
      select ${sampleColumns} from sample_read where is_open
    ),
    sampled as (select count(*)::int as n from sample_read),`
    : reReadOpen
      ? `sample as materialized (
      ${sampleSource}
    ),
    sampled as (
      select (case when count(*) >= ${reReadSize} then greatest(count(*), ${cap}::int + 1) else count(*) end)::int as n from sample
    ),`
      : `sample as materialized (
      ${sampleSource}
    ),
    sampled as (select count(*)::int as n from sample),`;
  // NOTE: no row_number() inside "page": a window over the sort forces a full sort of every match; numbering the
  // page's few rows afterwards keeps the LIMIT a top-N sort.
  const text = `
    with ${sampleCtes}
    page as (
      select *
        from ${pool} ranked
       order by ${pageOrder}
       limit ${limit} offset ${offset}
    )${
      vocabulary
        ? `,
     ${vocabulary.ctes}`
        : ""
    }
    select (select n from sampled) as total,${deferOpen || reReadOpen ? " (select count(*)::int from sample) as kept," : ""}${
      deferOpen ? " (select short from shortfall) as short," : ""
    }${vocabulary ? ` ${vocabulary.column} as vocabulary,` : ""}${
      sampleSize === null
        ? ""
        : `
           (select json_build_object('lastShard', max(shard), 'lastBlock', max(block) filter (where shard is not distinct from last_shard),
                                     'inBlockOrder', coalesce(bool_and(block >= previous or shard is distinct from previous_shard), true),
                                     'tableBlocks', pg_relation_size('businesses') / current_setting('block_size')::int)
              from (select block, shard, lag(block, 1, 0) over () as previous, lag(shard) over () as previous_shard,
                           max(shard) over () as last_shard
                      from ${deferOpen ? "sample_read" : "sample"}) o) as sample_span,`
    }
           (select coalesce(json_agg(json_build_object(
                     'id', b.id::int, 'slug', b.slug, 'name', b.name, 'category', b.category, 'type', b.type,
                     'city', b.city, 'countryCode', b.country_code, 'fullAddress', b.full_address, 'street', b.street,
                     'district', b.district, 'rating', b.rating, 'reviews', b.reviews, 'phone', b.phone, 'phoneE164', b.phone_e164,
                     'workingHours', b.working_hours, 'specialHours', b.special_hours, 'timeZone', b.time_zone,
                     'photo', b.photo, 'verified', b.verified and not b.is_test, 'status', b.status,
                     'latitude', b.latitude, 'longitude', b.longitude, 'distanceKm', p.distance_km) order by p.ordinal), '[]'::json)
              from (select page.*, row_number() over (order by ${pageOrder}) as ordinal from page) p
              join businesses b on b.id = p.id and b.is_approved) as hits${facets}`;
  return {
    text,
    params: params.values,
    sampleSize,
    deferredOpenNow: deferOpen,
    count: {
      text: `select 1 from businesses b ${joinCandidates}
       where ${[listedCondition("b"), ...where.map((condition) => estimatedAs.get(condition) ?? condition)].join(and)}`,
      params: params.values.slice(0, filterParamCount),
    },
    // Deferred: the matches of the other conditions, scaled by the share of the sample that is open. (The instant
    // stays a parameter of that statement: every parameter needs a type.)
    ...(deferOpen
      ? {
          deferredCount: {
            text: `select 1 from ${fromSampleOf(sampleWhere.map((condition) => estimatedAs.get(condition) ?? condition))} and ${openAt} is not null`,
            params: params.values.slice(0, filterParamCount),
          },
        }
      : {}),
  };
}

/**
 * Where a sample read in block order (a sequential or bitmap scan) stopped: how much of the table it covered. A text
 * sample is read shard by shard (db/rules/search-shards.ts), each in block order: it stopped in `lastShard`.
 */
interface SampleSpan {
  lastShard: number | null;
  lastBlock: number | null;
  inBlockOrder: boolean;
  tableBlocks: number;
}

interface SearchStatementRow {
  total: number;
  kept?: number;
  /** Deferred "open now" kept too few open rows for the page while there are more matches: read again (reReadOpen). */
  short?: boolean | string;
  vocabulary?: WordVocabulary | string | null;
  sample_span?: SampleSpan | string;
  hits: SearchHitRow[] | string;
  category_facets?: FacetCountRow[] | string;
  country_facets?: FacetCountRow[] | string;
  city_facets?: FacetCountRow[] | string;
}

/** The planner's row estimate for a statement (EXPLAIN only plans it: no rows are read). */
async function estimateRows(handle: DatabaseHandle, text: string, params: unknown[]): Promise<number> {
  const [row] = await handle.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${text}`, params);
  const plan = readJson(row?.["QUERY PLAN"] as Array<{ Plan?: { "Plan Rows"?: number } }> | string | undefined, []);
  return Number(plan[0]?.Plan?.["Plan Rows"] ?? 0);
}

/**
 * A sampled match set's size: the larger of the planner's estimate (good for single words, poor for correlated
 * words such as "hair salon") and, when the sample was read in block order, its matches per block scanned times the
 * table's blocks (good when matches are spread evenly through the table, as imports leave them).
 */
async function estimateTotal(sampled: number, span: SampleSpan | null, planning: Promise<number>): Promise<number> {
  const planned = await planning;
  const spread = span && span.inBlockOrder && span.lastBlock !== null ? sampled / coverSample(span) : 0;
  return Math.round(Math.max(sampled, planned, spread));
}

/** The share of the directory the sample read: the table up to its last block, or its shards' share (see SampleSpan). */
function coverSample(span: SampleSpan): number {
  const lastBlock = Number(span.lastBlock);
  const tableBlocks = Number(span.tableBlocks);
  if (span.lastShard === null || span.lastShard === undefined) return Math.min(1, (lastBlock + 1) / Math.max(tableBlocks, 1));
  return Math.max(measureShardCoverage(Number(span.lastShard), lastBlock, tableBlocks), 1e-6);
}

/**
 * Whether a plan's word near a point is read through the box's grid cells: on a database with the cell index
 * (PostgreSQL with btree_gin), a word (no fuzzy name), a box of few cells, and a word rare enough for them
 * (MAX_NEAR_CELL_SCORE). One EXPLAIN (~1 ms) gives the planner's matches of the word and rows of the table.
 */
async function chooseNearCells(handle: DatabaseHandle, plan: BusinessSearchPlan): Promise<boolean> {
  const near = plan.filters.near;
  if (handle.driver !== "postgres" || !near || !plan.text || plan.text.fuzzyName || plan.filters.candidateIds) return false;
  const box = computeBoundingBox(near.lat, near.lng, near.radiusKm);
  const cells = listNearCells(box.minLat, box.maxLat, box.lngRanges);
  const params = new Params();
  const tsq = buildTsqueryExpression(plan.text, params);
  if (!cells || !tsq) return false;
  const [row] = await handle.query<{ "QUERY PLAN": unknown }>(
    `explain (format json) select 1 from businesses b where b.search_vector @@ ${tsq} union all select 1 from businesses b`,
    params.values,
  );
  type Planned = { "Plan Rows"?: number; Plans?: Planned[] };
  const plans = readJson(row?.["QUERY PLAN"] as Array<{ Plan?: Planned }> | string | undefined, [])[0]?.Plan?.Plans ?? [];
  const postings = Number(plans[0]?.["Plan Rows"] ?? 0);
  const rows = Math.max(Number(plans[1]?.["Plan Rows"] ?? 0), 1);
  return postings * cells.length * (postings / rows) <= MAX_NEAR_CELL_SCORE;
}

function readAgainWithOpenNow(plan: BusinessSearchPlan, nearCells: boolean): [string, unknown[]] {
  const statement = buildSearchStatement(plan, { reReadOpen: true, nearCells });
  return [statement.text, statement.params];
}

export async function searchBusinesses(handle: DatabaseHandle, plan: BusinessSearchPlan): Promise<BusinessSearchRows> {
  // NOTE: the grid cells are a column of businesses_location_search_idx, which needs btree_gin: PGlite has only the
  // text-only index, where a word near a point is read as before (the box's points, the text on the rows).
  const nearCells = await chooseNearCells(handle, plan);
  const statement = buildSearchStatement(plan, { nearCells });
  const counted = statement.deferredCount ?? statement.count;
  const planEarly = () => estimateRows(handle, counted.text, counted.params);
  // Planned beside the search (another pooled connection) when the caller expects a sampled answer: one sequential
  // round trip fewer; an estimate the answer turns out not to need is dropped.
  const early = plan.likelySampled && statement.sampleSize !== null ? planEarly() : null;
  early?.catch(() => {});
  const [first] = await handle.query<SearchStatementRow>(statement.text, statement.params);
  // A deferred "open now" sample too short for the page: read again with the filter applied while reading.
  const reread = first?.short === true || String(first?.short) === "true";
  const row = reread ? (await handle.query<SearchStatementRow>(...readAgainWithOpenNow(plan, nearCells)))[0] : first;
  if (!row) return { hits: [], total: 0, approximate: false, vocabulary: null, facets: plan.facets ? { category: [], country: [], city: [] } : null };
  const read = Number(row.total);
  const approximate = statement.sampleSize !== null && read > statement.sampleSize;
  const sampled = row.kept === undefined ? read : Number(row.kept);
  // Sampled: the sample proves there are more matches than it holds, so the estimate never goes below that. A
  // deferred "open now" scales the other conditions' estimate by the open share of the rows it read.
  const planned = () =>
    reread
      ? estimateRows(handle, statement.count.text, statement.count.params)
      : (early ?? planEarly()).then((rows) => (statement.deferredOpenNow ? (rows * sampled) / Math.max(read, 1) : rows));
  const hits = readJson<SearchHitRow[]>(row.hits, []);
  // An estimate never says fewer than the rows shown up to this page, and one more when the page is full: a deferred
  // "open now" near a point keeps only the open rows of its sample, and its page came from the rings around the point.
  const shown = plan.offset + hits.length + (hits.length === plan.limit ? 1 : 0);
  const total = approximate ? Math.max(shown, await estimateTotal(sampled, readJson<SampleSpan | null>(row.sample_span, null), planned())) : sampled;
  // NOTE: facet counts are never scaled up to the estimated total: a sample read in table order is skewed (imports
  // leave one country's rows together), and scaling it showed "Switzerland 21.5k" for a filter returning 706. Each
  // count is the sample's own: matches that the facet's filter also returns, so a lower bound of its total.
  const facet = (value: FacetCountRow[] | string | undefined) => readJson<FacetCountRow[]>(value, []);
  return {
    total,
    approximate,
    vocabulary: readVocabulary(row.vocabulary),
    hits,
    facets: plan.facets ? { category: facet(row.category_facets), country: facet(row.country_facets), city: facet(row.city_facets) } : null,
  };
}
