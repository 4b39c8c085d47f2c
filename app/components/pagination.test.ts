import { describe, expect, it } from "vitest";
import { buildPageWindow, pageHref } from "./pagination";

describe("buildPageWindow", () => {
  it("shows up to five consecutive pages, shifted to stay inside the range", () => {
    expect(buildPageWindow(1, 20, "window")).toEqual([1, 2, 3, 4, 5]);
    expect(buildPageWindow(10, 20, "window")).toEqual([8, 9, 10, 11, 12]);
    expect(buildPageWindow(20, 20, "window")).toEqual([16, 17, 18, 19, 20]);
    expect(buildPageWindow(2, 3, "window")).toEqual([1, 2, 3]);
    expect(buildPageWindow(1, 0, "window")).toEqual([]);
  });

  it("shows two pages either side plus the first and last with ellipses (businesses list)", () => {
    expect(buildPageWindow(1, 100, "edges")).toEqual([1, 2, 3, "gap-end", 100]);
    expect(buildPageWindow(50, 100, "edges")).toEqual([1, "gap-start", 48, 49, 50, 51, 52, "gap-end", 100]);
    expect(buildPageWindow(4, 15, "edges")).toEqual([1, 2, 3, 4, 5, 6, "gap-end", 15]);
    expect(buildPageWindow(100, 100, "edges")).toEqual([1, "gap-start", 98, 99, 100]);
    expect(buildPageWindow(1, 1, "edges")).toEqual([1]);
  });
});

describe("pageHref", () => {
  it("keeps the other parameters and drops page 1", () => {
    expect(pageHref("/categories", "?q=bak&view=list", 3)).toBe("/categories?q=bak&view=list&page=3");
    expect(pageHref("/categories", "?q=bak&page=3", 1)).toBe("/categories?q=bak");
    expect(pageHref("/businesses", "", 1)).toBe("/businesses");
  });
});
