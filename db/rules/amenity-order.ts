// Amenity group names ("Service options", "Crowd") → the order a visitor reads them in: what helps decide a visit
// (accessibility, payments, service options, parking) first, who else goes there ("Crowd": "Tourists") last.
// NOTE: a jsonb object keeps its keys sorted by length, not as the source wrote them, so "Crowd" came first
// on the page; the order has to be imposed where the groups are read.

/** Known groups, most useful first (Outscraper and gosom spellings, compared case-insensitively). */
export const AMENITY_GROUP_ORDER = [
  "accessibility",
  "payments",
  "service options",
  "parking",
  "offerings",
  "dining options",
  "amenities",
  "highlights",
  "health & safety",
  "children",
  "pets",
  "planning",
  "popular for",
  "atmosphere",
  "from the business",
] as const;

/** Descriptors of the clientele, not of the place: after every other group, unknown ones included. */
export const CROWD_GROUPS = ["crowd"] as const;

function normalizeGroup(group: string): string {
  return group.trim().toLowerCase().replace(/\s+/g, " ");
}

/** 0 for the most useful group; unknown groups after the known ones, crowd groups last. */
export function rankAmenityGroup(group: string): number {
  const name = normalizeGroup(group);
  if ((CROWD_GROUPS as readonly string[]).includes(name)) return AMENITY_GROUP_ORDER.length + 1;
  const index = (AMENITY_GROUP_ORDER as readonly string[]).indexOf(name);
  return index === -1 ? AMENITY_GROUP_ORDER.length : index;
}

/** The [group, value] entries in reading order; equal ranks keep their given order (a stable sort). */
export function orderAmenityGroups<T>(entries: Array<[string, T]>): Array<[string, T]> {
  return entries
    .map((entry, index) => ({ entry, index, rank: rankAmenityGroup(entry[0]) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
}
