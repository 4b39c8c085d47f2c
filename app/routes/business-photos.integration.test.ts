// Files in four scraper shapes (gosom, Apify CSV and JSON, numbered photo columns) → businesses.photos, and the
// business API's `photos`: further http(s) photos only, the main one apart, one per photo, at most 10, each ≤ 2,000 chars.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { loader as businessLoader } from "~/routes/api.businesses.$slug";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";

const g = (id: string, size = "w408-h408-k-no") => `https://lh5.googleusercontent.com/p/AF1Qip${id}=${size}`;
const LONG_URL = `https://photos.example/${"x".repeat(2000)}.jpg`;

/** gosom: the thumbnail, then image tabs (the first repeats the thumbnail at another size; "Videos" is a still). */
const GOSOM = stringify([
  ["title", "category", "address", "latitude", "longitude", "place_id", "thumbnail", "images"],
  [
    "Taverna Gallery",
    "Restaurant",
    "Makariou 10, Nicosia 1065, Cyprus",
    "35.1700",
    "33.3600",
    "gallery-gosom",
    g("Main"),
    JSON.stringify([
      { title: "All", image: g("Main", "w298-h298-k-no") },
      { title: "Latest", image: g("Two") },
      { title: "Videos", image: g("Video") },
      { title: "Menu", image: g("Three") },
      { title: "Bad", image: "javascript:alert(1)" },
    ]),
  ],
]);

/** Apify's flattened CSV: imageUrl, imageUrls/N and images/N/imageUrl, with repeats across them. */
const APIFY_CSV = stringify([
  [
    "title",
    "categoryName",
    "street",
    "city",
    "countryCode",
    "url",
    "imageUrl",
    "imageUrls/0",
    "imageUrls/1",
    "imageUrls/2",
    "images/0/imageUrl",
    "images/1/imageUrl",
  ],
  [
    "Butcher Gallery",
    "Butcher shop",
    "1 High Street",
    "Leeds",
    "GB",
    "https://www.google.com/maps/search/?api=1&query=Butcher&query_place_id=gallery-apify",
    "https://img.example/a.jpg",
    "https://img.example/a.jpg",
    "https://img.example/b.jpg",
    "http://img.example/c.jpg",
    "https://img.example/b.jpg",
    "https://img.example/d.jpg",
  ],
]);

/** Numbered photo columns, "Photo 1 URL" style; the main photo column is blank, so the first becomes the main one. */
const NUMBERED = stringify([
  ["name", "category", "full_address", "country_code", "place_id", "photo", "photo_1", "photo_2", "photo_3"],
  [
    "Numbered Gallery",
    "Cafe",
    "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
    "CH",
    "gallery-numbered",
    "",
    "https://n.example/1.jpg",
    "ftp://n.example/2.jpg",
    "https://n.example/3.jpg",
  ],
  ["No Gallery", "Cafe", "Bahnhofstrasse 2, 8001 Zürich, Switzerland", "CH", "gallery-none", "https://n.example/only.jpg", "", "", ""],
]);

/** Apify JSON: imageUrls as a list (14 links, one too long), images as [{imageUrl, authorName}]. */
const APIFY_JSON = JSON.stringify([
  {
    title: "Bakery Gallery",
    categoryName: "Bakery",
    address: "Torstraße 1, 10119 Berlin, Germany",
    countryCode: "DE",
    placeId: "gallery-json",
    imageUrl: "https://j.example/main.jpg",
    imageUrls: ["https://j.example/main.jpg", LONG_URL, ...Array.from({ length: 12 }, (_, i) => `https://j.example/${i}.jpg`)],
    images: [{ imageUrl: "https://j.example/extra.jpg", authorName: "A" }],
  },
]);

describe(`photo galleries from four scraper shapes on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let handle: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    database = await useFreshProcessDatabase("gallery");
    handle = database.handle;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-gallery-"));
    for (const [name, content] of [
      ["gosom.csv", GOSOM],
      ["apify.csv", APIFY_CSV],
      ["numbered.csv", NUMBERED],
      ["apify.json", APIFY_JSON],
    ] as const) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      const outcome = await importFile(handle, file);
      expect(outcome.status, name).toBe("succeeded");
      expect(outcome.counters.rejected.count, name).toBe(0);
    }
  }, 120_000);
  afterAll(async () => {
    await database?.release();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const stored = async (placeId: string) => {
    const [row] = await handle.query<{ photo: string | null; photos: string[] | null; slug: string }>(
      "select photo, photos, slug from businesses where place_id = $1",
      [placeId],
    );
    if (!row) throw new Error(`no business ${placeId}`);
    return row;
  };

  it("stores the further photos of every shape: http(s) only, deduplicated (also across sizes), main photo apart", async () => {
    expect(await stored("gallery-gosom")).toMatchObject({ photo: g("Main"), photos: [g("Two"), g("Three")] });
    expect(await stored("gallery-apify")).toMatchObject({
      photo: "https://img.example/a.jpg",
      photos: ["https://img.example/b.jpg", "http://img.example/c.jpg", "https://img.example/d.jpg"],
    });
    expect(await stored("gallery-numbered")).toMatchObject({ photo: "https://n.example/1.jpg", photos: ["https://n.example/3.jpg"] });
    expect(await stored("gallery-none")).toMatchObject({ photo: "https://n.example/only.jpg", photos: null });
  });

  it("keeps at most 10 further photos, none longer than 2,000 characters", async () => {
    const { photo, photos } = await stored("gallery-json");
    expect(photo).toBe("https://j.example/main.jpg");
    expect(photos).toEqual(Array.from({ length: 10 }, (_, i) => `https://j.example/${i}.jpg`));
  });

  it("re-importing the same file changes nothing (the list is part of the content hash, stable)", async () => {
    const outcome = await importFile(handle, path.join(dir, "gosom.csv"));
    expect(outcome.counters).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
  });

  it("GET /api/businesses/{slug} carries `photos` (http(s) only; [] without a gallery)", async () => {
    const read = async (placeId: string) => {
      const { slug } = await stored(placeId);
      const response = await businessLoader({ request: new Request(`http://x/api/businesses/${slug}`), params: { slug }, context: {} });
      expect(response.status).toBe(200);
      return (await response.json()) as { photo: string | null; photos: unknown };
    };
    expect(await read("gallery-gosom")).toMatchObject({ photo: g("Main"), photos: [g("Two"), g("Three")] });
    expect(await read("gallery-none")).toMatchObject({ photos: [] });
    // A list written by something other than the importer still serves web links only.
    await handle.query(`update businesses set photos = $1::jsonb where place_id = 'gallery-numbered'`, [
      JSON.stringify(["javascript:alert(1)", "data:image/png;base64,AAAA", 42, "https://n.example/ok.jpg"]),
    ]);
    expect((await read("gallery-numbered")).photos).toEqual(["https://n.example/ok.jpg"]);
  });
});
