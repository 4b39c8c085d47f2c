// Header layouts → mapping, extraction figures and end-to-end normalisation, on made-up rows only.
import { describe, expect, it } from "vitest";
import { normalizeBusiness, type RawBusiness } from "../normalize/business.ts";
import { FIELD_ALIASES, IMPORTABLE_FIELDS, buildColumnMapping, describeColumnExtraction, foldHeader, isMapsUrl, mapRecord } from "./columns.ts";

// NOTE: every row below is made up; only the column layouts follow the tools' exports.

const OUTSCRAPER_HEADERS = [
  "query",
  "name",
  "name_for_emails",
  "site",
  "subtypes",
  "category",
  "type",
  "phone",
  "full_address",
  "borough",
  "street",
  "city",
  "postal_code",
  "state",
  "us_state",
  "country",
  "country_code",
  "latitude",
  "longitude",
  "h3",
  "time_zone",
  "plus_code",
  "area_service",
  "rating",
  "reviews",
  "reviews_link",
  "reviews_tags",
  "reviews_per_score",
  "reviews_per_score_1",
  "reviews_per_score_2",
  "reviews_per_score_3",
  "reviews_per_score_4",
  "reviews_per_score_5",
  "photos_count",
  "photo",
  "street_view",
  "located_in",
  "working_hours",
  "working_hours_old_format",
  "other_hours",
  "popular_times",
  "business_status",
  "about",
  "range",
  "posts",
  "logo",
  "description",
  "typical_time_spent",
  "verified",
  "reservation_links",
  "booking_appointment_link",
  "menu_link",
  "order_links",
  "location_link",
  "location_reviews_link",
  "place_id",
  "google_id",
  "cid",
  "kgmid",
  "reviews_id",
  "located_google_id",
  "website_title",
  "website_generator",
  "website_description",
  "website_keywords",
  "website_has_fb_pixel",
  "website_has_google_tag",
];

const outscraperRow: Record<string, unknown> = {
  query: "bistros in Exampleton",
  name: "Bistro Imaginaire",
  name_for_emails: "Bistro Imaginaire",
  site: "https://bistro-imaginaire.example/",
  subtypes: "French restaurant, Bistro",
  category: "bistros",
  type: "French restaurant",
  phone: "+41 44 555 01 23",
  full_address: "Musterweg 12, 8001 Zürich, Switzerland",
  borough: "None",
  street: "Musterweg 12",
  city: "Zürich",
  postal_code: "8001",
  state: "",
  us_state: "",
  country: "Switzerland",
  country_code: "CH",
  latitude: "47.370000099999995",
  longitude: "8.540000000000001",
  time_zone: "Europe/Zurich",
  rating: "4.6",
  reviews: "56.0",
  reviews_link: "https://search.google.com/local/reviews?placeid=ChIJmadeUpPlace0001",
  photos_count: "12.0",
  photo: "https://images.example/bistro.jpg",
  located_in: "",
  working_hours: '{"Monday": "Closed", "Tuesday": "11:30am-2:30pm,5:30-11pm", "Sunday": "Open 24 hours"}',
  working_hours_old_format: "Monday:Closed|Tuesday:9am-5pm",
  business_status: "OPERATIONAL",
  about: '{"Service options": {"Dine-in": true, "Delivery": false}, "Parking": {"Paid street parking": "Yes"}}',
  logo: "https://images.example/bistro-logo.png",
  description: "",
  verified: "True",
  location_link: "https://www.google.com/maps/place/Bistro+Imaginaire/@47.37,8.54,14z",
  place_id: "ChIJmadeUpPlace0001",
  google_id: "0x0:0x1",
  cid: "1234567890",
};

function normalizeOrThrow(raw: RawBusiness) {
  const result = normalizeBusiness(raw, { source: "test" });
  if (!result.ok) throw new Error(`rejected: ${JSON.stringify(result.issues)}`);
  return result.business;
}

describe("header folding", () => {
  it("ignores case, separators, accents and a byte-order mark", () => {
    for (const header of ["Place ID", "place_id", "placeId", "PLACE-ID", "\uFEFFplace id", "place.id", "Pláce Íd"]) {
      expect(foldHeader(header)).toBe("placeid");
    }
    expect(foldHeader("location/lat")).toBe("locationlat");
  });

  it("gives every spelling to one field only", () => {
    const owners = new Map<string, string>();
    for (const [field, aliases] of Object.entries(FIELD_ALIASES)) {
      for (const alias of aliases) {
        const key = foldHeader(alias);
        expect(owners.get(key) ?? field, `"${alias}" is listed for two fields`).toBe(field);
        owners.set(key, field);
      }
    }
  });

  it("knows the 23 importable fields", () => {
    expect(IMPORTABLE_FIELDS).toHaveLength(23);
  });
});

describe("Outscraper full export", () => {
  const mapping = buildColumnMapping(OUTSCRAPER_HEADERS);

  it("maps every importable field and lists the rest as unknown", () => {
    expect(mapping.fields).toMatchObject({ name: "name", url: "site", full_address: "full_address", reviews: "reviews", place_id: "place_id" });
    expect(mapping.fallbacks.workingHoursOldFormat).toBe("working_hours_old_format");
    expect(mapping.fallbacks.placeIdUrls).toEqual(["location_link", "location_reviews_link"]);
    expect(mapping.unknown).toEqual(expect.arrayContaining(["query", "borough", "us_state", "google_id", "cid", "website_title"]));
    // other_hours feeds only its dated special days (the kitchen/delivery sets are ignored when read).
    expect(mapping.fields).toMatchObject({ special_hours: "other_hours", working_hours: "working_hours" });
    expect(mapping.unknown).not.toContain("site");
    expect(describeColumnExtraction(mapping)).toEqual({
      extractedCount: 23,
      totalColumns: 23,
      extractionRate: 100,
      successful: [...IMPORTABLE_FIELDS],
      missing: [],
    });
  });

  it("passes values through raw", () => {
    const raw = mapRecord(outscraperRow, mapping);
    expect(raw.reviews).toBe("56.0");
    expect(raw.url).toBe("https://bistro-imaginaire.example/");
    expect(raw.working_hours).toBe(outscraperRow.working_hours);
    expect(raw).not.toHaveProperty("borough");
  });

  it("normalises end to end", () => {
    const business = normalizeOrThrow(mapRecord(outscraperRow, mapping));
    expect(business).toMatchObject({
      name: "Bistro Imaginaire",
      category: "French restaurant",
      city: "Zürich",
      countryCode: "CH",
      country: "Switzerland",
      reviews: 56,
      rating: 4.6,
      placeId: "ChIJmadeUpPlace0001",
      url: "https://bistro-imaginaire.example/",
      verified: true,
      status: "operational",
      timeZone: "Europe/Zurich",
      identityKey: "pid:ChIJmadeUpPlace0001",
    });
    expect(business.workingHours).toEqual({
      monday: [],
      tuesday: [
        ["11:30", "14:30"],
        ["17:30", "23:00"],
      ],
      sunday: [["00:00", "24:00"]],
    });
    expect(business.about).toEqual({ "Service options": { "Dine-in": true, Delivery: false }, Parking: { "Paid street parking": true } });
  });

  it("reads working_hours_old_format only in rows whose working_hours is blank", () => {
    const raw = mapRecord({ ...outscraperRow, working_hours: "" }, mapping);
    expect(raw.working_hours).toBe("Monday:Closed|Tuesday:9am-5pm");
    expect(normalizeOrThrow(raw).workingHours).toEqual({ monday: [], tuesday: [["09:00", "17:00"]] });
  });
});

describe("the spec's sample template", () => {
  const headers = ["name", "address", "phone", "category", "latitude", "longitude", "rating", "reviewCount", "place_id", "country_code"];
  const mapping = buildColumnMapping(headers);

  it("maps all ten columns and fills 10 of 23 fields", () => {
    expect(mapping.fields).toEqual({
      name: "name",
      full_address: "address",
      phone: "phone",
      category: "category",
      latitude: "latitude",
      longitude: "longitude",
      rating: "rating",
      reviews: "reviewCount",
      place_id: "place_id",
      country_code: "country_code",
    });
    expect(mapping.unknown).toEqual([]);
    expect(describeColumnExtraction(mapping)).toEqual({
      extractedCount: 10,
      totalColumns: 23,
      extractionRate: 43.5,
      successful: ["name", "category", "full_address", "country_code", "phone", "latitude", "longitude", "rating", "reviews", "place_id"],
      missing: [
        "type",
        "street",
        "city",
        "postal_code",
        "country",
        "reviews_link",
        "photo",
        "logo",
        "located_in",
        "working_hours",
        "verified",
        "about",
        "url",
      ],
    });
  });

  it("normalises a template row, taking the city from the address", () => {
    const business = normalizeOrThrow(
      mapRecord(
        {
          name: "Corner Bakery",
          address: "5 Sample Road, 10115 Berlin, Germany",
          phone: "030 000000",
          category: "bakery",
          latitude: 52.5,
          longitude: 13.4,
          rating: 4,
          reviewCount: 12,
          place_id: "ChIJmadeUpPlace0002",
          country_code: "de",
        },
        mapping,
      ),
    );
    expect(business).toMatchObject({ city: "Berlin", countryCode: "DE", category: "Bakery", reviews: 12, placeId: "ChIJmadeUpPlace0002" });
  });
});

describe("Apify Google Maps Extractor", () => {
  // Odd casing on purpose; the real export also starts with a byte-order mark, which the CSV reader strips.
  const headers = [
    "ImageUrl",
    "TITLE",
    "totalscore",
    "Reviews-Count",
    "Street",
    "city",
    "STATE",
    "countryCode",
    "Website",
    "phone",
    "Category Name",
    "URL",
  ];
  const mapping = buildColumnMapping(headers);
  const row = {
    ImageUrl: "https://images.example/shop.jpg",
    TITLE: "Made-Up Butchers",
    totalscore: "4.8",
    "Reviews-Count": "31",
    Street: "1 Nowhere Lane",
    city: "Sampleford",
    STATE: "",
    countryCode: "GB",
    Website: "https://made-up-butchers.example/",
    phone: "+44 1632 960000",
    "Category Name": "Butcher shop",
    URL: "https://www.google.com/maps/search/?api=1&query=Made-Up%20Butchers&query_place_id=ChIJmadeUpPlace0003",
  };

  it("takes the website for url and keeps the maps link only for the place id", () => {
    expect(mapping.fields).toMatchObject({
      url: "Website",
      photo: "ImageUrl",
      name: "TITLE",
      rating: "totalscore",
      reviews: "Reviews-Count",
      category: "Category Name",
    });
    expect(mapping.fallbacks.placeIdUrls).toEqual(["URL"]);
    expect(mapping.unknown).toEqual([]);
    const raw = mapRecord(row, mapping);
    expect(raw.url).toBe("https://made-up-butchers.example/");
    expect(raw.place_id).toBe("ChIJmadeUpPlace0003");
    expect(raw.reviews_link).toBeUndefined();
    expect(normalizeOrThrow(raw)).toMatchObject({
      placeId: "ChIJmadeUpPlace0003",
      url: "https://made-up-butchers.example/",
      city: "Sampleford",
      countryCode: "GB",
      country: "United Kingdom",
      rating: 4.8,
      reviews: 31,
    });
  });

  it("fills 11 of 23 fields", () => {
    const extraction = describeColumnExtraction(mapping);
    expect(extraction.extractedCount).toBe(11);
    expect(extraction.extractionRate).toBe(47.8);
    expect(extraction.missing).toEqual([
      "type",
      "full_address",
      "postal_code",
      "country",
      "latitude",
      "longitude",
      "reviews_link",
      "logo",
      "located_in",
      "working_hours",
      "verified",
      "about",
    ]);
  });

  it("drops a maps link from a lone url column but still finds the place id in it", () => {
    const loneUrl = buildColumnMapping(["title", "url"]);
    expect(loneUrl.fields.url).toBe("url");
    expect(mapRecord({ title: "A", url: row.URL }, loneUrl)).toEqual({ name: "A", place_id: "ChIJmadeUpPlace0003" });
    expect(mapRecord({ title: "B", url: "https://b.example/" }, loneUrl)).toEqual({ name: "B", url: "https://b.example/" });
  });
});

describe("other Apify actors", () => {
  it("flattens a nested location, rebuilds status, hours, amenities and the first category", () => {
    const headers = [
      "title",
      "placeId",
      "address",
      "location",
      "openingHours",
      "additionalInfo",
      "permanentlyClosed",
      "temporarilyClosed",
      "categories",
      "website",
    ];
    const mapping = buildColumnMapping(headers);
    expect(mapping.unknown).toEqual([]);
    const raw = mapRecord(
      {
        title: "Imaginary Café",
        placeId: "ChIJmadeUpPlace0004",
        address: "9 Fiction Street, Lisbon, Portugal",
        location: { lat: 38.72, lng: -9.14 },
        openingHours: [
          { day: "Monday", hours: "8 AM to 6 PM" },
          { day: "Sunday", hours: "Closed" },
        ],
        additionalInfo: { Accessibility: [{ "Wheelchair accessible entrance": true }, { "Wheelchair accessible toilet": false }] },
        permanentlyClosed: false,
        temporarilyClosed: true,
        categories: ["Coffee shop", "Bakery"],
        website: "https://imaginary-cafe.example/",
      },
      mapping,
    );
    expect(raw).toMatchObject({ latitude: 38.72, longitude: -9.14, category: "Coffee shop", business_status: "closed_temporarily" });
    expect(normalizeOrThrow(raw)).toMatchObject({
      city: "Lisbon",
      countryCode: "PT",
      latitude: 38.72,
      longitude: -9.14,
      status: "closed_temporarily",
      category: "Coffee shop",
      workingHours: { monday: [["08:00", "18:00"]], sunday: [] },
      about: { Accessibility: { "Wheelchair accessible entrance": true, "Wheelchair accessible toilet": false } },
    });
  });

  it("reads the CSV-flattened forms (location/lat, categories/0, openingHours/N/day)", () => {
    const headers = [
      "title",
      "location/lat",
      "location/lng",
      "categories/0",
      "categories/1",
      "openingHours/0/day",
      "openingHours/0/hours",
      "openingHours/1/day",
      "openingHours/1/hours",
      "permanentlyClosed",
    ];
    const mapping = buildColumnMapping(headers);
    expect(mapping.fields).toMatchObject({ latitude: "location/lat", longitude: "location/lng", category: "categories/0" });
    expect(mapping.fallbacks.openingHoursPairs).toEqual([
      { day: "openingHours/0/day", hours: "openingHours/0/hours" },
      { day: "openingHours/1/day", hours: "openingHours/1/hours" },
    ]);
    expect(mapping.unknown).toEqual(["categories/1"]);
    const raw = mapRecord(
      {
        title: "X",
        "location/lat": "40.4",
        "location/lng": "-3.7",
        "categories/0": "Bar",
        "categories/1": "Pub",
        "openingHours/0/day": "Friday",
        "openingHours/0/hours": "6 PM to 2 AM",
        "openingHours/1/day": "",
        "openingHours/1/hours": "",
        permanentlyClosed: "false",
      },
      mapping,
    );
    expect(raw).toEqual({
      name: "X",
      latitude: "40.4",
      longitude: "-3.7",
      category: "Bar",
      working_hours: [{ day: "Friday", hours: "6 PM to 2 AM" }],
      business_status: "operational",
    });
    expect(normalizeOrThrow(raw).workingHours).toEqual({ friday: [["18:00", "02:00"]] });
  });
});

describe("gosom google-maps-scraper", () => {
  const headers = [
    "input_id",
    "link",
    "title",
    "category",
    "address",
    "open_hours",
    "popular_times",
    "website",
    "phone",
    "plus_code",
    "review_count",
    "review_rating",
    "reviews_per_rating",
    "latitude",
    "longitude",
    "cid",
    "status",
    "descriptions",
    "reviews_link",
    "thumbnail",
    "timezone",
    "price_range",
    "data_id",
    "images",
    "reservations",
    "order_online",
    "menu",
    "complete_address",
    "about",
  ];
  const mapping = buildColumnMapping(headers);
  const row = {
    input_id: "00000000-0000-0000-0000-000000000000",
    link: "https://www.google.com/maps/place/Taverna+Fictiva/data=!4m7!3m6!1s0x0:0x1!8m2!3d34.9!4d33.6!16s%2Fg%2F11x!19sChIJmadeUpPlace0005?authuser=0&hl=en",
    title: "Taverna Fictiva",
    category: "Greek restaurant",
    address: "Odos Paradeigmatos 3, Larnaca 6000",
    open_hours: JSON.stringify({ Monday: ["11\u202fam–11\u202fpm"], Tuesday: ["12–3\u202fpm", "6–11\u202fpm"], Wednesday: ["Closed"] }),
    website: "",
    phone: "24 000000",
    review_count: "87",
    review_rating: "4.500000",
    latitude: "34.900000",
    longitude: "33.600000",
    cid: "1",
    status: "Open ⋅ Closes 11\u202fpm",
    descriptions: "A made-up taverna.",
    reviews_link: "https://search.google.com/local/reviews?placeid=ChIJmadeUpPlace0005",
    thumbnail: "https://images.example/taverna.jpg",
    timezone: "Asia/Nicosia",
    complete_address: JSON.stringify({
      borough: "Old Town",
      street: "Odos Paradeigmatos 3",
      city: "Larnaca",
      postal_code: "6000",
      state: "",
      country: "CY",
    }),
    about: JSON.stringify([
      {
        id: "service_options",
        name: "Service options",
        options: [
          { name: "Takeaway", enabled: true },
          { name: "Delivery", enabled: false },
        ],
      },
      { id: "payments", name: "Payments", options: [{ name: "Credit cards", enabled: true }] },
    ]),
  };

  it("ignores the live status text and unpacks link and complete_address", () => {
    expect(mapping.fields.business_status).toBeUndefined();
    expect(mapping.fields).toMatchObject({
      name: "title",
      full_address: "address",
      working_hours: "open_hours",
      reviews: "review_count",
      rating: "review_rating",
      photo: "thumbnail",
      time_zone: "timezone",
      description: "descriptions",
      price_range: "price_range",
      reservation_link: "reservations",
      order_link: "order_online",
      menu_link: "menu",
    });
    expect(mapping.fallbacks).toMatchObject({ placeIdUrls: ["link"], completeAddress: "complete_address", alternates: { photo: ["images"] } });
    expect(mapping.unknown).toEqual(["input_id", "popular_times", "plus_code", "reviews_per_rating", "cid", "status", "data_id"]);
    const raw = mapRecord(row, mapping);
    expect(raw).toMatchObject({
      place_id: "ChIJmadeUpPlace0005",
      street: "Odos Paradeigmatos 3",
      city: "Larnaca",
      postal_code: "6000",
      country_code: "CY",
    });
    expect(raw.state).toBeUndefined();
    expect(raw.business_status).toBeUndefined();
  });

  it("normalises end to end: city, country, hours, amenities", () => {
    const business = normalizeOrThrow(mapRecord(row, mapping));
    expect(business).toMatchObject({
      name: "Taverna Fictiva",
      city: "Larnaca",
      countryCode: "CY",
      country: "Cyprus",
      postalCode: "6000",
      placeId: "ChIJmadeUpPlace0005",
      rating: 4.5,
      reviews: 87,
      status: "operational",
      description: "A made-up taverna.",
      url: null,
    });
    expect(business.workingHours).toEqual({
      monday: [["11:00", "23:00"]],
      tuesday: [
        ["12:00", "15:00"],
        ["18:00", "23:00"],
      ],
      wednesday: [],
    });
    expect(business.about).toEqual({ "Service options": { Takeaway: true, Delivery: false }, Payments: { "Credit cards": true } });
  });

  it("lets direct columns win over complete_address", () => {
    const withCity = buildColumnMapping([...headers, "city"]);
    expect(mapRecord({ ...row, city: "Lárnaka" }, withCity).city).toBe("Lárnaka");
  });

  it("fills 18 of 23 fields", () => {
    const extraction = describeColumnExtraction(mapping);
    expect(extraction.extractedCount).toBe(18);
    expect(extraction.extractionRate).toBe(78.3);
    expect(extraction.missing).toEqual(["type", "country", "logo", "located_in", "verified"]);
  });
});

describe("header variants and precedence", () => {
  it("matches the common spellings", () => {
    const mapping = buildColumnMapping([
      "Business Name",
      "Place ID",
      "REVIEW-COUNT",
      "Lat",
      "Lng",
      "Zip",
      "Web",
      "Stars",
      "Main Image",
      "Opening Hours",
      "Country Name",
      "Main Category",
      "Is Verified",
      "Maps URL",
      "Formatted Address",
    ]);
    expect(mapping.fields).toEqual({
      name: "Business Name",
      place_id: "Place ID",
      reviews: "REVIEW-COUNT",
      latitude: "Lat",
      longitude: "Lng",
      postal_code: "Zip",
      url: "Web",
      rating: "Stars",
      photo: "Main Image",
      working_hours: "Opening Hours",
      country: "Country Name",
      category: "Main Category",
      verified: "Is Verified",
      full_address: "Formatted Address",
    });
    expect(mapping.fallbacks.placeIdUrls).toEqual(["Maps URL"]);
    expect(mapping.unknown).toEqual([]);
  });

  it("reads other spellings of the same fields", () => {
    const mapping = buildColumnMapping([
      "Google Place ID",
      "user_ratings_total",
      "long",
      "lat",
      "postcode",
      "score",
      "claimed",
      "hours",
      "categories",
    ]);
    expect(mapping.fields).toEqual({
      place_id: "Google Place ID",
      reviews: "user_ratings_total",
      longitude: "long",
      latitude: "lat",
      postal_code: "postcode",
      rating: "score",
      verified: "claimed",
      working_hours: "hours",
      category: "categories",
    });
    expect(mapRecord({ categories: "Florist, Gift shop" }, mapping).category).toBe("Florist");
  });

  it("prefers the most specific header whatever the column order", () => {
    const mapping = buildColumnMapping(["url", "address", "reviews", "website", "full_address", "reviewsCount"]);
    expect(mapping.fields).toEqual({ url: "website", full_address: "full_address", reviews: "reviewsCount" });
    expect(mapping.fallbacks.placeIdUrls).toEqual(["url"]);
    expect(mapping.unknown).toEqual(["address", "reviews"]);
  });

  it("keeps the first of two headers that fold alike and reports the second", () => {
    const mapping = buildColumnMapping(["place_id", "Place ID"]);
    expect(mapping.fields).toEqual({ place_id: "place_id" });
    expect(mapping.unknown).toEqual(["Place ID"]);
  });

  it("reports unknown columns in file order and skips blank headers", () => {
    const mapping = buildColumnMapping(["Notes", "name", "", "Internal ref", "Unnamed: 0"]);
    expect(mapping.fields).toEqual({ name: "name" });
    expect(mapping.unknown).toEqual(["Notes", "Internal ref", "Unnamed: 0"]);
  });
});

describe("maps links", () => {
  it("tells maps links from websites", () => {
    expect(isMapsUrl("https://www.google.com/maps/place/X/data=!19sChIJ")).toBe(true);
    expect(isMapsUrl("https://maps.google.com/?cid=1")).toBe(true);
    expect(isMapsUrl("https://maps.app.goo.gl/abc")).toBe(true);
    expect(isMapsUrl("https://www.google.co.uk/maps/search/?api=1&query=x")).toBe(true);
    expect(isMapsUrl("https://example.com/maps")).toBe(false);
    expect(isMapsUrl(null)).toBe(false);
  });

  it("never overrides a place_id the row already has", () => {
    const mapping = buildColumnMapping(["name", "place_id", "link"]);
    const link = "https://www.google.com/maps/place/X/data=!19sChIJmadeUpPlace0006";
    expect(mapRecord({ name: "X", place_id: "ChIJmadeUpPlace0007", link }, mapping).place_id).toBe("ChIJmadeUpPlace0007");
    expect(mapRecord({ name: "X", place_id: "None", link }, mapping).place_id).toBe("ChIJmadeUpPlace0006");
  });
});
