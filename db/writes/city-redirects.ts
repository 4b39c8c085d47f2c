// City slug moves (country, old → new) → city_slug_redirects with every chain collapsed: what pointed at the old slug
// now points at the new one (one hop), and a slug that is live again loses its own redirect (no A → … → A loop).
/**
 * One statement around a `moves` query yielding (country_code, old_slug, new_slug): `before + moves + after`.
 * NOTE: the three writes are data-modifying CTEs of one statement and see the table as it was before it, so they are
 * kept to disjoint rows: the insert owns the moves' old slugs, the delete the moves' new slugs (live again), the
 * update every other redirect that pointed at a moved slug. Key probes only (primary key and the new-slug index).
 */
export const CITY_REDIRECT_UPSERT: readonly [before: string, after: string] = [
  `with moves as (
     select distinct on (country_code, old_slug) country_code, old_slug, new_slug from (`,
  `) m0 where old_slug is not null and new_slug is not null and old_slug <> new_slug order by country_code, old_slug, new_slug
   ),
   cleared as (
     delete from city_slug_redirects r using moves m
      where r.country_code = m.country_code and r.old_slug = m.new_slug
        and not exists (select 1 from moves o where o.country_code = r.country_code and o.old_slug = r.old_slug)
   ),
   repointed as (
     update city_slug_redirects r set new_slug = m.new_slug, created_at = now() from moves m
      where r.country_code = m.country_code and r.new_slug = m.old_slug
        and not exists (select 1 from moves o where o.country_code = r.country_code and (o.old_slug = r.old_slug or o.new_slug = r.old_slug))
   )
   insert into city_slug_redirects (country_code, old_slug, new_slug)
   select country_code, old_slug, new_slug from moves
   on conflict (country_code, old_slug) do update set new_slug = excluded.new_slug, created_at = now()`,
];
