import { describe, expect, it } from "vitest";
import { Random, WeightedPicker, createZipfWeights, hashSeed, mixBits } from "./random.ts";

describe("seeded random", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const draw = (...seed: number[]) => {
      const random = new Random(...seed);
      return Array.from({ length: 8 }, () => random.nextUint32());
    };
    expect(draw(1, 2)).toEqual(draw(1, 2));
    expect(draw(1, 2)).not.toEqual(draw(1, 3));
    expect(draw(1, 2)).not.toEqual(draw(2, 1));
  });

  it("spreads uniform numbers evenly over [0, 1)", () => {
    const random = new Random(7);
    const buckets = new Array(10).fill(0);
    let low = 1;
    let high = 0;
    for (let i = 0; i < 50_000; i++) {
      const value = random.next();
      low = Math.min(low, value);
      high = Math.max(high, value);
      buckets[Math.floor(value * 10)]++;
    }
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThan(1);
    for (const count of buckets) expect(count).toBeGreaterThan(4_500);
  });

  it("never maps two row indexes to the same id bits (mixBits is a bijection)", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200_000; i++) seen.add(mixBits(i ^ hashSeed(5)));
    expect(seen.size).toBe(200_000);
  });

  it("picks by weight and lets Zipf's head dominate", () => {
    const picker = new WeightedPicker(createZipfWeights(100));
    const random = new Random(3);
    const counts = new Array(100).fill(0);
    for (let i = 0; i < 20_000; i++) counts[picker.pick(random)]++;
    expect(counts[0]).toBeGreaterThan(counts[1]);
    expect(counts[1]).toBeGreaterThan(counts[9]);
    expect(counts[0] / 20_000).toBeGreaterThan(0.15);
    expect(new WeightedPicker([0, 5, 0]).indexAt(0.99)).toBe(1);
  });
});
