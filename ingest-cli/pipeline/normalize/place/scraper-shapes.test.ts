// Made-up rows in every scraper family's shape → mapped and normalised: place, coordinates, photo, time zone and links kept.
import { describe, expect, it } from "vitest";
import { buildColumnMapping, mapRecord } from "../../map/columns.ts";
import { normalizeBusiness } from "../business.ts";

function importRow(values: Record<string, unknown>) {
  const result = normalizeBusiness(mapRecord(values, buildColumnMapping(Object.keys(values))));
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result;
}

const PIN_URL =
  "https://www.google.com/maps/place/Madeup+Taverna/@35.1700000,33.3600000,17z/data=!4m7!3m6!1s0x0:0x2!8m2!3d35.1725!4d33.365!16s!19sChIJmadeUpTaverna01";

describe("every scraper family lands with its place", () => {
  it("Outscraper: country code, coordinates, zone column, photo, range and reservation/order links", () => {
    const { business } = importRow({
      name: "Zunfthaus Madeup",
      full_address: "Madeupgasse 1, 8001 Zürich, Schweiz",
      city: "Zürich",
      country: "Switzerland",
      country_code: "CH",
      phone: "+41 44 668 18 00",
      latitude: "47.3712345",
      longitude: "8.5412345",
      time_zone: "Europe/Zurich",
      photo: "https://lh3.example.com/photo.jpg",
      range: "$$",
      reservation_links: "https://book.example.com/zunfthaus",
      booking_appointment_link: "",
      order_links: '["https://order.example.com/zunfthaus"]',
      menu_link: "",
      description: "A made-up guild house.",
      about: '{"Service options": {"Dine-in": true}}',
      place_id: "ChIJmadeUpZunft01",
    });
    expect(business).toMatchObject({
      countryCode: "CH",
      latitude: 47.3712345,
      timeZone: "Europe/Zurich",
      phoneE164: "+41446681800",
      photo: "https://lh3.example.com/photo.jpg",
      priceRange: "$$",
      reservationLink: "https://book.example.com/zunfthaus",
      orderLink: "https://order.example.com/zunfthaus",
      description: "A made-up guild house.",
      about: { "Service options": { "Dine-in": true } },
    });
  });

  it("Outscraper without country or address: the coordinates place it, and the warning says so", () => {
    const { business, warnings } = importRow({
      name: "Osteria Madeup",
      country: "",
      country_code: "",
      latitude: 47.37,
      longitude: 8.54,
      time_zone: "",
    });
    expect(business).toMatchObject({ countryCode: "CH", country: "Switzerland", timeZone: "Europe/Zurich" });
    expect(warnings.map((w) => w.code)).toContain("COUNTRY_FROM_COORDINATES");
  });

  it("gosom: no coordinates column needed (pin in link), ISO country in complete_address, national phone, nested images, links", () => {
    const { business } = importRow({
      title: "Madeup Taverna",
      link: PIN_URL,
      address: "Odos Madeup 3, Λευκωσία 1011",
      phone: "22 123456",
      complete_address: '{"street":"Odos Madeup 3","city":"Nicosia","postal_code":"1011","country":"CY"}',
      thumbnail: "",
      images: '[{"title":"All","image":"https://lh5.example.com/taverna.jpg"}]',
      timezone: "",
      price_range: "€€",
      reservations: '[{"link":"https://book.example.com/taverna","source":"madeup"}]',
      order_online: "",
      menu: '{"link":"https://menu.example.com/taverna","source":"madeup"}',
    });
    expect(business).toMatchObject({
      placeId: "ChIJmadeUpTaverna01",
      latitude: 35.1725,
      longitude: 33.365,
      countryCode: "CY",
      phoneE164: "+35722123456",
      photo: "https://lh5.example.com/taverna.jpg",
      priceRange: "€€",
      reservationLink: "https://book.example.com/taverna",
      menuLink: "https://menu.example.com/taverna",
    });
    expect(business.timeZone).toMatch(/^Asia\/(Nicosia|Famagusta)$/);
  });

  it("Apify flattened: location/lat, imageUrls/0, countryCode; no zone column → zone from coordinates", () => {
    const { business } = importRow({
      title: "Madeup Butchers",
      "location/lat": "51.5072",
      "location/lng": "-0.1276",
      countryCode: "GB",
      city: "London",
      street: "1 Madeup Lane",
      phone: "020 7946 0958",
      "imageUrls/0": "https://lh3.example.com/butcher.jpg",
      url: "https://www.google.com/maps/search/?api=1&query=Madeup&query_place_id=ChIJmadeUpButcher1",
    });
    expect(business).toMatchObject({
      countryCode: "GB",
      latitude: 51.5072,
      timeZone: "Europe/London",
      phoneE164: "+442079460958",
      photo: "https://lh3.example.com/butcher.jpg",
      street: "1 Madeup Lane",
    });
  });

  it("Apify nested JSON: location object, images[].imageUrl, country name in the local language", () => {
    const { business } = importRow({
      title: "Madeup Bäckerei",
      location: { lat: 52.52, lng: 13.405 },
      images: [{ imageUrl: "https://lh3.example.com/baeckerei.jpg" }],
      address: "Madeupstraße 5, 10115 Berlin, Deutschland",
      phone: "030 1234567",
    });
    expect(business).toMatchObject({
      countryCode: "DE",
      latitude: 52.52,
      photo: "https://lh3.example.com/baeckerei.jpg",
      timeZone: "Europe/Berlin",
      phoneE164: "+49301234567",
    });
  });

  it("Apify export without coordinates columns: the pin of its maps URL", () => {
    const { business } = importRow({
      title: "Madeup Pho",
      url: "https://www.google.com/maps/place/Madeup+Pho/@10.77,106.69,17z/data=!3d10.7769!4d106.7009",
      countryCode: "",
    });
    expect(business).toMatchObject({ latitude: 10.7769, longitude: 106.7009, countryCode: "VN", timeZone: "Asia/Ho_Chi_Minh" });
  });

  it("hand-made sheet: coordinates as one 'lat, lng' cell, country in its own script, img_link", () => {
    const { business } = importRow({
      "Business Name": "Madeup Ramen",
      Coordinates: "35.6895, 139.6917",
      Country: "日本",
      img_link: "https://img.example.com/ramen.jpg",
    });
    expect(business).toMatchObject({
      countryCode: "JP",
      country: "Japan",
      latitude: 35.6895,
      longitude: 139.6917,
      photo: "https://img.example.com/ramen.jpg",
      timeZone: "Asia/Tokyo",
    });
  });

  it("hand-made sheet without coordinates: country from the international phone, zone from the one-zone country", () => {
    const { business, warnings } = importRow({ "Company Name": "Madeup Kavárna", Phone: "+420 601 123 456", City: "Brno" });
    expect(business).toMatchObject({ countryCode: "CZ", timeZone: "Europe/Prague", phoneE164: "+420601123456" });
    expect(warnings.map((w) => w.code)).toContain("COUNTRY_FROM_PHONE");
  });

  it("records a conflict when the coordinates disagree with the country column (coordinates win)", () => {
    const { business, warnings } = importRow({ name: "Madeup Border Cafe", country_code: "DE", latitude: 47.3769, longitude: 8.5417 });
    expect(business.countryCode).toBe("CH");
    expect(warnings).toContainEqual(expect.objectContaining({ field: "country", code: "COUNTRY_CONFLICT" }));
  });

  it("never falls back to UTC silently: no zone evidence is a warning", () => {
    const { business, warnings } = importRow({ name: "Madeup Diner", country_code: "US" });
    expect(business.timeZone).toBeNull();
    expect(warnings.map((w) => w.code)).toContain("TIME_ZONE_UNKNOWN");
  });
});
