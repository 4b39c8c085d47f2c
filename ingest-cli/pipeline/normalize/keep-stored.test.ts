import { describe, expect, it } from "vitest";
import { normalizeBusiness, type RawBusiness } from "./business.ts";
import { parseWorkingHours } from "./hours.ts";

const BASE: RawBusiness = { name: "Keep Cafe", place_id: "ChIJkeepUnit0001", latitude: "52.5", longitude: "13.4", rating: "4.2", reviews: "7" };

function keepStoredOf(raw: RawBusiness): string[] {
  const result = normalizeBusiness({ ...BASE, ...raw });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.keepStored;
}

describe("normalizeBusiness marks rejected cells (keep the stored value), never blank ones", () => {
  it("a clean row keeps nothing", () => {
    expect(keepStoredOf({})).toEqual([]);
  });

  it("blank cells mean no value: nothing is kept", () => {
    expect(keepStoredOf({ latitude: "", longitude: "", rating: " ", reviews: "", working_hours: "", business_status: "" })).toEqual([]);
  });

  it.each([
    [{ rating: "abc" }, ["rating"]],
    [{ rating: "7" }, ["rating"]],
    [{ reviews: "-5" }, ["reviews"]],
    [{ working_hours: "whenever" }, ["workingHours"]],
    [{ business_status: "sort of open" }, ["status"]],
    // A rejected half keeps both stored halves, and the district only the coordinates could name.
    [{ latitude: "999" }, ["latitude", "longitude", "district"]],
    [{ longitude: "" }, ["latitude", "longitude", "district"]],
    [{ latitude: "0", longitude: "0" }, ["latitude", "longitude", "district"]],
  ] as Array<[RawBusiness, string[]]>)("%j keeps %j", (raw, kept) => {
    expect(keepStoredOf(raw).sort()).toEqual([...kept].sort());
  });

  it("an over-long cell still rejects the whole row (nothing is written, so nothing stored changes)", () => {
    const result = normalizeBusiness({ ...BASE, description: "x".repeat(10_001) });
    expect(result).toMatchObject({ ok: false, issues: [{ field: "description", code: "TOO_LONG" }] });
  });

  it("hours come out monday → sunday whatever the source order, so a stored week hashes the same", () => {
    expect(Object.keys(parseWorkingHours({ Sunday: "Closed", Tuesday: "9AM-5PM", Monday: "9AM-5PM" }) ?? {})).toEqual([
      "monday",
      "tuesday",
      "sunday",
    ]);
  });
});
