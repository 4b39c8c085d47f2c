// Stored businesses → groups of duplicates (same place id, same folded name + address, same folded name within
// 50 m), each with the richest record to keep; --apply merges each group into that record without ever
// overwriting a filled field, keeps every removed slug working as a redirect, then refreshes the aggregates and an
// external search index once.
import type { DatabaseHandle } from "../../../db/client.ts";
import { recordCliAuditEvent } from "../../../db/writes/audit-log.ts";
import {
  findNameAddressCandidates,
  findNearbySameNamePairs,
  findSamePlaceIdSets,
  listBusinessNames,
  rankBusinessesByRichness,
} from "../../../db/queries/duplicates.ts";
import { refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { computeRankScore, type BusinessInput } from "../../../db/writes/businesses.ts";
import { mergeBusinessGroup, type BusinessPatch, type MergeContext, type StoredBusiness } from "../../../db/writes/duplicates.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { getSearchEngine } from "../../../search/index.ts";
import { removeBusinessesFromIndex, syncBusinessesById } from "../../../search/reindex.ts";
import { hashBusiness } from "../normalize/business.ts";
import { foldForIdentity } from "../normalize/text.ts";
import { yieldToEventLoop } from "../event-loop.ts";

export const DUPLICATE_REASONS = ["place_id", "name_address", "name_nearby"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export interface DuplicateGroup {
  /** The strongest rule that joined the group (place_id > name_address > name_nearby). */
  reason: DuplicateReason;
  /** Every member, richest first: `ids[0] === keep`. */
  ids: number[];
  keep: number;
}

export const NEARBY_METERS = 50;

/** Union-find over business ids, remembering the strongest reason that joined each set. */
class DuplicateSets {
  private readonly parent = new Map<number, number>();
  private readonly reason = new Map<number, number>();

  private find(id: number): number {
    let root = id;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root) as number;
    // Path compression keeps chains of name_nearby pairs from degrading to linear lookups.
    let node = id;
    while (node !== root) {
      const next = this.parent.get(node) as number;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }

  join(ids: number[], reason: DuplicateReason): void {
    const rank = DUPLICATE_REASONS.indexOf(reason);
    const [first, ...rest] = ids;
    if (first === undefined) return;
    if (!this.parent.has(first)) this.parent.set(first, first);
    for (const id of rest) {
      if (!this.parent.has(id)) this.parent.set(id, id);
      const a = this.find(first);
      const b = this.find(id);
      const best = Math.min(this.reason.get(a) ?? rank, this.reason.get(b) ?? rank, rank);
      if (a !== b) this.parent.set(b, a);
      this.reason.set(a, best);
    }
    const root = this.find(first);
    this.reason.set(root, Math.min(this.reason.get(root) ?? rank, rank));
  }

  groups(): Array<{ reason: DuplicateReason; ids: number[] }> {
    const members = new Map<number, number[]>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      const list = members.get(root) ?? [];
      list.push(id);
      members.set(root, list);
    }
    return [...members.entries()]
      .filter(([, ids]) => ids.length > 1)
      .map(([root, ids]) => ({ reason: DUPLICATE_REASONS[this.reason.get(root) ?? 2] ?? "name_nearby", ids }));
  }
}

/** Every duplicate group stored now; a merged database yields []. Read-only. */
export async function findDuplicates(handle: DatabaseHandle, options: { meters?: number } = {}): Promise<DuplicateGroup[]> {
  const sets = new DuplicateSets();

  for (const ids of await findSamePlaceIdSets(handle)) sets.join(ids, "place_id");

  // The SQL key is an approximation of the fold; the exact identity fold decides.
  const byExactKey = new Map<string, number[]>();
  for (const row of await findNameAddressCandidates(handle)) {
    const name = foldForIdentity(row.name);
    const address = foldForIdentity(row.fullAddress);
    if (!name || !address) continue;
    const key = `${row.isTest}|${row.candidateKey}|${name}|${address}`;
    const list = byExactKey.get(key) ?? [];
    list.push(Number(row.id));
    byExactKey.set(key, list);
  }
  for (const ids of byExactKey.values()) if (ids.length > 1) sets.join(ids, "name_address");

  const pairs = await findNearbySameNamePairs(handle, options.meters ?? NEARBY_METERS);
  const names = await listBusinessNames(handle, [...new Set(pairs.flat())]);
  for (const [a, b] of pairs) {
    const nameA = foldForIdentity(names.get(a) ?? "");
    if (nameA && nameA === foldForIdentity(names.get(b) ?? "")) sets.join([a, b], "name_nearby");
  }

  const found = sets.groups();
  const ranked = await rankBusinessesByRichness(
    handle,
    found.flatMap((group) => group.ids),
  );
  const position = new Map(ranked.map((row, index) => [row.id, index]));
  return found
    .map((group) => {
      const ids = group.ids.filter((id) => position.has(id)).sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
      return { reason: group.reason, ids, keep: ids[0] as number };
    })
    .filter((group) => group.ids.length > 1)
    .sort((a, b) => DUPLICATE_REASONS.indexOf(a.reason) - DUPLICATE_REASONS.indexOf(b.reason) || a.keep - b.keep);
}

/** Fields filled together: a slug comes with its name, a longitude with its latitude, reviews with the rating. */
const FILL_GROUPS: ReadonlyArray<ReadonlyArray<keyof StoredBusiness>> = [
  ["category", "categorySlug"],
  ["type"],
  ["fullAddress"],
  ["street"],
  ["city", "citySlug"],
  ["postalCode"],
  ["state"],
  ["country", "countryCode"],
  ["phone", "phoneE164"],
  ["latitude", "longitude"],
  ["rating", "reviews"],
  ["reviewsLink"],
  ["photo"],
  ["logo"],
  ["locatedIn"],
  ["workingHours"],
  ["about"],
  ["description"],
  ["placeId"],
  ["url"],
  ["priceRange"],
  ["reservationLink"],
  ["menuLink"],
  ["orderLink"],
  ["timeZone"],
];

function isEmptyField(field: keyof StoredBusiness, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (field === "reviews") return value === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** NOTE: the importer's identity rule (normalizeBusiness): place id, else name + address, else name + rounded point, else name + city + country + phone. */
function identityKeyOf(record: StoredBusiness): string {
  const name = foldForIdentity(record.name);
  if (record.placeId) return `pid:${record.placeId}`;
  if (record.fullAddress) return `na:${name}|${foldForIdentity(record.fullAddress)}`;
  if (record.latitude !== null && record.longitude !== null) return `ng:${name}|${record.latitude.toFixed(3)},${record.longitude.toFixed(3)}`;
  return `nc:${name}|${foldForIdentity(record.city ?? "")}|${record.countryCode ?? ""}|${foldForIdentity(record.phone ?? "")}`;
}

/**
 * The record in the importer's field order, so hashBusiness gives what an import of the same values would.
 * NOTE: jsonb does not keep key order, so hours or amenities read back may hash differently from the source
 * row's; the only effect is that the next import of that row counts as "updated" once.
 */
function toBusinessInput(record: StoredBusiness): BusinessInput {
  return {
    name: record.name,
    slug: record.slug,
    category: record.category,
    categorySlug: record.categorySlug,
    type: record.type,
    fullAddress: record.fullAddress,
    street: record.street,
    city: record.city,
    citySlug: record.citySlug,
    postalCode: record.postalCode,
    state: record.state,
    country: record.country,
    countryCode: record.countryCode,
    phone: record.phone,
    phoneE164: record.phoneE164,
    latitude: record.latitude,
    longitude: record.longitude,
    rating: record.rating,
    reviews: record.reviews,
    reviewsLink: record.reviewsLink,
    photo: record.photo,
    logo: record.logo,
    locatedIn: record.locatedIn,
    workingHours: record.workingHours,
    verified: record.verified,
    about: record.about,
    description: record.description,
    placeId: record.placeId,
    url: record.url,
    priceRange: record.priceRange,
    reservationLink: record.reservationLink,
    menuLink: record.menuLink,
    orderLink: record.orderLink,
    status: record.status,
    timeZone: record.timeZone,
    source: record.source,
    isTest: record.isTest,
    identityKey: record.identityKey,
    contentHash: "",
    rankScore: record.rankScore,
  };
}

/**
 * The kept row's new values: each empty field group filled from the richest other that has it (a filled value is
 * never overwritten), verified if any copy is, then identity key, rank score and content hash recomputed by the
 * importer's rules so the next import of any of the merged rows finds this one.
 */
export async function planMerge(kept: StoredBusiness, others: StoredBusiness[], context: MergeContext): Promise<BusinessPatch> {
  const merged: StoredBusiness = { ...kept };
  // Only the filled groups go into the patch: untouched columns are not rewritten.
  const patch: Record<string, unknown> = {};
  for (const fields of FILL_GROUPS) {
    if (!fields.every((field) => isEmptyField(field, merged[field]))) continue;
    const donor = others.find((other) => fields.some((field) => !isEmptyField(field, other[field])));
    if (!donor) continue;
    for (const field of fields) {
      (merged as Record<string, unknown>)[field] = donor[field];
      patch[field] = donor[field];
    }
  }
  if (!merged.verified && others.some((other) => other.verified)) {
    merged.verified = true;
    patch.verified = true;
  }

  const identityKey = identityKeyOf(merged);
  if (identityKey !== kept.identityKey && !(await context.isIdentityTaken(identityKey))) merged.identityKey = identityKey;
  merged.rankScore = computeRankScore(merged);
  const contentHash = hashBusiness(toBusinessInput(merged));
  return { ...(patch as BusinessPatch), identityKey: merged.identityKey, rankScore: merged.rankScore, contentHash };
}

export interface MergeProgress {
  done: number;
  total: number;
  removed: number;
}

export interface MergeResult {
  /** Groups merged. */
  merged: number;
  /** Businesses deleted into a kept one. */
  removed: number;
  /** Groups left alone because their rows changed since they were found. */
  skipped: number;
  byReason: Record<DuplicateReason, number>;
}

/**
 * Merges each group in its own transaction (kept row filled, others' slugs redirected, others deleted), then
 * refreshes the aggregates once and records one audit row. An abort stops between groups; what was merged stays.
 */
export async function mergeDuplicates(
  handle: DatabaseHandle,
  groups: DuplicateGroup[],
  options: { onProgress?: (progress: MergeProgress) => void; signal?: AbortSignal; searchEngine?: SearchEngine } = {},
): Promise<MergeResult> {
  const result: MergeResult = { merged: 0, removed: 0, skipped: 0, byReason: { place_id: 0, name_address: 0, name_nearby: 0 } };
  if (groups.length === 0) return result;
  const keptIds: number[] = [];
  const removedIds: number[] = [];
  try {
    for (const group of groups) {
      await yieldToEventLoop();
      options.signal?.throwIfAborted();
      const outcome = await mergeBusinessGroup(handle, group, planMerge);
      if (outcome) {
        keptIds.push(outcome.keptId);
        removedIds.push(...outcome.removedIds);
        result.merged++;
        result.removed += outcome.removedIds.length;
        result.byReason[group.reason]++;
      } else {
        result.skipped++;
      }
      options.onProgress?.({ done: result.merged + result.skipped, total: groups.length, removed: result.removed });
    }
  } finally {
    if (result.removed > 0) {
      await refreshAfterBulkChange(handle, result.removed);
      const engine = options.searchEngine ?? getSearchEngine();
      await syncBusinessesById(keptIds, engine);
      await removeBusinessesFromIndex(removedIds, engine);
    }
    await recordCliAuditEvent(handle, {
      action: "dedupe.merge",
      target: "businesses",
      rowCount: result.removed,
      details: { groups: groups.length, merged: result.merged, skipped: result.skipped, byReason: result.byReason },
    });
  }
  return result;
}
