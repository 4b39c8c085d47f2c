// "Search this area" over real HTTP (the built server): `bbox=west,south,east,north` keeps the page and the API to
// businesses inside the box; a malformed box answers 400 saying what a good one looks like, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

/** Six bakeries along Zürich's Limmat, 0.01° of latitude apart, and one in Geneva. */
const ROWS = [
  ...Array.from({ length: 6 }, (_, i) => ({
    name: `Limmat Bakery ${i + 1}`,
    category: "Bakery",
    city: "Zürich",
    country_code: "CH",
    place_id: `bbox-zh-${i + 1}`,
    latitude: 47.36 + i * 0.01,
    longitude: 8.54,
    rating: 4,
    reviews: 10 + i,
  })),
  {
    name: "Lac Bakery",
    category: "Bakery",
    city: "Geneva",
    country_code: "CH",
    place_id: "bbox-ge",
    latitude: 46.2,
    longitude: 6.15,
    rating: 4,
    reviews: 5,
  },
];

interface Hit {
  name: string;
  latitude: number;
  longitude: number;
}

describe(`search by map area (bbox) on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer | undefined;

  beforeAll(async () => {
    database = await useFreshProcessDatabase("search-bbox");
    await importFixtureRows(database.handle, ROWS);
    server = await startBuiltApp();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("answers only businesses inside the box, on the API and the page, concurrently", async () => {
    const box = "8.5,47.375,8.6,47.405";
    const [api, wide, page] = await Promise.all([
      fetch(`${server?.url}/api/search?q=bakery&bbox=${box}`),
      fetch(`${server?.url}/api/search?q=bakery&bbox=5,45,11,48`),
      fetch(`${server?.url}/search?q=bakery&bbox=${encodeURIComponent(box)}`),
    ]);
    expect(api.status).toBe(200);
    const result = (await api.json()) as { hits: Hit[]; total: number };
    expect(result.hits.map((hit) => hit.name).sort()).toEqual(["Limmat Bakery 3", "Limmat Bakery 4", "Limmat Bakery 5"]);
    expect(result.total).toBe(3);
    for (const hit of result.hits) {
      expect(hit.latitude).toBeGreaterThanOrEqual(47.375);
      expect(hit.latitude).toBeLessThanOrEqual(47.405);
    }
    expect(((await wide.json()) as { total: number }).total).toBe(7);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Limmat Bakery 4");
    expect(html).not.toContain("Limmat Bakery 1<");
    expect(html).not.toContain("Lac Bakery");
    // The box is a removable filter: its chip leads back to the same search without it.
    expect(html).toContain('aria-label="Remove filter: In the map area"');
  });

  it.each([
    ["8.5,47.3", "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40"],
    ["8.6,47.3,8.5,47.4", "bbox must list the west and south edges first: minLng ≤ maxLng and minLat ≤ maxLat"],
    ["8.5,47.3,8.6,95", "bbox longitudes must be from -180 to 180 and latitudes from -90 to 90"],
    ["NaN,1,2,3", "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40"],
  ])("refuses bbox=%s with 400 and a message saying how to fix it", async (box, message) => {
    const api = await fetch(`${server?.url}/api/search?bbox=${encodeURIComponent(box)}`);
    expect(api.status).toBe(400);
    const body = (await api.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "INVALID_SEARCH", message });
    const page = await fetch(`${server?.url}/search?bbox=${encodeURIComponent(box)}`);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("We couldn&#x27;t read that search");
    expect(html).toContain(message);
  });
});
