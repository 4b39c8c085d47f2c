import { describe, expect, it } from "vitest";
import { countryName } from "../../../db/rules/countries.ts";
import { GENERATED_COLUMNS, createBusiness, type GeneratedBusiness } from "./business-factory.ts";
import { listKnownTimeZones } from "./country-data.ts";
import { WEEKDAYS } from "./hours.ts";
import { loadCityTable } from "./reference-data.ts";

const SAMPLE = Array.from({ length: 5000 }, (_, index) => createBusiness(11, index));

/** name|country → [rank, latitude, longitude] of every gazetteer city with that name. */
function indexCities(): Map<string, Array<[number, number, number]>> {
  const table = loadCityTable();
  const byName = new Map<string, Array<[number, number, number]>>();
  for (let i = 0; i < table.size; i++) {
    const city = table.city(i);
    const key = `${city.name}|${city.countryCode}`;
    const list = byName.get(key) ?? [];
    list.push([table.populationRank(i), city.latitude, city.longitude]);
    byName.set(key, list);
  }
  return byName;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe("synthetic business factory", () => {
  it("fills every column with the right type and keeps the ids in Google's shapes", () => {
    for (const business of SAMPLE.slice(0, 1000)) {
      expect(Object.keys(business)).toEqual([...GENERATED_COLUMNS]);
      expect(business.place_id).toMatch(/^ChIJ[A-Za-z0-9_-]{23}$/);
      expect(business.google_id).toMatch(/^0x[0-9a-f]{16}:0x[0-9a-f]{16}$/);
      expect(typeof business.latitude).toBe("number");
      expect(typeof business.longitude).toBe("number");
      expect(typeof business.verified).toBe("boolean");
      expect(["OPERATIONAL", "CLOSED_TEMPORARILY", "CLOSED_PERMANENTLY"]).toContain(business.business_status);
      if (business.phone !== null) expect(business.phone).toMatch(/^\+\d{1,3} [\d -]+$/);
      if (business.reviews === 0) expect(business.rating).toBeNull();
      else {
        expect(business.rating).toBeGreaterThanOrEqual(1);
        expect(business.rating).toBeLessThanOrEqual(5);
        expect(Math.round((business.rating as number) * 10)).toBeCloseTo((business.rating as number) * 10, 9);
      }
      if (business.working_hours !== null) expect(Object.keys(business.working_hours)).toEqual([...WEEKDAYS]);
      if (business.about !== null) {
        for (const group of Object.values(business.about as Record<string, Record<string, unknown>>)) {
          for (const value of Object.values(group)) expect(typeof value).toBe("boolean");
        }
      }
    }
  });

  it("builds addresses that agree with the city and country, with coordinates a few km from the city", () => {
    const cities = indexCities();
    for (const business of SAMPLE.slice(0, 1500)) {
      expect(business.country).toBe(countryName(business.country_code));
      expect(business.full_address).toContain(business.street as string);
      expect(business.full_address).toContain(business.city as string);
      expect(business.full_address?.endsWith(`, ${business.country}`)).toBe(true);
      if (business.postal_code) expect(business.full_address).toContain(business.postal_code);
      const candidates = cities.get(`${business.city}|${business.country_code}`) ?? [];
      const nearest = Math.min(...candidates.map(([, lat, lon]) => distanceKm(lat, lon, business.latitude as number, business.longitude as number)));
      expect(nearest).toBeLessThan(45);
    }
  });

  it("skews towards big cities: the top 10% of cities hold a clear majority of 5,000 rows", () => {
    const cities = indexCities();
    const table = loadCityTable();
    const cutoff = table.size * 0.1;
    const inTop = SAMPLE.filter((business) => {
      const ranks = (cities.get(`${business.city}|${business.country_code}`) ?? []).map(([rank]) => rank);
      return Math.min(...ranks) < cutoff;
    }).length;
    expect(inTop / SAMPLE.length).toBeGreaterThan(0.65);
  });

  it("skews categories Zipf-like: Restaurant leads, the long tail still shows up", () => {
    const counts = new Map<string, number>();
    for (const business of SAMPLE) counts.set(business.type as string, (counts.get(business.type as string) ?? 0) + 1);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    expect(ranked[0]?.[0]).toBe("Restaurant");
    expect(counts.size).toBeGreaterThan(100);
  });

  it("writes some names in their own script and accents (Turkish, German, CJK, Greek or Cyrillic)", () => {
    const names = SAMPLE.map((business) => business.name as string);
    const nonAscii = names.filter((name) => /[^ -~]/.test(name));
    expect(nonAscii.length / names.length).toBeGreaterThan(0.05);
    expect(names.some((name) => /[İıŞşĞğÇçÖöÜü]/.test(name))).toBe(true);
    expect(names.some((name) => /[äöüß]/.test(name))).toBe(true);
    expect(names.some((name) => /[\u4e00-\u9fff\u3040-\u30ff\uac00-\ud7af\u0370-\u03ff\u0400-\u04ff]/.test(name))).toBe(true);
  });

  it("rates high on average and leaves places without reviews unrated", () => {
    const rated = SAMPLE.filter((business): business is GeneratedBusiness & { rating: number } => typeof business.rating === "number");
    const mean = rated.reduce((sum, business) => sum + business.rating, 0) / rated.length;
    expect(mean).toBeGreaterThan(4);
    expect(mean).toBeLessThan(4.6);
    expect(SAMPLE.some((business) => business.reviews === 0 && business.rating === null)).toBe(true);
  });

  it("answers only time zones this runtime knows", () => {
    for (const zone of listKnownTimeZones()) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
    for (const business of SAMPLE.slice(0, 500))
      expect(() => new Intl.DateTimeFormat("en", { timeZone: business.time_zone as string })).not.toThrow();
  });
});
