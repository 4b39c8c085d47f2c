import { describe, expect, it } from "vitest";
import { cityFromAddress, displaySectionName, foldPlaceName, looksLikeStreet, stripPostalAndNumbers, stripSectionWords } from "./place-names.ts";

describe("city from address", () => {
  it("takes the city from the second-to-last address segment", () => {
    expect(cityFromAddress("Bahnhofstrasse 1, 8001 Zürich, Switzerland")).toBe("Zürich");
    expect(cityFromAddress("12 Main St, Springfield, IL 62701, United States")).toBe("Springfield");
    expect(cityFromAddress("Nowhere")).toBeNull();
  });

  it("reads the city as the second-to-last address segment", () => {
    expect(cityFromAddress("Hauptstraße 1, Berlin, Germany")).toBe("Berlin");
    expect(cityFromAddress("Germany")).toBeNull();
  });
});

describe("place name rules", () => {
  it("folds spellings of one name to one key", () => {
    expect(new Set(["Zürich", "Zurich", "ZURICH", " zürich "].map(foldPlaceName))).toEqual(new Set(["zurich"]));
    expect(foldPlaceName("Λευκωσία")).toBe("levkosia");
    expect(foldPlaceName("東京")).toBe("東京");
  });

  it("strips postal codes and house numbers, and section words", () => {
    expect(stripPostalAndNumbers("8001 Zürich")).toBe("Zürich");
    expect(stripPostalAndNumbers("Wien 3.")).toBe("Wien");
    expect(stripPostalAndNumbers("Leeds LS1 6HD")).toBe("Leeds");
    expect(stripPostalAndNumbers("CH-8001 Zürich")).toBe("Zürich");
    expect(stripSectionWords("Bezirk Mitte")).toBe("Mitte");
    expect(stripSectionWords("Shibuya City")).toBe("Shibuya");
    expect(stripSectionWords("Shinjuku-ku")).toBe("Shinjuku");
    expect(displaySectionName("Zürich (Kreis 3) / Alt-Wiedikon")).toBe("Alt-Wiedikon");
    expect(displaySectionName("Zürich (Kreis 1)")).toBe("Kreis 1");
  });

  it("tells a street from a postal line", () => {
    for (const street of ["Hauptstraße 12b", "12 Main St", "Bahnhofstrasse 21", "350 5th Ave"]) expect(looksLikeStreet(street), street).toBe(true);
    for (const town of ["8001 Zürich", "Zürich 8001", "Berlin", "Wien 3."]) expect(looksLikeStreet(town), town).toBe(false);
  });
});
