// Where a card says the business is: street, district and town, never the same town twice.
import { describe, expect, it } from "vitest";
import { formatCardPlace } from "./card-place";

describe("formatCardPlace", () => {
  it("shows street and town, with the district between them when known", () => {
    expect(formatCardPlace({ street: "Bahnhofstrasse 12", city: "Zürich", fullAddress: "Bahnhofstrasse 12, 8001 Zürich, Switzerland" })).toBe(
      "Bahnhofstrasse 12, Zürich",
    );
    expect(formatCardPlace({ street: "Oranienstraße 1", district: "Kreuzberg", city: "Berlin" })).toBe("Oranienstraße 1, Kreuzberg, Berlin");
  });

  it("falls back to the district, then the full address, then the town", () => {
    expect(formatCardPlace({ district: "Kreuzberg", city: "Berlin" })).toBe("Kreuzberg, Berlin");
    expect(formatCardPlace({ street: "Main St 1", fullAddress: "Main St 1, Springfield" })).toBe("Main St 1, Springfield");
    expect(formatCardPlace({ city: "Lyon" })).toBe("Lyon");
    expect(formatCardPlace({ street: " ", city: null, fullAddress: "" })).toBeNull();
  });

  it("never repeats the town", () => {
    expect(formatCardPlace({ district: "Berlin", city: "berlin" })).toBe("Berlin");
  });
});
