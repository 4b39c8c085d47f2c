import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GENERATED_COLUMNS, generateBusinesses, writeGeneratedFile, type GeneratedBusiness } from "./index.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "generate-api-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const take = (options: { rows: number; seed: number; messy: number; testMarker?: boolean }) => [...generateBusinesses(options)];
const LITERALS = new Set(["None", "N/A", "null", "nan"]);

describe("generateBusinesses", () => {
  it("is deterministic: same seed same rows, another seed other rows, a longer run starts with the shorter one", () => {
    const first = take({ rows: 300, seed: 42, messy: 0.1 });
    expect(take({ rows: 300, seed: 42, messy: 0.1 })).toEqual(first);
    expect(take({ rows: 300, seed: 43, messy: 0.1 })).not.toEqual(first);
    expect(take({ rows: 120, seed: 42, messy: 0.1 })).toEqual(first.slice(0, 120));
    expect(first).toHaveLength(300);
  });

  it("with messy 0 yields clean rows only: no placeholders, no stray spaces, unique place ids, English weekdays", () => {
    const rows = take({ rows: 3000, seed: 5, messy: 0 });
    const placeIds = new Set<string>();
    for (const business of rows) {
      for (const value of Object.values(business)) expect(LITERALS.has(value as string)).toBe(false);
      expect(business.name).toBe(business.name?.trim());
      expect(typeof business.reviews).toBe("number");
      expect(typeof business.about === "string").toBe(false);
      if (business.working_hours) expect(Object.keys(business.working_hours)[0]).toBe("Monday");
      expect(business.place_id).toMatch(/^ChIJ/);
      placeIds.add(business.place_id as string);
    }
    expect(placeIds.size).toBe(rows.length);
  });

  it("messes up roughly the requested share of rows and leaves the others byte-identical", () => {
    const clean = take({ rows: 5000, seed: 8, messy: 0 });
    const messy = take({ rows: 5000, seed: 8, messy: 0.1 });
    const changed = messy.filter((business, index) => JSON.stringify(business) !== JSON.stringify(clean[index])).length;
    expect(changed / 5000).toBeGreaterThan(0.085);
    expect(changed / 5000).toBeLessThan(0.115);
  });

  it("adds is_test only with the test marker", () => {
    expect(take({ rows: 5, seed: 1, messy: 0, testMarker: true }).every((business) => business.is_test === true)).toBe(true);
    expect(take({ rows: 5, seed: 1, messy: 0 }).some((business) => "is_test" in business)).toBe(false);
  });

  it("rejects impossible options before yielding anything", () => {
    expect(() => take({ rows: 0, seed: 1, messy: 0 })).toThrow(RangeError);
    expect(() => take({ rows: 10, seed: 1.5, messy: 0 })).toThrow(RangeError);
    expect(() => take({ rows: 10, seed: 1, messy: 1.2 })).toThrow(RangeError);
  });
});

describe("writeGeneratedFile mess summary", () => {
  it("counts each kind of mess, and place_ids repeat exactly as often as the duplicates it reports", async () => {
    const out = path.join(dir, "dupes.ndjson");
    const result = await writeGeneratedFile({ rows: 4000, seed: 12, messy: 0.25, format: "ndjson", out });
    const rows = fs
      .readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as GeneratedBusiness);
    expect(rows).toHaveLength(4000);

    const messyRows = Object.entries(result.mess)
      .filter(([kind]) => kind !== "duplicate_header")
      .reduce((sum, [, count]) => sum + count, 0);
    expect(messyRows / 4000).toBeGreaterThan(0.22);
    expect(messyRows / 4000).toBeLessThan(0.28);
    expect(result.mess.duplicate_header).toBe(0);

    const withId = rows.filter((business) => business.place_id !== null);
    const distinct = new Set(withId.map((business) => business.place_id));
    expect(withId.length - distinct.size).toBe((result.mess.duplicate_exact ?? 0) + (result.mess.duplicate_changed_phone ?? 0));
    expect(rows.length - withId.length).toBe(result.mess.missing_place_id);
    expect(Object.keys(rows[0] ?? {})).toEqual([...GENERATED_COLUMNS]);
  });
});
