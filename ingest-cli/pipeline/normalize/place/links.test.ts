import { describe, expect, it } from "vitest";
import { firstWebUrl } from "./links.ts";

describe("firstWebUrl", () => {
  it.each([
    ["a plain URL", "https://book.example.com/table"],
    ["a comma list", "https://book.example.com/table, https://other.example.com"],
    ["a JSON list", '["https://book.example.com/table"]'],
    ["gosom [{link, source}]", '[{"link":"https://book.example.com/table","source":"madeup"}]'],
    ["Apify [{imageUrl}]", [{ imageUrl: "https://book.example.com/table" }]],
    ["gosom images [{title, image}]", '[{"title":"All","image":"https://book.example.com/table"}]'],
  ])("%s", (_shape, value) => {
    expect(firstWebUrl(value)).toBe("https://book.example.com/table");
  });
  it("refuses non-web schemes and plain words", () => {
    expect(firstWebUrl("javascript:alert(1)")).toBeNull();
    expect(firstWebUrl("see website")).toBeNull();
    expect(firstWebUrl([])).toBeNull();
  });
});
