import { describe, expect, it } from "vitest";
import { buildSearchShardCondition, measureSearchShard, measureShardCoverage, SEARCH_SHARD_MODULUS, SEARCH_SHARDS } from "./search-shards.ts";

describe("full-text shards", () => {
  it("hold every residue of the modulus exactly once, smallest shards first", () => {
    const residues = SEARCH_SHARDS.flatMap(([low, high]) => Array.from({ length: high - low + 1 }, (_, i) => low + i));
    expect(residues).toEqual(Array.from({ length: SEARCH_SHARD_MODULUS }, (_, i) => i));
    const shares = SEARCH_SHARDS.map((_, shard) => measureSearchShard(shard));
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(1);
  });

  it("writes a shard's condition as its index predicate: one residue as an equality, a range as two bounds", () => {
    expect(buildSearchShardCondition("b.id", 0)).toBe("(b.id % 64) = 0");
    expect(buildSearchShardCondition("b.id", 6)).toBe("(b.id % 64) >= 32 and (b.id % 64) <= 63");
  });

  it("measures what a sample read: earlier shards whole, the last up to its block, everything past the shards", () => {
    expect(measureShardCoverage(0, 99, 100)).toBeCloseTo(1 / 64);
    expect(measureShardCoverage(0, 49, 100)).toBeCloseTo(0.5 / 64);
    expect(measureShardCoverage(3, 99, 100)).toBeCloseTo(8 / 64);
    expect(measureShardCoverage(6, 49, 100)).toBeCloseTo(32 / 64 + 16 / 64);
    expect(measureShardCoverage(SEARCH_SHARDS.length, 0, 100)).toBe(1);
  });
});
