import { describe, expect, it } from "vitest";
import { createBusiness } from "./business-factory.ts";
import { ROW_MESS_KINDS, buildRow, shouldRepeatHeader } from "./mess.ts";

describe("real-world mess", () => {
  it("applies every kind of mess, and each messy row differs from its clean twin", () => {
    const seen = new Set<string>();
    // Duplicates copy clean earlier rows, so some rows must stay clean for every kind to be possible.
    for (let index = 0; index < 2500; index++) {
      const { business, mess } = buildRow(4, index, 0.6);
      if (mess === null) continue;
      seen.add(mess);
      expect(business).not.toEqual(createBusiness(4, index));
    }
    expect([...seen].sort()).toEqual([...ROW_MESS_KINDS].sort());
  });

  it("makes the mess a scraper really produces", () => {
    const rows = Array.from({ length: 3000 }, (_, index) => buildRow(9, index, 1));
    const of = (kind: string) => rows.filter((row) => row.mess === kind).map((row) => row.business);

    for (const business of of("number_as_text")) expect(String(business.reviews)).toMatch(/^\d+\.0$/);
    for (const business of of("missing_place_id")) expect(business.place_id).toBeNull();
    for (const business of of("name_whitespace")) expect(business.name).not.toBe(business.name?.trim());
    for (const business of of("about_text")) expect(typeof business.about).toBe("string");
    for (const business of of("null_literal")) {
      expect(Object.values(business).some((value) => ["None", "N/A", "null", "nan"].includes(value as string))).toBe(true);
    }
    const unicodeHours = of("hours_unicode").flatMap((business) => Object.values(business.working_hours as Record<string, string>));
    expect(unicodeHours.some((text) => text.includes("\u202F") && text.includes("\u2013"))).toBe(true);
    const lowerHours = of("hours_lowercase").flatMap((business) => Object.values(business.working_hours as Record<string, string>));
    expect(lowerHours.some((text) => /\d(am|pm)-/.test(text))).toBe(true);
    for (const business of of("hours_foreign_days")) expect(Object.keys(business.working_hours as object)).not.toContain("Monday");
  });

  it("duplicates an earlier place: exactly, or with the same place_id and another phone", () => {
    const earlier = new Map<string, ReturnType<typeof createBusiness>>();
    let exact = 0;
    let changedPhone = 0;
    for (let index = 0; index < 4000; index++) {
      const { business, mess } = buildRow(21, index, 0.3);
      if (mess === "duplicate_exact") {
        expect(business).toEqual(earlier.get(business.place_id as string));
        exact++;
      } else if (mess === "duplicate_changed_phone") {
        const original = earlier.get(business.place_id as string);
        expect(original).toBeDefined();
        expect(business.phone).not.toBe(original?.phone);
        expect({ ...business, phone: null }).toEqual({ ...original, phone: null });
        changedPhone++;
      } else if (mess === null) {
        earlier.set(business.place_id as string, business);
      }
    }
    expect(exact).toBeGreaterThan(10);
    expect(changedPhone).toBeGreaterThan(5);
  });

  it("repeats a CSV header about once in 500 rows, only when mess is on and never before the first row", () => {
    let repeats = 0;
    for (let index = 0; index < 50_000; index++) if (shouldRepeatHeader(3, index, 0.05)) repeats++;
    expect(repeats).toBeGreaterThan(60);
    expect(repeats).toBeLessThan(140);
    expect(shouldRepeatHeader(3, 0, 1)).toBe(false);
    for (let index = 0; index < 5000; index++) expect(shouldRepeatHeader(3, index, 0)).toBe(false);
  });
});
