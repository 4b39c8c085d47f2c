// Stored businesses, in id-ordered batches → their place (country, city and district, coordinates, time zone, E.164
// phone) re-resolved with today's import rules, changed rows rewritten with a checkpoint per batch, moved city pages
// redirected; then counts, the search index and the business slugs (which carry the city) follow. `dryRun` counts
// what would change and writes nothing.
import type { DatabaseHandle } from "../../../db/client.ts";
import { countStoredPlacesAfter, listStoredPlacesAfter, readPlaceRepairCheckpoint, type StoredPlaceRow } from "../../../db/queries/place-repair.ts";
import { refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import {
  applyPlaceRepairBatch,
  clearPlaceRepairCheckpoint,
  type CitySlugMove,
  type PlaceChange,
  type PlaceFields,
} from "../../../db/writes/place-repair.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { getSearchEngine } from "../../../search/index.ts";
import { needsIndexSync, syncBusinessesById } from "../../../search/reindex.ts";
import { yieldToEventLoop } from "../event-loop.ts";
import { normalizeBusiness, type RawBusiness } from "../normalize/business.ts";
import { fixSlugs } from "./fix-slugs.ts";

export const DEFAULT_REPAIR_BATCH_SIZE = 1000;
const SAMPLE_SIZE = 10;

/** The place fields a repair compares, grouped as an operator reads them. */
export const PLACE_ASPECTS = ["country", "city", "coordinates", "timeZone", "phone"] as const;
export type PlaceAspect = (typeof PLACE_ASPECTS)[number];

const ASPECT_FIELDS: Record<PlaceAspect, Array<keyof PlaceFields>> = {
  country: ["countryCode", "country"],
  city: ["city", "citySlug", "district", "cityGeonameId"],
  coordinates: ["latitude", "longitude"],
  timeZone: ["timeZone"],
  phone: ["phoneE164"],
};

export interface RepairPlacesProgress {
  processed: number;
  changed: number;
  total: number;
}

export interface RepairPlacesOptions {
  dryRun?: boolean;
  batchSize?: number;
  /** Continue after the checkpoint of an interrupted run (default); false starts from the first business. */
  resume?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: RepairPlacesProgress) => void;
  searchEngine?: SearchEngine;
}

export interface PlaceRepairSample {
  id: number;
  name: string;
  before: Partial<PlaceFields>;
  after: Partial<PlaceFields>;
}

export interface RepairPlacesResult {
  dryRun: boolean;
  /** Businesses examined, including those of the interrupted runs this one resumed. */
  processed: number;
  /** Businesses whose place changed (or would change, in a dry run). */
  changed: number;
  /** Per aspect, how many businesses it changed for. */
  byAspect: Record<PlaceAspect, number>;
  /** Before → after of the first changes (this run's). */
  sample: PlaceRepairSample[];
  /** Business slugs moved to follow a changed city (old ones redirect). */
  slugsChanged: number;
  resumedAfterId: number | null;
  message: string;
}

/** A stored row in the shape an import row has: the same rules then decide its place. */
function toRawBusiness(row: StoredPlaceRow): RawBusiness {
  return {
    name: row.name,
    category: row.category,
    type: row.type,
    full_address: row.fullAddress,
    street: row.street,
    city: row.city,
    postal_code: row.postalCode,
    state: row.state,
    country: row.country,
    country_code: row.countryCode,
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    url: row.url,
    reviews_link: row.reviewsLink,
    place_id: row.placeId,
    time_zone: row.timeZone,
  };
}

/** The place today's rules give a stored row, or null when the row no longer normalizes (left as it is). */
export function resolveStoredPlace(row: StoredPlaceRow): PlaceFields | null {
  const result = normalizeBusiness(toRawBusiness(row));
  if (!result.ok) return null;
  const b = result.business;
  return {
    countryCode: b.countryCode ?? null,
    country: b.country ?? null,
    city: b.city ?? null,
    citySlug: b.citySlug ?? null,
    district: b.district ?? null,
    cityGeonameId: b.cityGeonameId ?? null,
    latitude: b.latitude ?? null,
    longitude: b.longitude ?? null,
    timeZone: b.timeZone ?? null,
    phoneE164: b.phoneE164 ?? null,
  };
}

function storedFields(row: StoredPlaceRow): PlaceFields {
  return {
    countryCode: row.countryCode,
    country: row.country,
    city: row.city,
    citySlug: row.citySlug,
    district: row.district,
    cityGeonameId: row.cityGeonameId,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    phoneE164: row.phoneE164,
  };
}

function changedAspects(before: PlaceFields, after: PlaceFields): PlaceAspect[] {
  return PLACE_ASPECTS.filter((aspect) => ASPECT_FIELDS[aspect].some((field) => before[field] !== after[field]));
}

function pick(fields: PlaceFields, aspects: PlaceAspect[]): Partial<PlaceFields> {
  const picked: Partial<PlaceFields> = {};
  for (const aspect of aspects) for (const field of ASPECT_FIELDS[aspect]) (picked as Record<string, unknown>)[field] = fields[field];
  return picked;
}

export async function repairPlaces(handle: DatabaseHandle, options: RepairPlacesOptions = {}): Promise<RepairPlacesResult> {
  const batchSize = options.batchSize ?? DEFAULT_REPAIR_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a whole number ≥ 1, got ${batchSize}`);
  const dryRun = options.dryRun ?? false;
  if (!dryRun && options.resume === false) await clearPlaceRepairCheckpoint(handle);
  // NOTE: a dry run reads from the first business and never touches the checkpoint of a real run.
  const checkpoint = dryRun ? null : await readPlaceRepairCheckpoint(handle);
  let lastId = checkpoint?.lastId ?? 0;
  let processed = checkpoint?.processed ?? 0;
  let changed = checkpoint?.changed ?? 0;
  const total = processed + (await countStoredPlacesAfter(handle, lastId));
  const byAspect = Object.fromEntries(PLACE_ASPECTS.map((aspect) => [aspect, 0])) as Record<PlaceAspect, number>;
  const sample: PlaceRepairSample[] = [];
  const engine = options.searchEngine ?? getSearchEngine();
  const syncIndex = !dryRun && needsIndexSync(engine);
  let changedThisRun = 0;
  options.onProgress?.({ processed, changed, total });

  for (;;) {
    await yieldToEventLoop();
    options.signal?.throwIfAborted();
    const rows = await listStoredPlacesAfter(handle, lastId, batchSize);
    const last = rows.at(-1);
    if (!last) break;
    const changes: PlaceChange[] = [];
    const cityMoves = new Map<string, CitySlugMove>();
    for (const row of rows) {
      const resolved = resolveStoredPlace(row);
      if (!resolved) continue;
      const before = storedFields(row);
      // NOTE: a stored row's city is already the municipality; its district came from the source's finer name, which
      // the row no longer carries. While the city stays, the stored district stays (a repair run twice changes nothing).
      const after = before.district && resolved.citySlug === before.citySlug ? { ...resolved, district: before.district } : resolved;
      const aspects = changedAspects(before, after);
      if (aspects.length === 0) continue;
      for (const aspect of aspects) byAspect[aspect] += 1;
      if (sample.length < SAMPLE_SIZE) sample.push({ id: row.id, name: row.name, before: pick(before, aspects), after: pick(after, aspects) });
      changes.push({ id: row.id, ...after });
      if (before.citySlug && after.citySlug && before.citySlug !== after.citySlug && before.countryCode && before.countryCode === after.countryCode) {
        cityMoves.set(`${before.countryCode}/${before.citySlug}`, {
          countryCode: before.countryCode,
          oldSlug: before.citySlug,
          newSlug: after.citySlug,
        });
      }
    }
    if (dryRun) {
      processed += rows.length;
      changed += changes.length;
    } else {
      const committed = await applyPlaceRepairBatch(handle, { changes, cityMoves: [...cityMoves.values()], lastId: last.id, rowsRead: rows.length });
      processed = committed.processed;
      changed = committed.changed;
      if (syncIndex && changes.length > 0)
        await syncBusinessesById(
          changes.map((change) => change.id),
          engine,
        );
    }
    changedThisRun += changes.length;
    lastId = last.id;
    options.onProgress?.({ processed, changed, total: Math.max(total, processed) });
    if (rows.length < batchSize) break;
  }

  let slugsChanged = 0;
  if (!dryRun) {
    await clearPlaceRepairCheckpoint(handle);
    if (changed > 0) {
      await refreshAfterBulkChange(handle, changed);
      // Business slugs are `name-city`: a business whose city changed moves to its new slug, the old one redirects.
      slugsChanged = (await fixSlugs(handle, { signal: options.signal, searchEngine: engine })).successCount;
    }
  }
  const resumed = checkpoint ? ` (resumed after business #${checkpoint.lastId})` : "";
  const detail = PLACE_ASPECTS.filter((aspect) => byAspect[aspect] > 0)
    .map((aspect) => `${aspect} ${byAspect[aspect]}`)
    .join(", ");
  const message = dryRun
    ? changed === 0
      ? `All ${processed} businesses are already placed by today's rules; nothing would change.`
      : `${changed} of ${processed} businesses would change (${detail}); run without --dry-run to repair them.`
    : changed === 0
      ? `All ${processed} businesses were already placed by today's rules${resumed}.`
      : `Repaired the place of ${changed} of ${processed} businesses${changedThisRun > 0 ? ` (${detail})` : ""}${resumed}; ${slugsChanged} slugs moved, the old ones redirect.`;
  return { dryRun, processed, changed, byAspect, sample, slugsChanged, resumedAfterId: checkpoint?.lastId ?? null, message };
}
