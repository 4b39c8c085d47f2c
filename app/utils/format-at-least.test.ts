import { describe, expect, it } from "vitest";
import { formatAtLeast } from "./format.ts";

describe("formatAtLeast: live directory figures in the spec's '564,000+' style", () => {
  it("keeps three significant figures from 1,000 up and adds '+' for what was cut", () => {
    expect(formatAtLeast(564_318)).toBe("564,000+");
    expect(formatAtLeast(15_042)).toBe("15,000+");
    expect(formatAtLeast(15_999)).toBe("15,900+");
    expect(formatAtLeast(1_000)).toBe("1,000");
    expect(formatAtLeast(1_009)).toBe("1,000+");
    expect(formatAtLeast(1_234_567)).toBe("1,230,000+");
    expect(formatAtLeast(9_999_999)).toBe("9,990,000+");
  });

  it("rounds 100-999 down to a step of 5 and shows small counts exactly", () => {
    expect(formatAtLeast(195)).toBe("195");
    expect(formatAtLeast(199)).toBe("195+");
    expect(formatAtLeast(503)).toBe("500+");
    expect(formatAtLeast(100)).toBe("100");
    expect(formatAtLeast(99)).toBe("99");
    expect(formatAtLeast(7)).toBe("7");
    expect(formatAtLeast(0)).toBe("0");
  });

  it("is never above the true count, and treats fractions, negatives and NaN as the whole count below", () => {
    for (const value of [1, 42, 101, 999, 1_001, 54_321, 987_654, 12_345_678]) {
      expect(Number(formatAtLeast(value).replace(/[,+]/g, ""))).toBeLessThanOrEqual(value);
    }
    expect(formatAtLeast(12.9)).toBe("12");
    expect(formatAtLeast(-3)).toBe("0");
    expect(formatAtLeast(Number.NaN)).toBe("0");
  });
});
