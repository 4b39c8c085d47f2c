import { describe, expect, it } from "vitest";
import { firstWebUrl, listWebUrls } from "./links.ts";

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

describe("listWebUrls", () => {
  const options = { limit: 10, maxLength: 2000 };
  it("collects every shape in order, once each, and leaves the main photo out", () => {
    const values = [
      "https://a.example/1.jpg, https://a.example/2.jpg",
      '["https://a.example/2.jpg","//a.example/3.jpg"]',
      [{ imageUrl: "https://a.example/4.jpg", authorName: "x" }, { url: "https://a.example/5.jpg" }],
      '[{"title":"Videos","image":"https://a.example/video.jpg"},{"title":"Menu","image":"https://a.example/6.jpg"}]',
      "javascript:alert(1)",
    ];
    expect(listWebUrls(values, { ...options, exclude: "https://a.example/1.jpg" })).toEqual([
      "https://a.example/2.jpg",
      "https://a.example/3.jpg",
      "https://a.example/4.jpg",
      "https://a.example/5.jpg",
      "https://a.example/6.jpg",
    ]);
  });
  it("counts a Google photo at two sizes once, caps the list and skips overlong links", () => {
    const google = (size: string) => `https://lh5.googleusercontent.com/p/AF1QipX=${size}`;
    expect(listWebUrls([[google("w408-h408-k-no"), google("w298-h298-k-no")]], options)).toEqual([google("w408-h408-k-no")]);
    const many = Array.from({ length: 15 }, (_, i) => `https://a.example/${i}.jpg`);
    expect(listWebUrls([[`https://a.example/${"x".repeat(2000)}`, ...many]], options)).toEqual(many.slice(0, 10));
  });
});
