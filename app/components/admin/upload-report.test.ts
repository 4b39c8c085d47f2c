import { describe, expect, it } from "vitest";
import { sampleList } from "./upload-report";

describe("sampleList", () => {
  it("shows 5 entries and one '... and N more' line counted from the true total", () => {
    const items = ["a", "b", "c", "d", "e", "f", "g", "... and 3 more"];
    expect(sampleList(items, 10)).toEqual(["a", "b", "c", "d", "e", "... and 5 more"]);
    expect(sampleList(["a", "b"], 2)).toEqual(["a", "b"]);
  });
});
