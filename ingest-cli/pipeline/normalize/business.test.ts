import { describe, expect, it } from "vitest";
import { normalizeBusiness, placeIdFromUrl } from "./business.ts";

const outscraperRow = {
  name: "  Café Zürich  ",
  category: "restaurants",
  type: "Swiss restaurant",
  full_address: "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
  country_code: "CH",
  phone: "+41 44 000 00 00",
  latitude: "47.367293499999995",
  longitude: "8.5391",
  rating: "4.4",
  reviews: "56.0",
  working_hours: '{"Monday":"Closed","Tuesday":"11:30am-2:30pm,5:30-11pm"}',
  about: '{"Service options":{"Dine-in":true,"Takeout":false},"Parking":{"Paid street parking":"Yes"}}',
  verified: "True",
  place_id: "ChIJabc123def456",
  business_status: "CLOSED_TEMPORARILY",
  borough: "None",
};

describe("normalizeBusiness", () => {
  it("cleans a real-shaped Outscraper row", () => {
    const result = normalizeBusiness(outscraperRow, { source: "file.csv" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const b = result.business;
    expect(b.name).toBe("Café Zürich");
    expect(b.city).toBe("Zürich");
    expect(b.citySlug).toBe("zurich");
    expect(b.country).toBe("Switzerland");
    expect(b.category).toBe("Swiss restaurant");
    expect(b.categorySlug).toBe("swiss-restaurant");
    expect(b.reviews).toBe(56);
    expect(b.rating).toBe(4.4);
    expect(b.latitude).toBeCloseTo(47.3672935);
    expect(b.workingHours).toEqual({
      monday: [],
      tuesday: [
        ["11:30", "14:30"],
        ["17:30", "23:00"],
      ],
    });
    expect(b.about).toEqual({ "Service options": { "Dine-in": true, Takeout: false }, Parking: { "Paid street parking": true } });
    expect(b.verified).toBe(true);
    expect(b.status).toBe("closed_temporarily");
    expect(b.identityKey).toBe("pid:ChIJabc123def456");
    expect(b.slug).toBe("cafe-zurich-zurich");
    expect(b.contentHash).toMatch(/^[A-Za-z0-9_-]{27}$/);
  });

  it("rejects a row without a name, naming the field", () => {
    const result = normalizeBusiness({ ...outscraperRow, name: "None" });
    expect(result).toEqual({ ok: false, issues: [{ field: "name", code: "NAME_REQUIRED", reason: "every business needs a name" }] });
  });

  it("blanks out-of-range numbers with a warning instead of rejecting the row", () => {
    const result = normalizeBusiness({ ...outscraperRow, latitude: "123", rating: "7" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.business.latitude).toBeNull();
    expect(result.business.longitude).toBeNull();
    expect(result.business.rating).toBeNull();
    expect(result.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(["OUT_OF_RANGE", "COORDINATES_INCOMPLETE"]));
  });

  it("removes NUL bytes and broken surrogates and reports it", () => {
    const result = normalizeBusiness({ ...outscraperRow, name: "Bad\u0000 Name \ud800" });
    expect(result.ok && result.business.name).toBe("Bad Name");
    expect(result.ok && result.warnings.some((w) => w.code === "TEXT_REPAIRED" && w.field === "name")).toBe(true);
  });

  it("derives the country from the name or address and a fallback identity without place_id", () => {
    const result = normalizeBusiness({ name: "Butcher Bros", full_address: "1 High St, Leeds LS1 1AA, United Kingdom", category: "Butcher shop" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.business.countryCode).toBe("GB");
    expect(result.business.city).toBe("Leeds");
    expect(result.business.identityKey).toBe("na:butcher bros|1 high st leeds ls1 1aa united kingdom");
  });

  it("hashes equal content equally and changed content differently", () => {
    const a = normalizeBusiness(outscraperRow);
    const b = normalizeBusiness({ ...outscraperRow });
    const c = normalizeBusiness({ ...outscraperRow, phone: "+41 44 111 11 11" });
    expect(a.ok && b.ok && a.business.contentHash === b.business.contentHash).toBe(true);
    expect(a.ok && c.ok && a.business.contentHash !== c.business.contentHash).toBe(true);
  });
});

describe("address and URL helpers", () => {
  it("finds place ids inside maps URLs", () => {
    expect(placeIdFromUrl("https://www.google.com/maps/search/?api=1&query=x&query_place_id=ChIJ1234567890abc")).toBe("ChIJ1234567890abc");
    expect(placeIdFromUrl("https://www.google.com/maps/place/x/data=!4m7!3m6!1s0x0:0x0!8m2!3d1!4d2!16s%2Fg!19sChIJzyx9876543210")).toBe(
      "ChIJzyx9876543210",
    );
    expect(placeIdFromUrl("https://example.com")).toBeNull();
  });
});
