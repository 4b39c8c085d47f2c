// Stored businesses → candidate duplicate sets by place id (or a Google cid in a link), by folded name + address,
// and by folded name within a distance; set-based SQL that scales to millions of rows. Candidates are a superset
// on the name rules: the caller confirms them with the one identity fold (foldForIdentity).
import type { DatabaseHandle } from "../client.ts";

/**
 * SQL approximation of foldForIdentity: unaccent, lower-case, combining marks dropped, punctuation and symbol
 * runs as one space. NOTE: it is coarser in places (unaccent maps ø→o, æ→ae), which the caller's exact check
 * undoes; it is finer, and so misses a pair, only for symbols outside the listed ranges, marks outside
 * U+0300–U+036F, and case differences of non-Latin letters on a server whose ctype is plain "C".
 */
function foldSql(column: string): string {
  const marks = String.raw`[\u0300-\u036f]`;
  const separators = String.raw`[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf\u00d7\u00f7\u2000-\u206f\u2190-\u2bff\u2e00-\u2e7f\u3000-\u3004\u3008-\u3020\u3030\u303d\ufe10-\ufe1f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+`;
  return `btrim(regexp_replace(regexp_replace(lower(directory_unaccent(${column})), '${marks}', '', 'g'), '${separators}', ' ', 'g'))`;
}

const PLACE_ID_IN_URL = String.raw`[?&](?:query_place_id|place_id|placeid)=([A-Za-z0-9_-]{10,})`;
const CID_IN_URL = String.raw`[?&](?:cid|ludocid)=([0-9]{1,20})(?![0-9])`;
/** Google feature ids "0x<feature>:0x<cid>" (maps data URLs, #lrd= review anchors): the second half is the cid. */
const FEATURE_ID_IN_URL = String.raw`0x[0-9a-fA-F]{1,16}:0x([0-9a-fA-F]{1,16})`;

/** 16 hex digits → the unsigned 64-bit decimal text, so "cid=…" and "0x…:0x…" forms of one cid compare equal. */
function hexToDecimalSql(hex16: string): string {
  return `(('x' || substr(${hex16}, 1, 8))::bit(32)::bigint * 4294967296::numeric + ('x' || substr(${hex16}, 9, 8))::bit(32)::bigint)::text`;
}

/**
 * Sets of business ids naming one place: equal place_id ignoring case and whitespace, a place id inside the url
 * or reviews link equal to another's, or one Google cid (decimal or hex) in either link. Test and real rows are
 * never put together.
 */
export async function findSamePlaceIdSets(handle: DatabaseHandle): Promise<number[][]> {
  // NOTE: the strpos guards skip the regexes for the common rows (no cid, a link that repeats the row's own
  // place id): without them this scan costs more than the other two rules together.
  const rows = await handle.query<{ ids: number[] }>(
    `with links as materialized (
       select b.id::int as id, b.is_test,
              lower(translate(b.place_id, ' ' || chr(9) || chr(10) || chr(13) || chr(160), '')) as pid,
              case when strpos(b.url, 'place') > 0 and (b.place_id is null or strpos(b.url, b.place_id) = 0)
                   then (regexp_match(b.url, $1))[1] end as url_pid,
              case when strpos(b.reviews_link, 'place') > 0 and (b.place_id is null or strpos(b.reviews_link, b.place_id) = 0)
                   then (regexp_match(b.reviews_link, $1))[1] end as link_pid,
              case when strpos(b.url, 'cid=') > 0 then (regexp_match(b.url, $2))[1] end as url_cid,
              case when strpos(b.reviews_link, 'cid=') > 0 then (regexp_match(b.reviews_link, $2))[1] end as link_cid,
              case when strpos(b.url, ':0x') > 0 then lpad((regexp_match(b.url, $3))[1], 16, '0') end as url_hex,
              case when strpos(b.reviews_link, ':0x') > 0 then lpad((regexp_match(b.reviews_link, $3))[1], 16, '0') end as link_hex
         from businesses b
        where b.place_id is not null or b.url is not null or b.reviews_link is not null
     ), keys as (
       select id, is_test, 'p:' || pid as key from links where pid <> ''
       union all
       select id, is_test, 'p:' || lower(url_pid) from links where url_pid is not null and lower(url_pid) is distinct from pid
       union all
       select id, is_test, 'p:' || lower(link_pid) from links where link_pid is not null and lower(link_pid) is distinct from pid
       union all
       select id, is_test, 'c:' || cid from links
        cross join lateral (values
          (url_cid::numeric::text), (link_cid::numeric::text), (${hexToDecimalSql("url_hex")}), (${hexToDecimalSql("link_hex")})
        ) as c(cid)
        where coalesce(url_cid, link_cid, url_hex, link_hex) is not null and c.cid is not null and c.cid <> '0'
     )
     select array_agg(id) as ids
       from keys
      group by is_test, key
     having count(*) > 1`,
    [PLACE_ID_IN_URL, CID_IN_URL, FEATURE_ID_IN_URL],
  );
  // One row can carry a key twice (the same cid in both links): such a "set" of one is no duplicate.
  return rows.map((row) => [...new Set(row.ids.map(Number))].sort((a, b) => a - b)).filter((ids) => ids.length > 1);
}

export interface NameAddressCandidate {
  id: number;
  isTest: boolean;
  /** Rows sharing a candidate key; the caller splits them by the exact fold. */
  candidateKey: string;
  name: string;
  fullAddress: string;
}

/**
 * Rows whose approximately folded name and full address equal another row's. Keys are 64-bit hashes so the
 * grouping stays small in memory; a hash clash only adds a candidate the exact check drops.
 */
export async function findNameAddressCandidates(handle: DatabaseHandle): Promise<NameAddressCandidate[]> {
  return handle.query<NameAddressCandidate>(
    `with folded as materialized (
       select id, is_test, name, full_address, ${foldSql("name")} as name_key, ${foldSql("full_address")} as address_key
         from businesses
        where full_address is not null
     ), hashed as materialized (
       select id, is_test, name, full_address, hashtextextended(name_key || chr(1) || address_key, 0) as h
         from folded
        where name_key <> '' and address_key <> ''
     ), shared as (
       select is_test, h from hashed group by is_test, h having count(*) > 1
     )
     select h.id::int as "id", h.is_test as "isTest", h.h::text as "candidateKey", h.name, h.full_address as "fullAddress"
       from hashed h join shared s on s.is_test = h.is_test and s.h = h.h
      order by h.id`,
  );
}

/** Latitude cell height in degrees: ≥ 55 m, more than the widest distance the nearby rule accepts. */
const CELL_DEGREES = 0.0005;
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Longitude cell width for latitude band `cy`: CELL_DEGREES measured at the band's edge nearest the pole, so a
 * cell is never narrower than it is tall. NOTE: clamped near the poles; longitude ±180 does not wrap.
 */
function cellWidthSql(cy: string): string {
  return `(${CELL_DEGREES} / greatest(cos(radians(least(abs(${cy}) + 1, ${Math.round(90 / CELL_DEGREES)}) * ${CELL_DEGREES})), 0.01))`;
}

/**
 * Pairs [a, b] (a < b) of rows with the same approximately folded name at most `meters` apart. Each row gets a
 * grid cell (latitude band × longitude slot at least `meters` wide); a hash join on (name key, cell) against the
 * nine neighbouring cells finds the candidates, haversine confirms the distance. O(rows), not O(rows²).
 */
export async function findNearbySameNamePairs(handle: DatabaseHandle, meters: number): Promise<Array<[number, number]>> {
  if (meters > 50) throw new RangeError("the grid is sized for distances up to 50 m");
  const rows = await handle.query<{ a: number; b: number }>(
    `with named as materialized (
       select id::int as id, is_test, latitude as lat, longitude as lon, ${foldSql("name")} as name_key
         from businesses
        where latitude is not null and longitude is not null
     ), points as materialized (
       select id, is_test, lat, lon, hashtextextended(name_key, 0) as k, floor(lat / ${CELL_DEGREES})::int as cy
         from named
        where name_key <> ''
     ), repeated as (
       select k from points group by k having count(*) > 1
     ), cells as materialized (
       select p.id, p.is_test, p.lat, p.lon, p.k, p.cy, floor(p.lon / ${cellWidthSql("p.cy")})::int as cx
         from points p
        where p.k in (select k from repeated)
     ), probes as (
       select c.id, c.is_test, c.lat, c.lon, c.k, c.cy + d.dy as ny, floor(c.lon / ${cellWidthSql("(c.cy + d.dy)")})::int + d.dx as nx
         from cells c
        cross join (values (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0), (1, 1)) as d(dy, dx)
     )
     select a.id as "a", b.id as "b"
       from probes a
       join cells b on b.k = a.k and b.cy = a.ny and b.cx = a.nx and b.is_test = a.is_test and b.id > a.id
      where 2 * ${EARTH_RADIUS_M} * asin(sqrt(
              power(sin(radians(b.lat - a.lat) / 2), 2) +
              cos(radians(a.lat)) * cos(radians(b.lat)) * power(sin(radians(b.lon - a.lon) / 2), 2)
            )) <= $1
      order by 1, 2`,
    [meters],
  );
  return rows.map((row) => [Number(row.a), Number(row.b)]);
}

export async function listBusinessNames(handle: DatabaseHandle, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await handle.query<{ id: number; name: string }>("select id::int as id, name from businesses where id = any($1::bigint[])", [ids]);
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** Columns counted by "richest record": everything a visitor can see, derived slugs left out. */
const CONTENT_COLUMNS = [
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "postal_code",
  "state",
  "country",
  "country_code",
  "phone",
  "reviews_link",
  "photo",
  "logo",
  "located_in",
  "description",
  "place_id",
  "url",
  "time_zone",
] as const;
const FILLED_SQL = [
  ...CONTENT_COLUMNS.map((column) => `(nullif(btrim(${column}), '') is not null)::int`),
  "(latitude is not null)::int",
  "(longitude is not null)::int",
  "(rating is not null)::int",
  "(reviews > 0)::int",
  "(working_hours is not null and working_hours <> '{}'::jsonb)::int",
  "(about is not null and about <> '{}'::jsonb)::int",
].join(" + ");

export interface BusinessRichness {
  id: number;
  /** How many content fields are filled. */
  filled: number;
  verified: boolean;
  reviews: number;
}

/** Richest first: most filled fields, then verified, then more reviews, then the older id. */
export async function rankBusinessesByRichness(handle: DatabaseHandle, ids: number[]): Promise<BusinessRichness[]> {
  if (ids.length === 0) return [];
  const rows = await handle.query<BusinessRichness>(
    `select id::int as id, (${FILLED_SQL})::int as filled, verified, reviews
       from businesses where id = any($1::bigint[])
      order by filled desc, verified desc, reviews desc, id asc`,
    [ids],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export interface BusinessSummary {
  id: number;
  name: string;
  slug: string;
  city: string | null;
  countryCode: string | null;
  placeId: string | null;
  fullAddress: string | null;
  phone: string | null;
}

/** What an operator needs to recognise a business in a report. */
export async function listBusinessSummaries(handle: DatabaseHandle, ids: number[]): Promise<BusinessSummary[]> {
  if (ids.length === 0) return [];
  const rows = await handle.query<BusinessSummary>(
    `select id::int as "id", name, slug, city, country_code as "countryCode", place_id as "placeId", full_address as "fullAddress", phone
       from businesses where id = any($1::bigint[]) order by id`,
    [ids],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** id → stored place id (null when it has none): the duplicate finder never merges two different ones. */
export async function listBusinessPlaceIds(handle: DatabaseHandle, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await handle.query<{ id: number; place_id: string | null }>(
    "select id::int as id, place_id from businesses where id = any($1::bigint[])",
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), row.place_id]));
}
