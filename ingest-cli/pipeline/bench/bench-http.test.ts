import { describe, expect, it } from "vitest";
import { percentile, round2 } from "./bench-http.ts";

describe("bench HTTP helpers: percentiles", () => {
  it("takes the nearest rank of an ascending list", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });

  it("is NaN for no samples, and rounds figures to two decimals", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(round2(12.3456)).toBe(12.35);
  });
});
