import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// Rows as an earlier import left them: the evidence is stored (address, coordinates), the place fields are not.
const CSV = [
  "name,category,full_address,city,country_code,latitude,longitude,place_id",
  'Linden Bakery,Bakery,"Unter den Linden 1, 10117 Berlin, Germany",Berlin,DE,52.517,13.389,p-linden',
  'Lake Cafe,Cafe,"Bahnhofstrasse 1, 8001 Zürich, Switzerland",Zürich,CH,47.372,8.539,p-lake',
  'Harbour Grill,Restaurant,"1 Harbour St, Sydney NSW 2000, Australia",Sydney,AU,-33.861,151.210,p-harbour',
  'Placed Shop,Shop,"Rue de Rivoli 1, 75001 Paris, France",Paris,FR,48.856,2.352,p-placed',
  'Spree Kiosk,Kiosk,"Oranienstraße 10, 10997 Berlin, Germany",Kreuzberg,DE,52.501,13.419,p-spree',
].join("\n");

interface PlaceRow {
  place_id: string;
  country_code: string | null;
  city: string | null;
  slug: string;
}

describe(`directory repair-places on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  const openHandle = () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
  async function readRows(): Promise<PlaceRow[]> {
    const handle = await openHandle();
    try {
      return await handle.query<PlaceRow>("select place_id, country_code, city, slug from businesses order by place_id");
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "repair-places-")), "places.csv");
    fs.writeFileSync(file, CSV + "\n");
    const imported = await runDirectory(["import", file, "--json"], { env });
    expect(imported.code, imported.stderr).toBe(0);
    // Degrade three rows the way the old rules stored them: no country; no city, so a slug without one.
    const handle = await openHandle();
    try {
      await handle.query("update businesses set country_code = null, country = null where place_id in ('p-linden', 'p-harbour')");
      await handle.query("update businesses set city = null, city_slug = null, slug = 'lake-cafe' where place_id = 'p-lake'");
      // A district stored as its own city page, as before districts were resolved.
      await handle.query("update businesses set city = 'Kreuzberg', city_slug = 'kreuzberg', district = null where place_id = 'p-spree'");
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it("counts what would change in a dry run and writes nothing", async () => {
    const before = await readRows();
    const run = await runDirectory(["repair-places", "--dry-run", "--json"], { env });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ dryRun: true, processed: 5, changed: 4, byAspect: { country: 2, city: 2 } });
    expect(result.sample).toHaveLength(4);
    expect(await readRows()).toEqual(before);
    const text = await runDirectory(["repair-places", "--dry-run"], { env });
    expect(text.stdout).toContain("4 of 5 businesses would change");
    expect(text.stdout).toMatch(/Spree Kiosk: city "Kreuzberg" → "Berlin", citySlug "kreuzberg" → "berlin", district null → "Kreuzberg"/);
    expect(text.stdout).toMatch(/Linden Bakery: countryCode null → "DE"/);
  });

  it("resumes after the checkpoint of an interrupted run", async () => {
    const handle = await openHandle();
    try {
      const [linden] = await handle.query<{ id: number }>("select id::int as id from businesses where place_id = 'p-linden'");
      // A run that committed its batches up to Linden Bakery, then stopped.
      await handle.query(
        `insert into job_checkpoints (job, cursor, processed) values ('repair-places', jsonb_build_object('lastId', $1::int, 'changed', 0), 1)`,
        [linden!.id],
      );
    } finally {
      await handle.close();
    }
    const run = await runDirectory(["repair-places", "--json", "--batch-size", "1"], { env });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.resumedAfterId).toBeGreaterThan(0);
    expect(result).toMatchObject({ dryRun: false, processed: 5, changed: 3 });
    const rows = await readRows();
    // Linden Bakery sat before the checkpoint: this run did not touch it.
    expect(rows.find((row) => row.place_id === "p-linden")?.country_code).toBeNull();
    expect(rows.find((row) => row.place_id === "p-harbour")?.country_code).toBe("AU");
    expect(rows.find((row) => row.place_id === "p-lake")?.city).toBe("Zürich");
  });

  it("repairs every row from the first business, moves slugs and is idempotent", async () => {
    const run = await runDirectory(["repair-places", "--json"], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ changed: 1, byAspect: { country: 1 }, resumedAfterId: null });
    const rows = await readRows();
    expect(rows.map((row) => [row.place_id, row.country_code, row.city])).toEqual([
      ["p-harbour", "AU", "Sydney"],
      ["p-lake", "CH", "Zürich"],
      ["p-linden", "DE", "Berlin"],
      ["p-placed", "FR", "Paris"],
      ["p-spree", "DE", "Berlin"],
    ]);
    // The cafe's slug now carries its city; its old slug redirects.
    expect(rows.find((row) => row.place_id === "p-lake")?.slug).toBe("lake-cafe-zurich");
    const handle = await openHandle();
    try {
      const redirects = await handle.query<{ old_slug: string }>("select old_slug from slug_redirects");
      expect(redirects.map((row) => row.old_slug)).toContain("lake-cafe");
      const [moved] = await handle.query<{ new_slug: string }>(
        "select new_slug from city_slug_redirects where country_code = 'DE' and old_slug = 'kreuzberg'",
      );
      // The old city page answers 301 to Berlin's.
      expect(moved?.new_slug).toBe("berlin");
      const [district] = await handle.query<{ district: string | null }>("select district from businesses where place_id = 'p-spree'");
      expect(district?.district).toBe("Kreuzberg");
      const [checkpoint] = await handle.query<{ n: number }>("select count(*)::int as n from job_checkpoints where job = 'repair-places'");
      expect(checkpoint?.n).toBe(0);
    } finally {
      await handle.close();
    }
    const stats = JSON.parse((await runDirectory(["stats", "--json"], { env })).stdout);
    expect(stats).toMatchObject({ missingCountry: 0, missingCity: 0, countries: 4, cities: 4 });
    const again = await runDirectory(["repair-places", "--json"], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: 0, slugsChanged: 0 });
  });

  it("refuses a bad batch size with INVALID_OPTION", async () => {
    const run = await runDirectory(["repair-places", "--batch-size", "0"], { env });
    // A usage error: its own exit code (64), apart from failures (1).
    expect(run.code).toBe(64);
    expect(run.stderr).toContain("INVALID_OPTION");
  });
});
