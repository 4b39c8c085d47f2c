import { describe, expect, it } from "vitest";
import { sampleList } from "./upload-report";

describe("sampleList", () => {
  it("shows 5 entries and one '... and N more' line counted from the true total", () => {
    const items = ["a", "b", "c", "d", "e", "f", "g", "... and 3 more"];
    const more = (count: number) => `... ve ${count} tane daha`;
    expect(sampleList(items, 10, more)).toEqual(["a", "b", "c", "d", "e", "... ve 5 tane daha"]);
    expect(sampleList(["a", "b"], 2, more)).toEqual(["a", "b"]);
  });
});
