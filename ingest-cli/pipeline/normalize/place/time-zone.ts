// A row's time zone: the source's time_zone column when it names a real IANA zone, else the zone at its coordinates
// (@photostructure/tz-lookup, offline), else its country's one zone; never a silent UTC (null = unknown, with a warning).
import tzLookup from "@photostructure/tz-lookup";
import { COUNTRY_TIME_ZONES } from "../../../../db/rules/country-time-zones.ts";

export type TimeZoneEvidence = "source" | "coordinates" | "country";

export interface ResolvedTimeZone {
  timeZone: string | null;
  evidence: TimeZoneEvidence | null;
  /** The source named a zone that does not exist (it was replaced or dropped). */
  invalidSource: boolean;
}

const validity = new Map<string, string | null>();

/** "Europe/Zurich" → itself, "asia/calcutta" → "Asia/Calcutta" (Intl's spelling), "Mars/Base" → null. */
export function readTimeZone(text: string): string | null {
  const cached = validity.get(text);
  if (cached !== undefined || validity.has(text)) return cached ?? null;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat("en-US", { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (validity.size >= 10_000) validity.clear();
  validity.set(text, zone);
  return zone;
}

export function resolveTimeZone(
  source: string | null,
  latitude: number | null,
  longitude: number | null,
  countryCode: string | null,
): ResolvedTimeZone {
  const fromSource = source === null ? null : readTimeZone(source);
  if (fromSource !== null) return { timeZone: fromSource, evidence: "source", invalidSource: false };
  const invalidSource = source !== null;
  if (latitude !== null && longitude !== null) {
    try {
      return { timeZone: tzLookup(latitude, longitude), evidence: "coordinates", invalidSource };
    } catch {
      // Out-of-range input; the caller already validated ranges, so fall through to the country.
    }
  }
  const fromCountry = countryCode === null ? undefined : COUNTRY_TIME_ZONES[countryCode];
  return fromCountry ? { timeZone: fromCountry, evidence: "country", invalidSource } : { timeZone: null, evidence: null, invalidSource };
}
