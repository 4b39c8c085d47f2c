// Stored businesses in id order, with the fields place resolution reads, and where an interrupted place repair stopped.
import { asc, count, eq, gt } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { businesses, jobCheckpoints } from "../schema/index.ts";

export const REPAIR_PLACES_JOB = "repair-places";

/** What a stored row says about where it is: the evidence place resolution works from, and the values it may change. */
export interface StoredPlaceRow {
  id: number;
  name: string;
  category: string | null;
  type: string | null;
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  citySlug: string | null;
  district: string | null;
  cityGeonameId: number | null;
  postalCode: string | null;
  state: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  phoneE164: string | null;
  latitude: number | null;
  longitude: number | null;
  url: string | null;
  reviewsLink: string | null;
  placeId: string | null;
  timeZone: string | null;
  isApproved: boolean;
}

const STORED_PLACE_COLUMNS = {
  id: businesses.id,
  name: businesses.name,
  category: businesses.category,
  type: businesses.type,
  fullAddress: businesses.fullAddress,
  street: businesses.street,
  city: businesses.city,
  citySlug: businesses.citySlug,
  district: businesses.district,
  cityGeonameId: businesses.cityGeonameId,
  postalCode: businesses.postalCode,
  state: businesses.state,
  country: businesses.country,
  countryCode: businesses.countryCode,
  phone: businesses.phone,
  phoneE164: businesses.phoneE164,
  latitude: businesses.latitude,
  longitude: businesses.longitude,
  url: businesses.url,
  reviewsLink: businesses.reviewsLink,
  placeId: businesses.placeId,
  timeZone: businesses.timeZone,
  isApproved: businesses.isApproved,
};

/** The next `limit` businesses after `afterId`, in id order (a keyset read: the same cost at any depth). */
export async function listStoredPlacesAfter(handle: DatabaseHandle, afterId: number, limit: number): Promise<StoredPlaceRow[]> {
  return handle.db.select(STORED_PLACE_COLUMNS).from(businesses).where(gt(businesses.id, afterId)).orderBy(asc(businesses.id)).limit(limit);
}

export async function countStoredPlacesAfter(handle: DatabaseHandle, afterId: number): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(businesses).where(gt(businesses.id, afterId));
  return Number(row?.n ?? 0);
}

export interface PlaceRepairCheckpoint {
  /** Every business with an id up to this one was handled by a committed batch. */
  lastId: number;
  processed: number;
  /** Rows changed so far across the interrupted runs. */
  changed: number;
}

export async function readPlaceRepairCheckpoint(handle: DatabaseHandle): Promise<PlaceRepairCheckpoint | null> {
  const [row] = await handle.db.select().from(jobCheckpoints).where(eq(jobCheckpoints.job, REPAIR_PLACES_JOB));
  if (!row) return null;
  const lastId = Number(row.cursor.lastId);
  const changed = Number(row.cursor.changed ?? 0);
  // NOTE: a cursor we cannot read means "start over", never "skip everything".
  if (!Number.isSafeInteger(lastId) || lastId < 0) return null;
  return { lastId, processed: row.processed, changed: Number.isSafeInteger(changed) && changed >= 0 ? changed : 0 };
}
