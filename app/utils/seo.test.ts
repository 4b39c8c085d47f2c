import { describe, expect, it } from "vitest";
import { buildPageMeta, clampDescription, serializeJsonLd } from "./seo";

describe("serializeJsonLd", () => {
  it("keeps a business name that tries to close the script element inert and round-trips it", () => {
    const name = 'Evil </script><script>alert(1)</script> & <!-- "Co"';
    const text = serializeJsonLd({ name });
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text)).toEqual({ name });
  });
});

describe("buildPageMeta", () => {
  it("builds an absolute canonical URL, appends the site name once and marks thin pages noindex", () => {
    const meta = buildPageMeta({
      title: "Restaurants",
      description: "All restaurants",
      path: "/categories/restaurant?page=2",
      siteUrl: "https://dir.example.com",
      noindex: true,
    });
    expect(meta).toContainEqual({ title: "Restaurants | Business Directory" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://dir.example.com/categories/restaurant?page=2" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });

  it("cuts long descriptions at a word boundary", () => {
    const text = clampDescription("word ".repeat(60));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("…")).toBe(true);
  });
});
