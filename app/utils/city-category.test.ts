import { describe, expect, it } from "vitest";
import { cityCategoryPath, pluralizeCategory } from "./city-category";

describe("cityCategoryPath", () => {
  it("appends the category to the city page's path", () => {
    expect(cityCategoryPath("CH", "zurich", "italian-restaurant")).toBe("/cities/ch/zurich/italian-restaurant");
  });
});

describe("pluralizeCategory", () => {
  it("pluralises the last word by the English rules", () => {
    expect(pluralizeCategory("Italian restaurant")).toBe("Italian restaurants");
    expect(pluralizeCategory("Pharmacy")).toBe("Pharmacies");
    expect(pluralizeCategory("Car wash")).toBe("Car washes");
    expect(pluralizeCategory("Church")).toBe("Churches");
    expect(pluralizeCategory("Bus")).toBe("Buses");
    expect(pluralizeCategory("Subway")).toBe("Subways");
    expect(pluralizeCategory("Handyman")).toBe("Handymen");
    expect(pluralizeCategory("Electronics")).toBe("Electronics");
  });

  it("says businesses for words without a plural, and leaves non-English words alone", () => {
    expect(pluralizeCategory("Catering")).toBe("Catering businesses");
    expect(pluralizeCategory("Medical equipment")).toBe("Medical equipment businesses");
    expect(pluralizeCategory("Bäckerei")).toBe("Bäckerei");
    expect(pluralizeCategory("Café")).toBe("Café");
  });
});
