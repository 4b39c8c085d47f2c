// Normalised business rows → one multi-row upsert per batch keyed by identity_key; unchanged rows are not
// rewritten (content_hash), slugs stay unique (suffix on collision) and never change on update.
import { DirectoryError } from "../rules/directory-error.ts";
import { sql } from "drizzle-orm";
import { listSlugOptions } from "../rules/slug.ts";
import type { DatabaseHandle } from "../client.ts";
import { businesses, type NewBusiness } from "../schema/index.ts";
import { trashBusinessesCounted } from "./trash.ts";

export type BusinessInput = Omit<NewBusiness, "id" | "createdAt" | "updatedAt" | "searchVector">;

export interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

// NOTE: Postgres allows 65,535 bind parameters per statement; ~40 columns × 1000 rows stays under it.
const MAX_ROWS_PER_STATEMENT = 1000;

/** Gives each row a slug no other business holds (existing owners of the same identity keep theirs). */
async function resolveSlugs(handle: DatabaseHandle, rows: BusinessInput[]): Promise<BusinessInput[]> {
  // Every option of the collision policy is looked up, so a suffixed form another business holds is skipped too.
  const optionsOf = new Map(rows.map((row) => [row, listSlugOptions(row.slug, row.identityKey)]));
  const wanted = [...new Set([...optionsOf.values()].flat())];
  const taken = new Map<string, string>();
  if (wanted.length > 0) {
    const existing = await handle.query<{ slug: string; identity_key: string }>(
      "select slug, identity_key from businesses where slug = any($1::text[])",
      [wanted],
    );
    for (const row of existing) taken.set(row.slug, row.identity_key);
  }
  return rows.map((row) => {
    const owner = taken.get(row.slug);
    if (owner === undefined || owner === row.identityKey) {
      taken.set(row.slug, row.identityKey);
      return row;
    }
    const options = optionsOf.get(row) ?? listSlugOptions(row.slug, row.identityKey);
    const slug = options.find((option) => !taken.has(option) || taken.get(option) === row.identityKey);
    if (slug === undefined) throw new DirectoryError("SLUG_EXHAUSTED", `no free slug for ${row.identityKey} among ${options.join(", ")}`);
    taken.set(slug, row.identityKey);
    return { ...row, slug };
  });
}

/** Inserts new identities, updates changed ones, counts unchanged ones; the whole call is one transaction. */
export async function upsertBusinesses(handle: DatabaseHandle, input: BusinessInput[]): Promise<UpsertResult> {
  const result: UpsertResult = { inserted: 0, updated: 0, unchanged: 0 };
  if (input.length === 0) return result;
  // Within one call the last row of an identity wins, as a later line of a file would.
  const byIdentity = new Map<string, BusinessInput>();
  for (const row of input) byIdentity.set(row.identityKey, row);
  const rows = await resolveSlugs(handle, [...byIdentity.values()]);
  result.unchanged += input.length - rows.length;

  await handle.db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += MAX_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + MAX_ROWS_PER_STATEMENT);
      const written = await tx
        .insert(businesses)
        .values(chunk)
        .onConflictDoUpdate({
          target: businesses.identityKey,
          set: {
            name: sql`excluded.name`,
            category: sql`excluded.category`,
            categorySlug: sql`excluded.category_slug`,
            type: sql`excluded.type`,
            fullAddress: sql`excluded.full_address`,
            street: sql`excluded.street`,
            city: sql`excluded.city`,
            citySlug: sql`excluded.city_slug`,
            district: sql`excluded.district`,
            cityGeonameId: sql`excluded.city_geoname_id`,
            postalCode: sql`excluded.postal_code`,
            state: sql`excluded.state`,
            country: sql`excluded.country`,
            countryCode: sql`excluded.country_code`,
            phone: sql`excluded.phone`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            rating: sql`excluded.rating`,
            reviews: sql`excluded.reviews`,
            reviewsLink: sql`excluded.reviews_link`,
            photo: sql`excluded.photo`,
            logo: sql`excluded.logo`,
            locatedIn: sql`excluded.located_in`,
            workingHours: sql`excluded.working_hours`,
            verified: sql`excluded.verified`,
            about: sql`excluded.about`,
            description: sql`excluded.description`,
            placeId: sql`excluded.place_id`,
            url: sql`excluded.url`,
            status: sql`excluded.status`,
            timeZone: sql`excluded.time_zone`,
            source: sql`excluded.source`,
            contentHash: sql`excluded.content_hash`,
            rankScore: sql`excluded.rank_score`,
            isTest: sql`excluded.is_test`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${businesses.contentHash} is distinct from excluded.content_hash`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of written) {
        if (row.inserted) result.inserted++;
        else result.updated++;
      }
      result.unchanged += chunk.length - written.length;
    }
  });
  return result;
}

/** Popularity for ordering: verified first-class, then rating weighted by how many reviews back it. */
export function computeRankScore(input: {
  rating?: number | null;
  reviews?: number | null;
  verified?: boolean | null;
  photo?: string | null;
}): number {
  const rating = input.rating ?? 0;
  const reviews = Math.max(0, input.reviews ?? 0);
  const score = rating * Math.log10(reviews + 1) + (input.verified ? 1 : 0) + (input.photo ? 0.25 : 0);
  return Math.round(score * 10_000) / 10_000;
}

/** Moves every business marked is_test to the trash (with tombstones, like any delete); returns how many. */
export async function deleteTestBusinesses(handle: DatabaseHandle, deletedBy: string): Promise<number> {
  const result = await handle.db.transaction((tx) => trashBusinessesCounted(tx, sql`b.is_test`, { reason: "test-data", deletedBy }));
  return result.count;
}
