// One source item → a prepared item (mapped, validated, normalised, staged as COPY text), the per-row CPU work of an
// import; pure and deterministic, so running it inline or on a worker thread gives the same rows in the same order.
import type { MessagePort } from "node:worker_threads";
import type { BusinessInput } from "../../../db/writes/businesses.ts";
import { encodeStagedTail, hashStagedContent, type StagedRow } from "../../../db/writes/import-batch.ts";
import { listSlugOptions } from "../../../db/rules/slug.ts";
import { mapRecord, type ColumnMapping } from "../map/columns.ts";
import { resolvedFieldMask } from "./field-rates.ts";
import { normalizeBusiness, type FieldIssue } from "../normalize/business.ts";
import type { SourceItem } from "../read/index.ts";
import { encodeRowFacts, findMemoCandidate, hashSourceRecord, type MemoIndex } from "./row-memo.ts";

export interface PrepareContext {
  mapping: ColumnMapping;
  isTest: boolean;
  /** The `source` stored on every business (the file's name). */
  source: string;
  /**
   * Present when rows get memo keys (row-memo.ts): `scope` covers the code, mapping and test flag; a record whose key
   * is in `index` comes back as a "memo" item, not normalised. Without it every row is normalised and keyless.
   */
  memo?: { scope: string; index: MemoIndex | null };
}

export type PreparedItem =
  | { kind: "skipped"; line: number; code: "REPEATED_HEADER" | "BLANK_LINE" }
  /** The reader could not make a record of this line. */
  | { kind: "unreadable"; line: number; code: string; reason: string; raw: Record<string, unknown> | null }
  /** A record the validator rejected: the first issue's field and code, every issue in `reason`. */
  | { kind: "invalid"; line: number; field: string | null; code: string; reason: string; raw: Record<string, unknown> }
  | { kind: "row"; line: number; name: string; placeId: string | null; row: StagedRow; warnings: FieldIssue[]; resolved: number };

/** A record whose memo key may be stored with business `id`: the import reads the facts (prepare-pool.ts). */
export type MemoItem = { kind: "memo"; line: number; key: string; id: number };

/**
 * A chunk of records whose values are all strings (CSV), packed so that neither thread clones or parses per-record
 * objects: the values in one array of strings, and per record its line, its key count and each key's index in
 * `keys`. Cloning an array of strings is exact for any string (lone surrogates and NULs included). Items that are not
 * records travel as they are in `others`.
 * NOTE: the values must stay separate strings, not cuts of one joined text: a cut keeps its whole text alive, and
 * the normaliser's caches (hours, slugs) keep values for the life of the import.
 */
export interface TextChunk {
  keys: string[];
  values: string[];
  /** Per record: line, key count n, then n key indexes; an `others` entry: -1 - its index. */
  layout: Int32Array;
  others: SourceItem[];
}

/** Packs a chunk as a TextChunk; undefined when some record holds a value that is not a string. */
export function packTextChunk(chunk: readonly SourceItem[]): TextChunk | undefined {
  const keyIndex = new Map<string, number>();
  const keys: string[] = [];
  const others: SourceItem[] = [];
  const layout: number[] = [];
  const texts: string[] = [];
  for (const item of chunk) {
    if (item.kind !== "record") {
      layout.push(-1 - others.length);
      others.push(item);
      continue;
    }
    const { line, values } = item.record;
    const countAt = layout.length + 1;
    layout.push(line, 0);
    let count = 0;
    for (const key of Object.keys(values)) {
      const value = values[key];
      if (typeof value !== "string") return undefined;
      // Records of one file share their keys in the same order: the position usually names the key already.
      let index = keys[count] === key ? count : keyIndex.get(key);
      if (index === undefined) {
        index = keys.length;
        keys.push(key);
        keyIndex.set(key, index);
      } else if (index === count && !keyIndex.has(key)) keyIndex.set(key, index);
      layout.push(index);
      texts.push(value);
      count++;
    }
    layout[countAt] = count;
  }
  return { keys, values: texts, layout: new Int32Array(layout), others };
}

/** The items packed by packTextChunk, equal to the originals. */
export function unpackTextChunk(chunk: TextChunk): SourceItem[] {
  const { keys, values: texts, layout, others } = chunk;
  const items: SourceItem[] = [];
  let next = 0;
  for (let i = 0; i < layout.length;) {
    const head = layout[i++] as number;
    if (head < 0) {
      items.push(others[-1 - head] as SourceItem);
      continue;
    }
    const count = layout[i++] as number;
    const values: Record<string, unknown> = {};
    for (let k = 0; k < count; k++) {
      const key = keys[layout[i++] as number] as string;
      const value = texts[next++];
      // NOTE: a header literally named "__proto__" must stay an own property, as the reader made it.
      if (key === "__proto__") Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
      else values[key] = value;
    }
    items.push({ kind: "record", record: { line: head, values } });
  }
  return items;
}

/** Messages between the import and a prepare worker: numbered chunks in, numbered results (or a failure) out. */
export type PrepareRequest = { seq: number; items: SourceItem[] } | { seq: number; packed: TextChunk };
export type PrepareResponse = { seq: number; prepared: Array<PreparedItem | MemoItem> } | { seq: number; failure: string };

function describeIssue(field: string | null, reason: string): string {
  return field ? `${field} — ${reason}` : reason;
}

/** A "memo" item when the record's key is in the memo index, else the prepared item. */
export function prepareItem(item: SourceItem, context: PrepareContext): PreparedItem | MemoItem {
  if (item.kind === "record" && context.memo?.index) {
    const key = hashSourceRecord(context.memo.scope, item.record.values);
    const id = findMemoCandidate(context.memo.index, key);
    if (id !== undefined) return { kind: "memo", line: item.record.line, key, id };
    return prepareFully(item, context, key);
  }
  return prepareFully(item, context);
}

/** The item mapped, validated, normalised and staged; with a memo context its row carries its memo key and facts. */
export function prepareFully(item: SourceItem, context: PrepareContext, knownKey?: string): PreparedItem {
  if (item.kind === "skipped") return item;
  if (item.kind === "error") {
    const { line, code, reason, raw } = item.error;
    return { kind: "unreadable", line, code, reason, raw: raw === undefined ? null : { raw } };
  }
  const { line, values } = item.record;
  const memoKey = context.memo ? (knownKey ?? hashSourceRecord(context.memo.scope, values)) : null;
  const result = normalizeBusiness(mapRecord(values, context.mapping), { isTest: context.isTest, source: context.source, hash: false });
  if (!result.ok) {
    const first = result.issues[0];
    // The first issue's field has its own column; further issues name theirs inside the reason.
    const reason = result.issues.map((issue, i) => (i === 0 ? issue.reason : describeIssue(issue.field, issue.reason))).join("; ");
    return { kind: "invalid", line, field: first?.field ?? null, code: first?.code ?? "INVALID_ROW", reason, raw: values };
  }
  const business = result.business;
  const row = stageBusiness(line, business);
  // Rare: the writer rebuilds this row over the stored business's values (import-batch.ts).
  if (result.keepStored.length > 0) row.kept = { fields: result.keepStored, business };
  const name = business.name;
  const placeId = business.placeId ?? null;
  const resolved = resolvedFieldMask(business);
  // A row rebuilt over stored values depends on more than its cells: it gets no memo.
  if (memoKey !== null && !row.kept) {
    row.memoKey = memoKey;
    row.memoFacts = encodeRowFacts({
      identityKey: row.identityKey,
      contentHash: row.contentHash,
      name,
      placeId,
      resolved,
      warnings: result.warnings,
    });
  }
  return { kind: "row", line, name, placeId, warnings: result.warnings, resolved, row };
}

/** A normalised business as the batch writer stages it: its keys, two slug alternatives, the rest as COPY text. */
export function stageBusiness(line: number, business: BusinessInput): StagedRow {
  // The first three options of the one collision policy; the SQL picks the first free one (import-batch.ts).
  const [, slugAlt, slugAlt2] = listSlugOptions(business.slug, business.identityKey, 2) as [string, string, string];
  const copyTail = encodeStagedTail(business);
  // The normaliser left the hash to us (one encoding per row): kept-value rows are rebuilt from `business` with it.
  business.contentHash ||= hashStagedContent(business.identityKey, copyTail);
  return {
    lineNumber: line,
    identityKey: business.identityKey,
    contentHash: business.contentHash,
    slug: business.slug,
    slugAlt,
    slugAlt2,
    copyTail,
    memoKey: null,
    memoFacts: null,
  };
}

/** The worker side: prepares each chunk it is sent and answers with the chunk's number. */
export function servePrepareRequests(port: MessagePort, context: PrepareContext): void {
  port.on("message", (request: PrepareRequest) => {
    let response: PrepareResponse;
    try {
      const items = "packed" in request ? unpackTextChunk(request.packed) : request.items;
      response = { seq: request.seq, prepared: items.map((item) => prepareItem(item, context)) };
    } catch (error) {
      response = { seq: request.seq, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(response);
  });
}
