import { describe, expect, it } from "vitest";
import { nextSort } from "./business-sort";

describe("nextSort", () => {
  it("flips the order of the active key and starts a new key ascending", () => {
    expect(nextSort({ sortBy: "name", sortOrder: "asc" }, "name")).toEqual({ sortBy: "name", sortOrder: "desc" });
    expect(nextSort({ sortBy: "name", sortOrder: "desc" }, "name")).toEqual({ sortBy: "name", sortOrder: "asc" });
    expect(nextSort({ sortBy: "createdAt", sortOrder: "desc" }, "rating")).toEqual({ sortBy: "rating", sortOrder: "asc" });
  });
});
