// A business id → the full-text shard that indexes it, and the part of the directory each shard holds: the rule the
// partial GIN indexes (db/schema/businesses.ts, migration 0034) and the search's sample (db/queries/search-statement.ts)
// share, so a query's shard condition is always the index's own predicate.
// NOTE: a GIN index only answers with a bitmap of *every* match, so a broad word cost its whole posting list before
// one row was read ("salon": 68k entries, 20 of a 32 ms search at a million). Shards of growing size (1/64, 1/64,
// 2/64 … 32/64 of the ids) let a sample that stops after 1,001 matches build the bitmap of the first shards only.

/** Shard conditions read `(id % SEARCH_SHARD_MODULUS)`. */
export const SEARCH_SHARD_MODULUS = 64;

/** Each shard's residues of `id % SEARCH_SHARD_MODULUS`, first (smallest) first; together every residue, once. */
export const SEARCH_SHARDS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [1, 1],
  [2, 3],
  [4, 7],
  [8, 15],
  [16, 31],
  [32, 63],
];

/** The index name of shard `shard`. */
export function nameSearchShardIndex(shard: number): string {
  return `businesses_search_shard_${shard}_idx`;
}

/**
 * Shard `shard`'s condition on an id column (`b.id`, or `"id"` in an index predicate).
 * NOTE: written exactly as the partial index's predicate (the planner proves an index applies by matching it).
 */
export function buildSearchShardCondition(idColumn: string, shard: number): string {
  const [low, high] = SEARCH_SHARDS[shard] ?? [0, SEARCH_SHARD_MODULUS - 1];
  const residue = `(${idColumn} % ${SEARCH_SHARD_MODULUS})`;
  return low === high ? `${residue} = ${low}` : `${residue} >= ${low} and ${residue} <= ${high}`;
}

/** The share of all ids that shard `shard` holds (1/64 … 32/64). */
export function measureSearchShard(shard: number): number {
  const [low, high] = SEARCH_SHARDS[shard] ?? [0, -1];
  return (high - low + 1) / SEARCH_SHARD_MODULUS;
}

/**
 * The share of the directory a sample covered when it read the shards in order and stopped in shard `lastShard` at
 * table block `lastBlock` (a shard is read in block order): every earlier shard whole, and the part of the last one
 * up to that block. A shard past the last (the closed businesses' arm) means every shard was read.
 */
export function measureShardCoverage(lastShard: number, lastBlock: number, tableBlocks: number): number {
  if (lastShard >= SEARCH_SHARDS.length) return 1;
  let covered = 0;
  for (let shard = 0; shard < lastShard; shard++) covered += measureSearchShard(shard);
  const read = tableBlocks > 0 ? Math.min(1, (lastBlock + 1) / tableBlocks) : 1;
  return covered + measureSearchShard(lastShard) * read;
}
