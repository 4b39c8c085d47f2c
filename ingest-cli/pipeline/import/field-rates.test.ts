import { describe, expect, it } from "vitest";
import { normalizeBusiness, type RawBusiness } from "../normalize/business.ts";
import { countResolvedFields, createFieldRateTally, formatFieldRates, resolvedFieldMask, summarizeFieldRates } from "./field-rates.ts";

function tallyOf(rows: RawBusiness[]) {
  const tally = createFieldRateTally();
  for (const raw of rows) {
    const result = normalizeBusiness(raw);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    countResolvedFields(tally, resolvedFieldMask(result.business), result.warnings);
  }
  return summarizeFieldRates(tally);
}

describe("field resolution rates", () => {
  it("counts each field a kept row has, and the warnings behind it", () => {
    const rates = tallyOf([
      { name: "A", city: "Berlin", country_code: "DE", latitude: "52.5", longitude: "13.4", phone: "+49 30 1234567", photo: "https://x/a.jpg" },
      { name: "B", city: "Paris", country: "France", latitude: "999", longitude: "2.35" },
      { name: "C" },
      { name: "D", working_hours: "Monday: 9AM-5PM", time_zone: "Europe/Berlin" },
    ]);
    expect(rates.rows).toBe(4);
    const byField = Object.fromEntries(rates.fields.map((entry) => [entry.field, entry]));
    expect(byField.country).toMatchObject({ count: 2, rate: 50 });
    expect(byField.city).toMatchObject({ count: 2, rate: 50 });
    expect(byField.coordinates).toMatchObject({ count: 1, rate: 25 });
    expect(byField.coordinates?.evidence).toMatchObject({ OUT_OF_RANGE: 1 });
    expect(byField.phone).toMatchObject({ count: 1 });
    expect(byField.photo).toMatchObject({ count: 1 });
    // A from its coordinates, B from its single-zone country, D from its own column.
    expect(byField.timeZone).toMatchObject({ count: 3 });
  });

  it("prints one aligned line per field, nothing for an empty file", () => {
    const lines = formatFieldRates(tallyOf([{ name: "A", city: "Berlin", country_code: "DE" }, { name: "B" }]));
    expect(lines[0]).toBe("field resolution (of 2 rows kept):");
    expect(lines.find((line) => line.includes("country"))).toMatch(/country\s+50\.0 %\s+1\b/);
    expect(formatFieldRates(summarizeFieldRates(createFieldRateTally()))).toEqual([]);
  });
});
