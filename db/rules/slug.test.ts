import { describe, expect, it } from "vitest";
import { buildBusinessSlug, slugify, slugSuffix, stripSlugSuffix, withSlugSuffix } from "./slug.ts";
import { countryCodeFromName, countryName, countrySlug } from "./countries.ts";

describe("slugs", () => {
  it("transliterates Turkish, German and accented Latin to ASCII", () => {
    expect(slugify("İstanbul Kebapçısı Şişli")).toBe("istanbul-kebapcisi-sisli");
    expect(slugify("Bäckerei Großmann")).toBe("backerei-grossmann");
    expect(slugify("Ağaç & Çiçek")).toBe("agac-and-cicek");
    expect(slugify("Crème Brûlée Café")).toBe("creme-brulee-cafe");
  });
  it("romanises Greek and Cyrillic, drops CJK", () => {
    expect(slugify("Ταβέρνα Λευκωσία")).toBe("taverna-levkosia");
    expect(slugify("Москва Кафе")).toBe("moskva-kafe");
    expect(slugify("東京ラーメン")).toBe("");
    expect(buildBusinessSlug("東京ラーメン", null)).toBe("business");
    expect(buildBusinessSlug("東京ラーメン", "Tokyo")).toBe("tokyo");
  });
  it("builds name-city and caps the length on a word boundary", () => {
    expect(buildBusinessSlug("Joe's Pizza", "New York")).toBe("joe-s-pizza-new-york");
    const long = slugify("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("-")).toBe(false);
  });
  it("adds a stable 6-character suffix the API retry rule can strip", () => {
    const suffix = slugSuffix("pid:ChIJ123");
    expect(suffix).toMatch(/^[a-z0-9]{6}$/);
    expect(slugSuffix("pid:ChIJ123")).toBe(suffix);
    expect(slugSuffix("pid:ChIJ124")).not.toBe(suffix);
    const slug = withSlugSuffix("joe-s-pizza-new-york", "pid:ChIJ123");
    expect(stripSlugSuffix(slug)).toBe("joe-s-pizza-new-york");
    expect(stripSlugSuffix("pizza")).toBeNull();
  });
});

describe("country names", () => {
  it("names every ISO code and shows unknown codes as themselves", () => {
    expect(countryName("de")).toBe("Germany");
    expect(countryName("PH")).toBe("Philippines");
    expect(countryName("CY")).toBe("Cyprus");
    expect(countryName("ZZ")).toBe("ZZ");
    expect(countrySlug("GB")).toBe("united-kingdom");
  });
  it("finds codes from names, aliases and codes", () => {
    expect(countryCodeFromName("Switzerland")).toBe("CH");
    expect(countryCodeFromName("Deutschland")).toBe("DE");
    expect(countryCodeFromName("United States")).toBe("US");
    expect(countryCodeFromName("uk")).toBe("GB");
    expect(countryCodeFromName("Türkiye")).toBe("TR");
    expect(countryCodeFromName("Atlantis")).toBeNull();
    // ICU also names withdrawn codes; the current one must win.
    expect(countryCodeFromName("Germany")).toBe("DE");
    expect(countryCodeFromName("Serbia")).toBe("RS");
    expect(countryCodeFromName("Curaçao")).toBe("CW");
    expect(countryCodeFromName("Kosovo")).toBe("XK");
  });
});
