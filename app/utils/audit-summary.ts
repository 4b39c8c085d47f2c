// An audit entry's details → one short line for the audit screen: "field: before → after" for a single edit, the
// merges and a sample of what a bulk one touched, in the words of the admin's language (English by default); the
// full JSON stays in the cell's tooltip.
const MAX_VALUE = 40;
const MAX_ITEMS = 5;

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function listed(items: string[]): string {
  return items.length > MAX_ITEMS ? `${items.slice(0, MAX_ITEMS).join(", ")}, …` : items.join(", ");
}

/** One edited field of an entry, whole (the audit screen lists each on its own line). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

function formatWhole(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An entry's `changes` ({ field: { before, after } }) as a list, values whole. */
export function listAuditChanges(details: Record<string, unknown> | null | undefined): AuditChange[] {
  if (!details || !isRecord(details.changes)) return [];
  return Object.entries(details.changes)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([field, change]) => ({ field, before: formatWhole(change.before), after: formatWhole(change.after) }));
}

/** The words around the values; `{name}` placeholders are filled with the listed values. */
export interface AuditSummaryWords {
  changed: string;
  merges: string;
  merge: string;
  mergeUndone: string;
  forReview: string;
  ids: string;
  inserted: string;
  updated: string;
}

export const ENGLISH_AUDIT_WORDS: AuditSummaryWords = {
  changed: "changed: {fields}",
  merges: "merges {merges}",
  merge: "merge #{mergeId}: #{mergedId} → #{survivorId}",
  mergeUndone: "merge #{mergeId} undone: #{restoredId} restored",
  forReview: "{count} for review",
  ids: "ids {ids}",
  inserted: "new {ids}",
  updated: "updated {ids}",
};

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** `withoutChanges`: leave the edited fields out (shown on their own lines by the caller). */
export function summarizeAuditDetails(
  details: Record<string, unknown> | null | undefined,
  options: { withoutChanges?: boolean; words?: AuditSummaryWords } = {},
): string {
  if (!details) return "";
  const words = options.words ?? ENGLISH_AUDIT_WORDS;
  const parts: string[] = [];
  if (isRecord(details.changes) && !options.withoutChanges) {
    const changes = Object.entries(details.changes).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]));
    parts.push(listed(changes.map(([field, change]) => `${field}: ${formatValue(change.before)} → ${formatValue(change.after)}`)));
  }
  // Fields named as changed without their values (site code, ad slots: too long to keep twice), beyond those listed whole.
  if (Array.isArray(details.changed)) {
    const listedWhole = isRecord(details.changes) ? new Set(Object.keys(details.changes)) : new Set<string>();
    const named = details.changed.filter((field): field is string => typeof field === "string" && !listedWhole.has(field));
    if (named.length > 0) parts.push(fill(words.changed, { fields: listed(named) }));
  }
  if (Array.isArray(details.merges) && details.merges.length > 0) {
    const merges = details.merges
      .filter(isRecord)
      .map((merge) => `#${String(merge.mergeId)}: #${String(merge.mergedId)} → #${String(merge.survivorId)}`);
    parts.push(fill(words.merges, { merges: listed(merges) }));
  }
  if (typeof details.mergeId === "number" && typeof details.survivorId === "number" && typeof details.mergedId === "number") {
    parts.push(fill(words.merge, { mergeId: details.mergeId, mergedId: details.mergedId, survivorId: details.survivorId }));
  }
  if (typeof details.mergeId === "number" && typeof details.restoredId === "number") {
    parts.push(fill(words.mergeUndone, { mergeId: details.mergeId, restoredId: details.restoredId }));
  }
  if (typeof details.review === "number" && details.review > 0) parts.push(fill(words.forReview, { count: details.review }));
  if (Array.isArray(details.sampleIds) && details.sampleIds.length > 0) parts.push(fill(words.ids, { ids: idList(details.sampleIds) }));
  const sample = summarizeSample(details.sample, words);
  if (sample) parts.push(sample);
  return parts.join(" · ");
}

const idList = (ids: unknown[]) => listed(ids.map((id) => `#${String(id)}`));

/**
 * A bulk entry's `sample` (at most 20 of what it touched): slugs before → after (fix-slugs), businesses deleted
 * (id and name), the ids an import inserted and rewrote, or bare ids (delete by filter).
 */
function summarizeSample(sample: unknown, words: AuditSummaryWords): string {
  if (isRecord(sample)) {
    const inserted = Array.isArray(sample.insertedIds) ? sample.insertedIds : [];
    const updated = Array.isArray(sample.updatedIds) ? sample.updatedIds : [];
    return [
      inserted.length > 0 ? fill(words.inserted, { ids: idList(inserted) }) : "",
      updated.length > 0 ? fill(words.updated, { ids: idList(updated) }) : "",
    ]
      .filter(Boolean)
      .join(" · ");
  }
  if (!Array.isArray(sample) || sample.length === 0) return "";
  const items = sample.map((item) => {
    if (!isRecord(item)) return `#${String(item)}`;
    if ("before" in item) return `#${String(item.id)} ${formatValue(item.before)} → ${formatValue(item.after)}`;
    return `#${String(item.id)} ${formatValue(item.name ?? item.slug)}`;
  });
  return listed(items);
}
