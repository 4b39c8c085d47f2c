import { describe, expect, it } from "vitest";
import { buildAboutFallback, formatWorkingHoursText, listTrueAmenities } from "./businesses.server";

describe("business page helpers", () => {
  it("lists only true amenities, at most 8, across groups", () => {
    const about = {
      "Service options": { Takeout: true, Delivery: false, "Dine-in": true },
      Accessibility: { "Wheelchair accessible entrance": true, "Wheelchair accessible seating": true },
      Amenities: { "Free Wi-Fi": true, "Good for kids": true, Restroom: true, "Outdoor seating": true, "Live music": true },
    };
    const amenities = listTrueAmenities(about);
    expect(amenities).toHaveLength(8);
    expect(amenities.slice(0, 4)).toEqual(["Wheelchair accessible entrance", "Wheelchair accessible seating", "Takeout", "Dine-in"]);
    expect(amenities).not.toContain("Delivery");
    expect(listTrueAmenities("Fresh bread")).toEqual([]);
    expect(listTrueAmenities(null)).toEqual([]);
  });

  it("shows the useful groups first and crowd descriptors last, whatever order the jsonb keys come back in", () => {
    // PostgreSQL's jsonb order (shortest key first), as a real Outscraper row reads back.
    const about = {
      Crowd: { Tourists: true, "University students": true, "LGBTQ+ friendly": true },
      Parking: { "Free parking lot": true, "Paid street parking": true },
      Payments: { "Credit cards": true, "NFC mobile payments": true },
      Amenities: { "Free Wi-Fi": true },
      Accessibility: { "Wheelchair accessible entrance": true },
      "Service options": { Takeout: true, Delivery: false, "Dine-in": true },
    };
    expect(listTrueAmenities(about)).toEqual([
      "Wheelchair accessible entrance",
      "Credit cards",
      "NFC mobile payments",
      "Takeout",
      "Dine-in",
      "Free parking lot",
      "Paid street parking",
      "Free Wi-Fi",
    ]);
    const fewer = listTrueAmenities({ Crowd: { Tourists: true }, Amenities: { Restroom: true } });
    expect(fewer).toEqual(["Restroom", "Tourists"]);
  });

  it("builds the spec's fallback about sentence from name, type, city, country and phone", () => {
    expect(buildAboutFallback({ name: "Alpha Bakery", type: "Bakery", city: "Berlin", country: "Germany", phone: "+49 30 111" })).toBe(
      "Alpha Bakery is a Bakery in Berlin, Germany. Call +49 30 111 for opening times, bookings and more information.",
    );
    expect(buildAboutFallback({ name: "Omega", type: "Ice cream shop", city: null, country: null, phone: null })).toBe("Omega is an Ice cream shop.");
  });

  it("keeps the API's workingHours text: seven days, Monday first", () => {
    const text = formatWorkingHoursText(JSON.stringify({ monday: [["09:00", "17:00"]], sunday: [] }));
    expect(Object.entries(JSON.parse(text ?? "{}"))[0]).toEqual(["Monday", "9:00 AM – 5:00 PM"]);
    expect(Object.keys(JSON.parse(text ?? "{}"))).toHaveLength(7);
    expect(formatWorkingHoursText("not json")).toBeNull();
  });
});
