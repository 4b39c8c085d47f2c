// Stored businesses → groups of duplicates (same place id, same folded name + address, same folded name within
// 50 m), each with the richest record to keep; a group whose rows hold different place ids is only listed for review.
// --apply merges each other group into that record without ever overwriting a filled field (conflicting values are
// recorded with the merge, which can be undone), keeps every removed slug and identity leading to it, then refreshes
// the aggregates and an external search index once.
import type { DatabaseHandle } from "../../../db/client.ts";
import { AUDIT_SAMPLE_SIZE, describeCliActor, recordCliAuditEvent, sampleIds } from "../../../db/writes/audit-log.ts";
import {
  findNameAddressCandidates,
  findNearbySameNamePairs,
  findSamePlaceIdSets,
  listBusinessNames,
  listBusinessPlaceIds,
  rankBusinessesByRichness,
} from "../../../db/queries/duplicates.ts";
import { refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { computeRankScore, type BusinessInput } from "../../../db/writes/businesses.ts";
import {
  foldPlaceId,
  mergeBusinessGroup,
  sameValue,
  undoBusinessMerge,
  type BusinessPatch,
  type MergeContext,
  type MergedPair,
  type MergePlan,
  type StoredBusiness,
  type UndoneMerge,
} from "../../../db/writes/duplicates.ts";
import type { MergeConflicts } from "../../../db/schema/index.ts";
import { DirectoryError } from "../../../db/rules/directory-error.ts";
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
  /** Its rows hold two or more different place ids: never merged automatically, listed for an operator to decide. */
  review: boolean;
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
  const placeIds = await listBusinessPlaceIds(handle, [...position.keys()]);
  return found
    .map((group) => {
      const ids = group.ids.filter((id) => position.has(id)).sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
      const distinct = new Set(ids.map((id) => foldPlaceId(placeIds.get(id) ?? null)).filter((id) => id !== null));
      return { reason: group.reason, ids, keep: ids[0] as number, review: distinct.size > 1 };
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
  ["specialHours"],
  ["about"],
  ["description"],
  ["placeId"],
  ["url"],
  ["priceRange"],
  ["reservationLink"],
  ["menuLink"],
  ["orderLink"],
  ["photos"],
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
    specialHours: record.specialHours,
    verified: record.verified,
    about: record.about,
    description: record.description,
    placeId: record.placeId,
    url: record.url,
    priceRange: record.priceRange,
    reservationLink: record.reservationLink,
    menuLink: record.menuLink,
    orderLink: record.orderLink,
    photos: record.photos,
    status: record.status,
    timeZone: record.timeZone,
    source: record.source,
    isTest: record.isTest,
    identityKey: record.identityKey,
    contentHash: "",
    rankScore: record.rankScore,
  };
}

/** Fields compared for conflicts: everything a visitor sees that one row can hold and the other contradict. */
const CONFLICT_FIELDS: ReadonlyArray<keyof StoredBusiness> = [
  "name",
  ...FILL_GROUPS.flat().filter((field) => field !== "categorySlug" && field !== "citySlug" && field !== "countryCode"),
  "status",
];

/** Where both rows hold a different non-empty value: the kept row keeps its own, the merge record keeps the other. */
export function findConflicts(kept: StoredBusiness, other: StoredBusiness): MergeConflicts {
  const conflicts: MergeConflicts = {};
  for (const field of CONFLICT_FIELDS) {
    const mine = kept[field];
    const theirs = other[field];
    if (isEmptyField(field, mine) || isEmptyField(field, theirs) || sameValue(mine, theirs)) continue;
    conflicts[field] = { survivor: mine, merged: theirs };
  }
  return conflicts;
}

/** The stored row's content hash and rank score by the importer's rules. */
export function rehashBusiness(record: StoredBusiness): Pick<StoredBusiness, "contentHash" | "rankScore"> {
  return { contentHash: hashBusiness(toBusinessInput(record)), rankScore: computeRankScore(record) };
}

/**
 * The kept row's new values (rule: the kept row keeps every filled value; each empty field group is filled from the
 * other row when it has it), verified if either copy is, then identity key, rank score and content hash recomputed by
 * the importer's rules; values both rows hold differently are returned as conflicts, to be recorded.
 */
export async function planMerge(kept: StoredBusiness, other: StoredBusiness, context: MergeContext): Promise<MergePlan> {
  const merged: StoredBusiness = { ...kept };
  // Only the filled groups go into the patch: untouched columns are not rewritten.
  const patch: Record<string, unknown> = {};
  for (const fields of FILL_GROUPS) {
    if (!fields.every((field) => isEmptyField(field, merged[field]))) continue;
    if (!fields.some((field) => !isEmptyField(field, other[field]))) continue;
    for (const field of fields) {
      (merged as Record<string, unknown>)[field] = other[field];
      patch[field] = other[field];
    }
  }
  if (!merged.verified && other.verified) {
    merged.verified = true;
    patch.verified = true;
  }

  const identityKey = identityKeyOf(merged);
  if (identityKey !== kept.identityKey && !(await context.isIdentityTaken(identityKey))) merged.identityKey = identityKey;
  const { contentHash, rankScore } = rehashBusiness(merged);
  return {
    patch: { ...(patch as BusinessPatch), identityKey: merged.identityKey, rankScore, contentHash },
    conflicts: findConflicts(kept, other),
  };
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
  /** Groups only listed: their rows hold different place ids. */
  review: number;
  byReason: Record<DuplicateReason, number>;
  /** The first merges (id, kept, merged); `directory dedupe --undo <mergeId>` reverts one. */
  merges: Array<MergedPair & { survivorId: number }>;
}

/** Counts, sitemaps' source and the search index after rows were merged away or restored; a search failure is logged. */
async function refreshAfterMerges(handle: DatabaseHandle, changedIds: number[], removedIds: number[], engine: SearchEngine): Promise<void> {
  await refreshAfterBulkChange(handle, Math.max(removedIds.length, 1));
  await syncBusinessesById(changedIds, engine);
  if (removedIds.length > 0) await removeBusinessesFromIndex(removedIds, engine);
}

/**
 * Merges each group that is not up for review in its own transaction (kept row filled, the others recorded, aliased,
 * redirected and deleted), then refreshes the aggregates once and records one audit row naming the merges. An abort
 * stops between groups; what was merged stays.
 */
export async function mergeDuplicates(
  handle: DatabaseHandle,
  groups: DuplicateGroup[],
  options: { onProgress?: (progress: MergeProgress) => void; signal?: AbortSignal; searchEngine?: SearchEngine } = {},
): Promise<MergeResult> {
  const result: MergeResult = {
    merged: 0,
    removed: 0,
    skipped: 0,
    review: groups.filter((group) => group.review).length,
    byReason: { place_id: 0, name_address: 0, name_nearby: 0 },
    merges: [],
  };
  const mergeable = groups.filter((group) => !group.review);
  if (mergeable.length === 0) return result;
  const keptIds: number[] = [];
  const removedIds: number[] = [];
  const allMerges: Array<MergedPair & { survivorId: number }> = [];
  try {
    for (const group of mergeable) {
      await yieldToEventLoop();
      options.signal?.throwIfAborted();
      const outcome = await mergeBusinessGroup(handle, group, planMerge, { reason: group.reason, actor: describeCliActor() });
      if (outcome) {
        keptIds.push(outcome.keptId);
        removedIds.push(...outcome.removedIds);
        allMerges.push(...outcome.merges.map((merge) => ({ ...merge, survivorId: outcome.keptId })));
        result.merged++;
        result.removed += outcome.removedIds.length;
        result.byReason[group.reason]++;
      } else {
        result.skipped++;
      }
      options.onProgress?.({ done: result.merged + result.skipped, total: mergeable.length, removed: result.removed });
    }
  } finally {
    result.merges = allMerges.slice(0, AUDIT_SAMPLE_SIZE);
    if (result.removed > 0) await refreshAfterMerges(handle, keptIds, removedIds, options.searchEngine ?? getSearchEngine());
    await recordCliAuditEvent(handle, {
      action: "dedupe.merge",
      target: "businesses",
      rowCount: result.removed,
      details: {
        groups: mergeable.length,
        merged: result.merged,
        skipped: result.skipped,
        review: result.review,
        byReason: result.byReason,
        merges: result.merges,
        sampleIds: sampleIds(removedIds),
      },
    });
  }
  return result;
}

export interface ForcedMerge {
  mergeId: number;
  survivorId: number;
  mergedId: number;
  conflicts: string[];
}

/** An operator's explicit merge of `otherId` into `survivorId`, even when their place ids differ; audited. */
export async function forceMerge(
  handle: DatabaseHandle,
  survivorId: number,
  otherId: number,
  options: { searchEngine?: SearchEngine } = {},
): Promise<ForcedMerge> {
  if (survivorId === otherId) throw new DirectoryError("INVALID_MERGE", "Name two different businesses: --merge <keepId> <otherId>.");
  let conflicts: MergeConflicts = {};
  const outcome = await mergeBusinessGroup(
    handle,
    { keep: survivorId, ids: [otherId] },
    async (kept, other, context) => {
      const plan = await planMerge(kept, other, context);
      conflicts = plan.conflicts;
      return plan;
    },
    { reason: "forced", actor: describeCliActor(), allowDifferentPlaceIds: true },
  );
  const merge = outcome?.merges[0];
  if (!outcome || !merge) {
    throw new DirectoryError(
      "MERGE_NOT_POSSIBLE",
      `Business #${survivorId} or #${otherId} does not exist (any more); check the ids in \`directory dedupe\`.`,
    );
  }
  await refreshAfterMerges(handle, [survivorId], [otherId], options.searchEngine ?? getSearchEngine());
  const result = { mergeId: merge.mergeId, survivorId, mergedId: otherId, conflicts: Object.keys(conflicts) };
  await recordCliAuditEvent(handle, { action: "dedupe.merge", target: `business:${survivorId}`, rowCount: 1, details: { forced: true, ...result } });
  return result;
}

/** `dedupe --undo <mergeId>`: the merged row back, its aliases gone, the survivor's filled fields reverted; audited. */
export async function undoMerge(handle: DatabaseHandle, mergeId: number, options: { searchEngine?: SearchEngine } = {}): Promise<UndoneMerge> {
  const undone = await undoBusinessMerge(handle, mergeId, rehashBusiness);
  await refreshAfterMerges(handle, [undone.survivorId, undone.restoredId], [], options.searchEngine ?? getSearchEngine());
  await recordCliAuditEvent(handle, { action: "dedupe.undo", target: `business_merge:${mergeId}`, rowCount: 1, details: { ...undone } });
  return undone;
}
