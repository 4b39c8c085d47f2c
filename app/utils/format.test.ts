import { describe, expect, it } from "vitest";
import {
  formatBusinessCounter,
  formatCityCounter,
  formatCount,
  formatRating,
  formatReviewCount,
  formatShare,
  formatThousands,
  truncate,
} from "./format.ts";

describe("spec display rules", () => {
  it("truncates names to the card and panel lengths with an ellipsis", () => {
    expect(truncate("The Golden Spoon Restaurant", 15)).toBe("The Golden Spoo…");
    expect(truncate("Short name", 15)).toBe("Short name");
    expect(truncate("Exactly12chr", 12)).toBe("Exactly12chr");
    expect(truncate("Café Müller am Markt", 12)).toBe("Café Müller…");
  });
  it("shows counts above 999 with k", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1k");
    expect(formatCount(1234)).toBe("1.2k");
    expect(formatCount(564000)).toBe("564k");
  });
  it("caps review counts at 99+", () => {
    expect(formatReviewCount(99)).toBe("99");
    expect(formatReviewCount(100)).toBe("99+");
  });
  it("shows a rating to one decimal or New", () => {
    expect(formatRating(4.25)).toBe("4.3");
    expect(formatRating(null)).toBe("New");
    expect(formatRating(0)).toBe("New");
  });
  it("formats home counters as NM+ and NK+", () => {
    expect(formatBusinessCounter(2_500_000)).toBe("2M+");
    expect(formatBusinessCounter(564_000)).toBe("564,000");
    expect(formatCityCounter(15_300)).toBe("15K+");
    expect(formatCityCounter(999)).toBe("999");
  });
  it("formats card thousands and shares", () => {
    expect(formatThousands(1500)).toBe("1K");
    expect(formatThousands(999)).toBe("999");
    expect(formatShare(1, 3)).toBe("33.3");
    expect(formatShare(1, 0)).toBe("0.0");
  });
});
