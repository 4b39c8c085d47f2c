import { describe, expect, it } from "vitest";
import type { BusinessDocumentRow } from "../db/queries/search-documents.ts";
import { measureHaversineKm, buildBusinessDocument, mapDocumentToSearchHit } from "./documents.ts";

const ROW: BusinessDocumentRow = {
  id: 42,
  slug: "backerei-muller-berlin",
  name: "Bäckerei Müller",
  category: "Bakery",
  category_slug: "bakery",
  type: "Bakery",
  city: "Berlin",
  city_slug: "berlin",
  country_code: "DE",
  country: "Germany",
  full_address: "Torstraße 1, 10119 Berlin, Germany",
  street: "Torstraße 1",
  district: "Mitte",
  description: "Sourdough since 1920",
  rating: 4.7,
  reviews: 320,
  rank_score: 3.94,
  verified: true,
  photo: "https://img.example/b.jpg",
  phone: "+49 30 1111",
  phone_e164: "+49301111",
  latitude: 52.52,
  longitude: 13.405,
  working_hours: { monday: [["07:00", "18:00"]] },
  special_hours: null,
  time_zone: "Europe/Berlin",
  status: "operational",
};

describe("business documents", () => {
  it("maps a Postgres row to a Meilisearch document with geo, facets and hours flags", () => {
    expect(buildBusinessDocument(ROW)).toEqual({
      id: 42,
      slug: "backerei-muller-berlin",
      name: "Bäckerei Müller",
      category: "Bakery",
      category_slug: "bakery",
      type: "Bakery",
      city: "Berlin",
      city_slug: "berlin",
      country_code: "DE",
      country: "Germany",
      full_address: "Torstraße 1, 10119 Berlin, Germany",
      street: "Torstraße 1",
      district: "Mitte",
      description: "Sourdough since 1920",
      rating: 4.7,
      reviews: 320,
      rank_score: 3.94,
      verified: true,
      photo: "https://img.example/b.jpg",
      phone: "+49 30 1111",
      phone_e164: "+49301111",
      latitude: 52.52,
      longitude: 13.405,
      _geo: { lat: 52.52, lng: 13.405 },
      has_hours: true,
      working_hours: { monday: [["07:00", "18:00"]] },
      special_hours: null,
      time_zone: "Europe/Berlin",
      status: "operational",
      facet_category: "bakery|Bakery",
      facet_city: "DE|berlin|Berlin",
    });
  });

  it("leaves out what is unknown instead of inventing it", () => {
    const document = buildBusinessDocument({
      ...ROW,
      rating: null,
      latitude: null,
      longitude: null,
      working_hours: null,
      category_slug: "",
      category: null,
      city_slug: null,
    });
    expect(document).not.toHaveProperty("rating");
    expect(document).not.toHaveProperty("_geo");
    expect(document).not.toHaveProperty("facet_category");
    expect(document).not.toHaveProperty("facet_city");
    expect(document.has_hours).toBe(false);
    expect(document.category_slug).toBeNull();
  });

  it("reads hours stored as JSON text and ignores shapes without weekdays", () => {
    expect(buildBusinessDocument({ ...ROW, working_hours: '{"sunday":[]}' }).has_hours).toBe(true);
    expect(buildBusinessDocument({ ...ROW, working_hours: "{}" }).has_hours).toBe(false);
    expect(buildBusinessDocument({ ...ROW, working_hours: "not json" }).has_hours).toBe(false);
  });

  it("maps a Meilisearch hit back to a SearchHit, with distance when searching near a point", () => {
    const document = buildBusinessDocument(ROW);
    expect(mapDocumentToSearchHit(document)).toEqual({
      id: 42,
      slug: "backerei-muller-berlin",
      name: "Bäckerei Müller",
      category: "Bakery",
      type: "Bakery",
      city: "Berlin",
      countryCode: "DE",
      fullAddress: "Torstraße 1, 10119 Berlin, Germany",
      street: "Torstraße 1",
      district: "Mitte",
      rating: 4.7,
      reviews: 320,
      phone: "+49 30 1111",
      phoneE164: "+49301111",
      workingHours: { monday: [["07:00", "18:00"]] },
      specialHours: null,
      timeZone: "Europe/Berlin",
      photo: "https://img.example/b.jpg",
      verified: true,
      latitude: 52.52,
      longitude: 13.405,
    });
    expect(mapDocumentToSearchHit(document, { lat: 52.52 + 1 / 111.195, lng: 13.405 }).distanceKm).toBeCloseTo(1, 2);
    expect(mapDocumentToSearchHit({ id: 1, slug: "a", name: "A" })).toMatchObject({ rating: null, reviews: 0, verified: false, latitude: null });
  });

  it("computes great-circle distances", () => {
    expect(measureHaversineKm(52.52, 13.405, 48.137, 11.575)).toBeCloseTo(504, 0);
    expect(measureHaversineKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.2, 1);
  });
});
