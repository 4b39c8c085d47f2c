import { describe, expect, it } from "vitest";
import { escapeXml, newerLastmod, renderSitemapIndexXml, renderUrlEntry, renderUrlset } from "./xml.ts";

describe("sitemap XML", () => {
  it("escapes the five XML specials and nothing else", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(escapeXml("https://example.com/business/cafe-zurich")).toBe("https://example.com/business/cafe-zurich");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });

  it("renders url entries with and without lastmod", () => {
    expect(renderUrlEntry("https://example.com/?a=1&b=2", "2026-11-21T12:00:00Z")).toBe(
      "<url><loc>https://example.com/?a=1&amp;b=2</loc><lastmod>2026-11-21T12:00:00Z</lastmod></url>\n",
    );
    expect(renderUrlEntry("https://example.com/contact", null)).toBe("<url><loc>https://example.com/contact</loc></url>\n");
  });

  it("renders a complete urlset and sitemap index", () => {
    expect(renderUrlset([{ loc: "https://example.com/", lastmod: "2026-01-01T00:00:00Z" }, { loc: "https://example.com/<x>" }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://example.com/</loc><lastmod>2026-01-01T00:00:00Z</lastmod></url>\n" +
        "<url><loc>https://example.com/&lt;x&gt;</loc></url>\n</urlset>\n",
    );
    expect(renderUrlset([])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    );
    expect(
      renderSitemapIndexXml([
        { loc: "https://example.com/sitemaps/main.xml", lastmod: "2026-01-01T00:00:00Z" },
        { loc: "https://example.com/a&b.xml" },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<sitemap><loc>https://example.com/sitemaps/main.xml</loc><lastmod>2026-01-01T00:00:00Z</lastmod></sitemap>\n" +
        "<sitemap><loc>https://example.com/a&amp;b.xml</loc></sitemap>\n</sitemapindex>\n",
    );
  });

  it("picks the newer lastmod", () => {
    expect(newerLastmod(null, "2026-01-01T00:00:00Z")).toBe("2026-01-01T00:00:00Z");
    expect(newerLastmod("2026-01-02T00:00:00Z", undefined)).toBe("2026-01-02T00:00:00Z");
    expect(newerLastmod("2026-01-02T00:00:00Z", "2026-01-10T00:00:00Z")).toBe("2026-01-10T00:00:00Z");
    expect(newerLastmod(null, null)).toBeNull();
  });
});
