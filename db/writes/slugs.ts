// One id-ordered batch of businesses → canonical slugs (`name-city`, `-xxxxxx` when taken), the old slugs kept
// as redirects and the job checkpoint advanced, all in one transaction: a killed run loses nothing.
import { DirectoryError } from "../rules/directory-error.ts";
import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import { buildBusinessSlug, listSlugOptions } from "../rules/slug.ts";
import type { DatabaseHandle } from "../client.ts";
import { FIX_SLUGS_JOB } from "../queries/slugs.ts";
import { businesses, jobCheckpoints, slugRedirects } from "../schema/index.ts";
import { IMPORT_WRITE_LOCK } from "./import-batch.ts";

export interface SlugRow {
  id: number;
  name: string;
  city: string | null;
  slug: string;
  identityKey: string;
}

export interface SlugChange {
  id: number;
  oldSlug: string;
  slug: string;
}

/**
 * The slugs a business may rightly hold, best first: `name-city`, then the suffixed forms of the one collision
 * policy (db/rules/slug.ts listSlugOptions), exactly as the write path would give them.
 */
export function canonicalSlugOptions(row: Pick<SlugRow, "name" | "city" | "identityKey">): string[] {
  return listSlugOptions(buildBusinessSlug(row.name, row.city), row.identityKey);
}

export interface SlugCandidate extends SlugRow {
  /** canonicalSlugOptions of the row, none of which it holds. */
  options: string[];
}

/** The rows whose slug is none of their canonical options; most rows stop at the cheap `name-city` check. */
export function findNonCanonicalSlugs(rows: SlugRow[]): SlugCandidate[] {
  const candidates: SlugCandidate[] = [];
  for (const row of rows) {
    if (row.slug === buildBusinessSlug(row.name, row.city)) continue;
    const options = canonicalSlugOptions(row);
    if (!options.includes(row.slug)) candidates.push({ ...row, options });
  }
  return candidates;
}

/**
 * Decides the new slugs of one batch as if the businesses were handled one at a time in id order: a slug is
 * free when no business holds it (`rows`' own slugs, `holders`: the current owners of every option) or the one
 * that held it has already moved away earlier in the batch. A business already on one of its canonical options
 * keeps it, even a suffixed one whose base has since become free: that keeps a second run from changing anything.
 */
export function planSlugChanges(rows: SlugRow[], candidates: SlugCandidate[], holders: Array<{ id: number; slug: string }>): SlugChange[] {
  const holderOf = new Map<string, number>();
  for (const holder of holders) holderOf.set(holder.slug, holder.id);
  for (const row of rows) holderOf.set(row.slug, row.id);
  const changes: SlugChange[] = [];
  for (const row of [...candidates].sort((a, b) => a.id - b.id)) {
    const slug = row.options.find((option) => {
      const holder = holderOf.get(option);
      return holder === undefined || holder === row.id;
    });
    if (slug === undefined) throw new DirectoryError("SLUG_EXHAUSTED", `no free slug for business ${row.id} among ${row.options.join(", ")}`);
    holderOf.delete(row.slug);
    holderOf.set(slug, row.id);
    changes.push({ id: row.id, oldSlug: row.slug, slug });
  }
  return changes;
}

export interface SlugFixBatchResult {
  /** Businesses read in this batch (0 = nothing left after `afterId`). */
  rows: number;
  changed: number;
  /** The highest id of the batch: where the next batch starts. */
  lastId: number;
  /** Businesses handled since the job's checkpoint was created, this batch included. */
  processed: number;
  /** The slugs this batch changed (business id, old → new). */
  changes: SlugChange[];
}

/**
 * Fixes the slugs of the next `limit` businesses after `afterId` and records the checkpoint, in one transaction.
 * Takes the import write lock so a concurrent import cannot hand out one of the chosen slugs meanwhile.
 */
export async function fixSlugBatch(handle: DatabaseHandle, options: { afterId: number; limit: number }): Promise<SlugFixBatchResult> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_WRITE_LOCK})`);
    const rows = await tx
      .select({ id: businesses.id, name: businesses.name, city: businesses.city, slug: businesses.slug, identityKey: businesses.identityKey })
      .from(businesses)
      .where(gt(businesses.id, options.afterId))
      .orderBy(asc(businesses.id))
      .limit(options.limit)
      .for("update");
    const last = rows[rows.length - 1];
    if (!last) return { rows: 0, changed: 0, lastId: options.afterId, processed: 0, changes: [] };

    const candidates = findNonCanonicalSlugs(rows);
    const wanted = [...new Set(candidates.flatMap((candidate) => candidate.options))];
    // NOTE: one array parameter, not `in ($1…$n)`: thousands of bind parameters cost more than the lookup itself.
    const holders =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: businesses.id, slug: businesses.slug })
            .from(businesses)
            .where(sql`${businesses.slug} = any(${sql.param(wanted)}::text[])`);
    const changes = planSlugChanges(rows, candidates, holders);

    if (changes.length > 0) {
      const ids = changes.map((change) => change.id);
      const freed = new Set(changes.map((change) => change.oldSlug));
      // NOTE: unique indexes are checked row by row, so a slug handed from one business of the batch to another
      // in the same UPDATE could clash mid-statement; parking the movers on a placeholder first avoids that.
      if (changes.some((change) => freed.has(change.slug))) {
        await tx
          .update(businesses)
          .set({ slug: sql`'~fix-slugs~' || ${businesses.id}` })
          .where(inArray(businesses.id, ids));
      }
      const values = sql.join(
        changes.map((change) => sql`(${change.id}::bigint, ${change.slug}::text)`),
        sql`, `,
      );
      await tx.execute(sql`update businesses as b set slug = v.slug, updated_at = now() from (values ${values}) as v(id, slug) where b.id = v.id`);
      await tx
        .insert(slugRedirects)
        .values(changes.map((change) => ({ oldSlug: change.oldSlug, businessId: change.id })))
        .onConflictDoUpdate({ target: slugRedirects.oldSlug, set: { businessId: sql`excluded.business_id`, createdAt: sql`now()` } });
    }
    // A business's own slug beats a redirect of the same text (an old slug that has become someone's canonical one).
    // NOTE: `= any(array(…))` keeps this an index probe per slug; a join would scan the whole redirect table per batch.
    await tx.execute(
      sql`delete from slug_redirects where old_slug = any(array(select slug from businesses where id > ${options.afterId} and id <= ${last.id}))`,
    );

    const [checkpoint] = await tx
      .insert(jobCheckpoints)
      .values({ job: FIX_SLUGS_JOB, cursor: { lastId: last.id }, processed: rows.length })
      .onConflictDoUpdate({
        target: jobCheckpoints.job,
        set: { cursor: { lastId: last.id }, processed: sql`${jobCheckpoints.processed} + ${rows.length}`, updatedAt: sql`now()` },
      })
      .returning({ processed: jobCheckpoints.processed });
    return { rows: rows.length, changed: changes.length, lastId: last.id, processed: checkpoint?.processed ?? rows.length, changes };
  });
}

/** Forgets where the slug fix stopped: the next run starts from the first business. */
export async function clearSlugFixCheckpoint(handle: DatabaseHandle): Promise<void> {
  await handle.db.delete(jobCheckpoints).where(eq(jobCheckpoints.job, FIX_SLUGS_JOB));
}
