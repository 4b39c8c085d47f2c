import { describe, expect, it } from "vitest";
import { readTimeZone, resolveTimeZone } from "./time-zone.ts";

describe("resolveTimeZone", () => {
  it("keeps a valid source zone", () => {
    expect(resolveTimeZone("Europe/Zurich", 35.17, 33.36, "CY")).toEqual({ timeZone: "Europe/Zurich", evidence: "source", invalidSource: false });
  });
  it("takes the zone at the coordinates when there is no column", () => {
    expect(resolveTimeZone(null, 34.6786, 33.0413, null)).toMatchObject({ timeZone: "Asia/Nicosia", evidence: "coordinates" });
    expect(resolveTimeZone(null, 40.7128, -74.006, "US")).toMatchObject({ timeZone: "America/New_York", evidence: "coordinates" });
  });
  it("falls back to a single-zone country, never to a guess for a multi-zone one", () => {
    expect(resolveTimeZone(null, null, null, "CH")).toMatchObject({ timeZone: "Europe/Zurich", evidence: "country" });
    expect(resolveTimeZone(null, null, null, "GB")).toMatchObject({ timeZone: "Europe/London", evidence: "country" });
    expect(resolveTimeZone(null, null, null, "PH")).toMatchObject({ timeZone: "Asia/Manila", evidence: "country" });
    expect(resolveTimeZone(null, null, null, "US")).toEqual({ timeZone: null, evidence: null, invalidSource: false });
    expect(resolveTimeZone(null, null, null, null)).toEqual({ timeZone: null, evidence: null, invalidSource: false });
  });
  it("replaces an invalid source zone and says so", () => {
    expect(resolveTimeZone("Mars/Olympus", 47.37, 8.54, "CH")).toEqual({ timeZone: "Europe/Zurich", evidence: "coordinates", invalidSource: true });
  });
  it("never answers UTC for a zone it does not know", () => {
    expect(readTimeZone("Not/AZone")).toBeNull();
    expect(readTimeZone("Europe/Zurich")).toBe("Europe/Zurich");
  });
});
