import { describe, expect, it } from "vitest";
import { formatDistance, toBusinessCard } from "./search-results";

describe("search result cards", () => {
  it("shows short distances in metres and long ones in kilometres", () => {
    expect([formatDistance(0.004), formatDistance(0.423), formatDistance(3.456), formatDistance(42.4)]).toEqual(["10 m", "420 m", "3.5 km", "42 km"]);
  });

  it("maps a hit onto the shared card, falling back to the category when there is no type", () => {
    const card = toBusinessCard({
      id: 1,
      slug: "cafe-x-berlin",
      name: "Cafe X",
      category: "Cafe",
      type: null,
      city: "Berlin",
      countryCode: "DE",
      fullAddress: "Main St 1, Berlin",
      street: "Main St 1",
      district: null,
      rating: 4.5,
      reviews: 12,
      phone: null,
      phoneE164: null,
      workingHours: null,
      specialHours: null,
      timeZone: null,
      photo: null,
      verified: true,
      latitude: null,
      longitude: null,
    });
    expect(card).toEqual({
      slug: "cafe-x-berlin",
      name: "Cafe X",
      image_url: null,
      rating: 4.5,
      review_count: 12,
      type: "Cafe",
      full_address: "Main St 1, Berlin",
      phone: null,
      street: "Main St 1",
      district: null,
      city: "Berlin",
      hours: null,
      special_hours: null,
      time_zone: null,
    });
  });
});
