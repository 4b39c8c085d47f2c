import { describe, expect, it } from "vitest";
import { assertPageExists, matchesFreeText, readCountryCodeParam, readLetterParam, readPageQuery, readSlugParam } from "./public-pages.server";

const request = (path: string) => new Request(`http://site.test${path}`);

/** The Response a reader throws (redirects and 404s are thrown, as Remix loaders do). */
function thrown(read: () => unknown): Response {
  try {
    read();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("readPageQuery", () => {
  it("reads page, trimmed free text and the view", () => {
    expect(readPageQuery(request("/categories?page=3&q=%20%20coffee%20%20shop%20&view=list"), 100)).toEqual({
      page: 3,
      q: "coffee shop",
      view: "list",
    });
    expect(readPageQuery(request("/categories?q=%20&view=table"), 100)).toEqual({ page: 1, q: undefined, view: "grid" });
  });

  it("answers a bad or first page with a 301 to the URL without it, keeping the other parameters", () => {
    for (const bad of ["abc", "0", "101", "2.5", "-1", "1", ""]) {
      const response = thrown(() => readPageQuery(request(`/businesses?q=x&page=${bad}`), 100));
      expect(response.status, bad).toBe(301);
      expect(response.headers.get("Location")).toBe("/businesses?q=x");
    }
  });
});

describe("path parameters", () => {
  it("upper-cases letters, lower-cases country codes and slugifies names by redirect", () => {
    expect(readLetterParam("B", "/cities", request("/cities/B"))).toBe("B");
    expect(thrown(() => readLetterParam("b", "/cities", request("/cities/b?q=x"))).headers.get("Location")).toBe("/cities/B?q=x");
    expect(readCountryCodeParam("de", "berlin", request("/cities/de/berlin"))).toBe("DE");
    expect(thrown(() => readCountryCodeParam("DE", "berlin", request("/cities/DE/berlin"))).headers.get("Location")).toBe("/cities/de/berlin");
    expect(thrown(() => readCountryCodeParam("deu", "berlin", request("/cities/deu/berlin"))).status).toBe(404);
    expect(readSlugParam("coffee-shop", "/categories", request("/categories/coffee-shop"))).toBe("coffee-shop");
    expect(thrown(() => readSlugParam("Coffee Shop", "/categories", request("/categories/Coffee%20Shop"))).headers.get("Location")).toBe(
      "/categories/coffee-shop",
    );
    expect(thrown(() => readSlugParam("東京", "/categories", request("/categories/x"))).status).toBe(404);
  });

  it("sends a page past the end to the last page (302, query kept), but not page 1 of an empty list", () => {
    const at = request("/cities?q=zurich&page=95");
    expect(() => assertPageExists({ currentPage: 1, totalPages: 0 }, at)).not.toThrow();
    expect(() => assertPageExists({ currentPage: 3, totalPages: 3 }, at)).not.toThrow();
    const response = thrown(() => assertPageExists({ currentPage: 95, totalPages: 3 }, at));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cities?q=zurich&page=3");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(thrown(() => assertPageExists({ currentPage: 2, totalPages: 1 }, request("/businesses?page=2"))).headers.get("Location")).toBe(
      "/businesses",
    );
  });
});

describe("matchesFreeText", () => {
  it("matches case- and accent-insensitively inside names and slugs", () => {
    expect(matchesFreeText("UNITED", "United Kingdom")).toBe(true);
    expect(matchesFreeText("cote d", "Côte d’Ivoire")).toBe(true);
    expect(matchesFreeText("germ", "France", "france")).toBe(false);
  });
});
