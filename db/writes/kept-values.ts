// A re-imported row whose source cells were rejected + the stored business → the row with the stored values in those
// columns: a rejected or invalid cell never blanks (or resets) a good stored value; a new business keeps the default.
// Likewise a column an admin set (an accepted suggestion, businesses.kept_fields) keeps its stored value on re-import.
import type { BusinessStatus, WeekHours } from "../schema/businesses.ts";
import { computeRankScore, type BusinessInput } from "./businesses.ts";

/** Fields a row may take from the stored business when its own cell was rejected (see normalizeBusiness). */
export const KEEPABLE_FIELDS = ["latitude", "longitude", "district", "rating", "reviews", "workingHours", "status"] as const;
export type KeepStoredField = (typeof KEEPABLE_FIELDS)[number];

/** A staged row's rejected fields and its whole business, so the writer can rebuild it over the stored values. */
export interface KeptCells {
  fields: KeepStoredField[];
  business: BusinessInput;
}

export interface StoredKeptValues {
  identity_key: string;
  latitude: number | null;
  longitude: number | null;
  district: string | null;
  rating: number | null;
  reviews: number;
  working_hours: WeekHours | null;
  status: BusinessStatus;
}

/**
 * The stored values of the keepable columns for the given identities (one indexed look-up per batch that needs it);
 * an identity a merge retired finds its survivor's values through business_aliases.
 */
export const STORED_KEPT_VALUES = `
  select identity_key, latitude, longitude, district, rating, reviews, working_hours, status
    from businesses where identity_key = any($1::text[])
  union all
  select a.identity_key, b.latitude, b.longitude, b.district, b.rating, b.reviews, b.working_hours, b.status
    from business_aliases a join businesses b on b.id = a.business_id
   where a.identity_key = any($1::text[])`;

/** The row's business with its rejected fields taken from the stored business, and its rank score redone over them. */
export function mergeStoredValues(kept: KeptCells, stored: StoredKeptValues): BusinessInput {
  const business: BusinessInput = { ...kept.business };
  for (const field of kept.fields) {
    if (field === "workingHours") business.workingHours = stored.working_hours;
    else if (field === "latitude" || field === "longitude" || field === "rating") business[field] = stored[field];
    else if (field === "reviews") business.reviews = stored.reviews;
    else if (field === "district") business.district = stored.district;
    else business.status = stored.status;
  }
  // NOTE: float8 and int values come back exactly as written, so an unchanged business hashes as it did.
  business.rankScore = computeRankScore(business);
  return business;
}

/**
 * Fields an admin can set by accepting a visitor's suggestion, as stored in businesses.kept_fields, and the columns
 * each covers (a phone keeps its E.164 form with it).
 */
export const ADMIN_KEPT_COLUMNS = {
  name: ["name"],
  full_address: ["full_address"],
  phone: ["phone", "phone_e164"],
  url: ["url"],
  working_hours: ["working_hours"],
  status: ["status"],
} as const satisfies Record<string, readonly string[]>;
export type AdminKeptField = keyof typeof ADMIN_KEPT_COLUMNS;
export const ADMIN_KEPT_FIELDS = Object.keys(ADMIN_KEPT_COLUMNS) as AdminKeptField[];

const KEPT_FIELD_OF_COLUMN = new Map<string, AdminKeptField>(
  ADMIN_KEPT_FIELDS.flatMap((field) => ADMIN_KEPT_COLUMNS[field].map((column): [string, AdminKeptField] => [column, field])),
);

/**
 * The import merge's `set` item for `column` (on conflict … do update): the stored value when an admin kept the
 * column's field, else the incoming one. NOTE: decided inside the merge, so it needs no look-up per batch (the rejected
 * cells above need one); a row differing only in a kept column still rewrites the others and its content hash.
 */
export function keptColumnUpdate(column: string): string {
  const field = KEPT_FIELD_OF_COLUMN.get(column);
  if (!field) return `${column} = excluded.${column}`;
  return `${column} = case when '${field}' = any(businesses.kept_fields) then businesses.${column} else excluded.${column} end`;
}
