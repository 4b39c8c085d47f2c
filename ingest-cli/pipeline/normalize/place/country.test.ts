import { describe, expect, it } from "vitest";
import { countryCodeFromAnyName } from "./country-names.ts";
import { resolveCountry, type CountryInput } from "./country.ts";

const NONE: CountryInput = { countryCode: null, country: null, fullAddress: null, phone: null, latitude: null, longitude: null };

describe("countryCodeFromAnyName", () => {
  it.each([
    ["Deutschland", "DE"],
    ["Česko", "CZ"],
    ["Việt Nam", "VN"],
    ["日本", "JP"],
    ["Schweiz", "CH"],
    ["Suisse", "CH"],
    ["Κύπρος", "CY"],
    ["Россия", "RU"],
    ["España", "ES"],
    ["Österreich", "AT"],
    ["United Kingdom", "GB"],
    ["UK", "GB"],
    ["gbr", "GB"],
    ["ch", "CH"],
    ["Pilipinas", "PH"],
  ])("%s → %s", (name, code) => {
    expect(countryCodeFromAnyName(name)).toBe(code);
  });
  it("names no country for cities and words", () => {
    for (const name of ["Berlin", "Zürich", "Restaurant", "", "zz"]) expect(countryCodeFromAnyName(name)).toBeNull();
  });
});

describe("resolveCountry", () => {
  it("takes the ISO code, then the name in any language", () => {
    expect(resolveCountry({ ...NONE, countryCode: "ch" })).toMatchObject({ code: "CH", evidence: "code", conflict: null });
    expect(resolveCountry({ ...NONE, country: "Deutschland" })).toMatchObject({ code: "DE", evidence: "name" });
  });
  it("places a row by its coordinates alone, offline", () => {
    expect(resolveCountry({ ...NONE, latitude: 35.1725, longitude: 33.365 })).toMatchObject({ code: "CY", evidence: "coordinates" });
    expect(resolveCountry({ ...NONE, latitude: 14.676, longitude: 121.0437 })).toMatchObject({ code: "PH", evidence: "coordinates" });
  });
  it("places enclaves exactly, however small: Büsingen is Germany, Campione Italy, a Baarle-Hertog block Belgium", () => {
    expect(resolveCountry({ ...NONE, latitude: 47.6959, longitude: 8.6372 }).code).toBe("CH");
    expect(resolveCountry({ ...NONE, latitude: 47.6967, longitude: 8.69 }).code).toBe("DE");
    expect(resolveCountry({ ...NONE, latitude: 45.9686, longitude: 8.9711 }).code).toBe("IT");
    // A few hundred metres across, inside the Netherlands on every side.
    expect(resolveCountry({ ...NONE, latitude: 51.433, longitude: 4.9405 }).code).toBe("BE");
  });

  it("lets the coordinates win a conflict and says which evidence lost", () => {
    const resolved = resolveCountry({ ...NONE, countryCode: "DE", latitude: 47.3769, longitude: 8.5417 });
    expect(resolved).toEqual({ code: "CH", evidence: "coordinates", conflict: { evidence: "code", code: "DE" } });
  });
  it("agreeing coordinates keep the column as the evidence", () => {
    expect(resolveCountry({ ...NONE, country: "Schweiz", latitude: 47.3769, longitude: 8.5417 })).toEqual({
      code: "CH",
      evidence: "name",
      conflict: null,
    });
  });
  it("uses an international phone prefix, then the address tail", () => {
    expect(resolveCountry({ ...NONE, phone: "+44 20 7946 0958" })).toMatchObject({ code: "GB", evidence: "phone" });
    expect(resolveCountry({ ...NONE, phone: "0044 20 7946 0958" })).toMatchObject({ code: "GB", evidence: "phone" });
    expect(resolveCountry({ ...NONE, phone: "020 7946 0958" })).toMatchObject({ code: null });
    expect(resolveCountry({ ...NONE, fullAddress: "Hauptstraße 12b, 10115 Berlin, Deutschland" })).toMatchObject({ code: "DE", evidence: "address" });
    expect(resolveCountry({ ...NONE, fullAddress: "Odos Madeup 3, Λευκωσία 1011, Κύπρος" })).toMatchObject({ code: "CY" });
    expect(resolveCountry({ ...NONE, fullAddress: "Bahnhofstrasse 1, 8001 Zürich Schweiz" })).toMatchObject({ code: "CH" });
    expect(resolveCountry({ ...NONE, fullAddress: "12 Madeup Rd, Springfield, IL 62701" })).toMatchObject({ code: "US" });
    expect(resolveCountry({ ...NONE, fullAddress: "1 Madeup Lane, London SW1A 1AA" })).toMatchObject({ code: "GB" });
    expect(resolveCountry({ ...NONE, fullAddress: "Hauptstraße 12b, Berlin" })).toMatchObject({ code: null, evidence: null });
  });
});
