// Normalised rows and their warnings → per-field resolution rates (how many kept rows got a country, a city,
// coordinates, …) and the evidence codes behind them: a file's quality, shown before and after an import.
import type { BusinessInput } from "../../../db/writes/businesses.ts";
import type { FieldIssue } from "../normalize/business.ts";

/** The fields an operator judges a file by, in the order they are shown. */
export const RATE_FIELDS = ["country", "city", "district", "coordinates", "timeZone", "phone", "photo", "hours"] as const;
export type RateField = (typeof RATE_FIELDS)[number];

const RATE_LABELS: Record<RateField, string> = {
  country: "country",
  city: "city",
  district: "district",
  coordinates: "coordinates",
  timeZone: "time zone",
  phone: "phone",
  photo: "photo",
  hours: "opening hours",
};

/** Which rate field a warning about a source field speaks of. */
const RATE_FIELD_OF_SOURCE: Record<string, RateField> = {
  country: "country",
  country_code: "country",
  city: "city",
  state: "city",
  latitude: "coordinates",
  longitude: "coordinates",
  time_zone: "timeZone",
  phone: "phone",
  photo: "photo",
  working_hours: "hours",
};

const HAS_VALUE: Record<RateField, (business: BusinessInput) => boolean> = {
  country: (b) => b.countryCode != null,
  city: (b) => b.city != null,
  district: (b) => b.district != null,
  coordinates: (b) => b.latitude != null && b.longitude != null,
  timeZone: (b) => b.timeZone != null,
  // A phone counts once it can be dialled (E.164); one kept only as written cannot back a tel: link.
  phone: (b) => b.phoneE164 != null,
  photo: (b) => b.photo != null,
  hours: (b) => b.workingHours != null,
};

/** One bit per rate field the business has a value for (cheap to send back from a prepare worker). */
export function resolvedFieldMask(business: BusinessInput): number {
  let mask = 0;
  RATE_FIELDS.forEach((field, bit) => {
    if (HAS_VALUE[field](business)) mask |= 1 << bit;
  });
  return mask;
}

export interface FieldRate {
  field: RateField;
  /** Kept rows with a value. */
  count: number;
  /** Percent of the kept rows, 1 decimal. */
  rate: number;
  /** Warning code → rows: what decided or changed the value (e.g. COUNTRY_FROM_COORDINATES, OUT_OF_RANGE). */
  evidence: Record<string, number>;
}

export interface FieldRates {
  /** Rows kept (neither rejected nor repeats in the file): the base of every rate. */
  rows: number;
  fields: FieldRate[];
}

export interface FieldRateTally {
  rows: number;
  counts: number[];
  evidence: Map<RateField, Map<string, number>>;
}

export function createFieldRateTally(): FieldRateTally {
  return { rows: 0, counts: RATE_FIELDS.map(() => 0), evidence: new Map() };
}

/** One kept row: its resolved fields and the warnings normalisation gave it. */
export function countResolvedFields(tally: FieldRateTally, mask: number, warnings: readonly FieldIssue[]): void {
  tally.rows++;
  for (let bit = 0; bit < RATE_FIELDS.length; bit++) if (mask & (1 << bit)) tally.counts[bit]! += 1;
  for (const warning of warnings) {
    const field = warning.field ? RATE_FIELD_OF_SOURCE[warning.field] : undefined;
    if (!field) continue;
    let codes = tally.evidence.get(field);
    if (!codes) tally.evidence.set(field, (codes = new Map()));
    codes.set(warning.code, (codes.get(warning.code) ?? 0) + 1);
  }
}

export function summarizeFieldRates(tally: FieldRateTally): FieldRates {
  return {
    rows: tally.rows,
    fields: RATE_FIELDS.map((field, bit) => {
      const count = tally.counts[bit] ?? 0;
      return {
        field,
        count,
        rate: tally.rows === 0 ? 0 : Math.round((count / tally.rows) * 1000) / 10,
        evidence: Object.fromEntries([...(tally.evidence.get(field) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1])),
      };
    }),
  };
}

/** The rates as aligned lines for a terminal: "country       99.9 %    796  (COUNTRY_FROM_COORDINATES 6)". */
export function formatFieldRates(rates: FieldRates): string[] {
  if (rates.rows === 0) return [];
  const width = Math.max(...RATE_FIELDS.map((field) => RATE_LABELS[field].length));
  return [
    `field resolution (of ${rates.rows.toLocaleString("en-US")} rows kept):`,
    ...rates.fields.map((entry) => {
      const evidence = Object.entries(entry.evidence)
        .map(([code, rows]) => `${code} ${rows.toLocaleString("en-US")}`)
        .join(", ");
      const rate = `${entry.rate.toFixed(1)} %`.padStart(7);
      return `  ${RATE_LABELS[entry.field].padEnd(width)} ${rate} ${entry.count.toLocaleString("en-US").padStart(9)}${evidence ? `  (${evidence})` : ""}`;
    }),
  ];
}
