// A businesses alias → the SQL condition for "listed": approved and operational. Lists, count tables, page anchors,
// sitemaps and the search's default set show listed businesses only; a closed business keeps its page (noindex)
// and is still found by a search that matches its name.
// NOTE: the partial rank indexes (db/schema/businesses.ts) carry exactly this predicate: a list query must contain it
// verbatim (same column order) for the planner to prove the index applies.

/** `alias.is_approved and alias.status = 'operational'`, or unqualified without an alias. */
export function listedCondition(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column("is_approved")} and ${column("status")} = 'operational'`;
}

/**
 * The same condition in a form PostgreSQL cannot prove implies the partial indexes' predicate (`(x = y) is true` is
 * not matched to `x = y`), for a query that must not read the listed-only rank indexes. Same rows, same estimate.
 */
export function listedConditionBesideRankIndexes(alias: string): string {
  return `${alias}.is_approved and (${alias}.status = 'operational') is true`;
}
