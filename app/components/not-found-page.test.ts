import { describe, expect, it } from "vitest";
import { buildSearchHref } from "./not-found-page";

describe("not-found page search", () => {
  it("requires the what text after trimming and adds where only when non-empty, both encoded", () => {
    expect(buildSearchHref("  pizza & pasta ", "")).toBe("/search?q=pizza+%26+pasta");
    expect(buildSearchHref("café", " São Paulo ")).toBe("/search?q=caf%C3%A9&location=S%C3%A3o+Paulo");
    expect(buildSearchHref("   ", "Berlin")).toBeNull();
  });
});
