import { describe, expect, it } from "vitest";
import { formatCount, formatCounted } from "./format.ts";

describe("formatCounted", () => {
  it("puts the noun in the right number and formats the figure", () => {
    expect(formatCounted(1, "city", "cities")).toBe("1 city");
    expect(formatCounted(0, "city", "cities")).toBe("0 cities");
    expect(formatCounted(1234, "business", "businesses")).toBe("1,234 businesses");
    expect(formatCounted(1234, "business", "businesses", formatCount)).toBe("1.2k businesses");
  });
});
