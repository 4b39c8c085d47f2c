// A typed prefix → autocomplete rows over category, city, country and business names in one round trip, each part
// an index range with a LIMIT (never a full scan); approved businesses only.
import type { DatabaseHandle } from "../client.ts";

export interface SuggestionRow {
  kind: "category" | "city" | "country" | "business";
  label: string;
  slug: string;
  countryCode: string | null;
  detail: string | null;
  count: number;
}

/**
 * Autocomplete by prefix over category, city, country and business names in one round trip. Each part reads
 * an index range (`~>=~` / `~<~` on a text_pattern_ops expression index) with a LIMIT, never a full scan:
 * businesses take the first 50 names of the range, then the most popular of those.
 * NOTE: the range is spelled out instead of `LIKE $1 || '%'` so a cached generic plan still uses the index, and
 * the names are ordered `USING ~<~` (the index's byte order): a plain ORDER BY sorts by collation, which the
 * text_pattern_ops index cannot provide, and the planner then sorts every name in the range.
 */
export async function suggestByPrefix(
  handle: DatabaseHandle,
  prefix: string,
  limit: number,
  kinds?: readonly SuggestionRow["kind"][],
): Promise<SuggestionRow[]> {
  const low = prefix;
  const high = `${prefix}\u{10FFFF}`;
  // NOTE: `$4 is null or …` is a one-time filter: a part whose kind is not wanted reads no index at all.
  const wants = (kind: SuggestionRow["kind"]) => `and ($4::text[] is null or '${kind}' = any($4::text[]))`;
  return handle.query<SuggestionRow>(
    `(select 'category' as kind, category as label, category_slug as slug, null::text as "countryCode",
             null::text as detail, business_count as count
        from category_counts
       where directory_unaccent(lower(category)) ~>=~ directory_unaccent(lower($1))
         and directory_unaccent(lower(category)) ~<~ directory_unaccent(lower($2)) ${wants("category")}
       order by business_count desc, category_slug limit $3)
     union all
     (select 'city', city, city_slug, country_code, null::text, business_count
        from city_counts
       where directory_unaccent(lower(city)) ~>=~ directory_unaccent(lower($1))
         and directory_unaccent(lower(city)) ~<~ directory_unaccent(lower($2)) ${wants("city")}
       order by business_count desc, country_code, city_slug limit $3)
     union all
     (select 'country', country, country_slug, country_code, null::text, business_count
        from country_counts
       where directory_unaccent(lower(country)) ~>=~ directory_unaccent(lower($1))
         and directory_unaccent(lower(country)) ~<~ directory_unaccent(lower($2)) ${wants("country")}
       order by business_count desc, country_code limit $3)
     union all
     (select 'business', name, slug, country_code, city, reviews
        from (select name, slug, country_code, city, reviews, rank_score, id
                from businesses
               where is_approved
                 and directory_unaccent(lower(name)) ~>=~ directory_unaccent(lower($1))
                 and directory_unaccent(lower(name)) ~<~ directory_unaccent(lower($2)) ${wants("business")}
               order by directory_unaccent(lower(name)) using ~<~
               limit 50) first_names
       order by rank_score desc, id desc limit $3)`,
    [low, high, limit, kinds ? [...kinds] : null],
  );
}
