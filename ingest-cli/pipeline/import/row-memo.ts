// A source row's raw cells → its memo key, and stored memos → the facts a re-import reuses instead of normalising
// again. Preparing a row is a pure function of its cells, the column mapping, the test flag and the normalising code
// (prepare-rows.ts), so a row whose key matches the one stored with its business gives the same prepared row: its
// identity, content hash, name, place id, resolved fields and warnings come back from the memo, and only a row whose
// business must be rewritten is normalised (on demand, see StagedRow.restage).
import { createHash, hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CanonicalField, FieldIssue } from "../normalize/business.ts";
import { findWorkerEntry } from "../read/worker-entry.ts";

/**
 * The code a prepared row depends on: the normaliser, the column mapping, the staging encoder and the shared rules,
 * and the lock file (phone, time-zone and country libraries). Any change there gives every row a new key, so the
 * next import normalises every row again; there is no version number to forget.
 */
const RULES_SOURCES = [
  "ingest-cli/pipeline/normalize",
  "ingest-cli/pipeline/map",
  "ingest-cli/pipeline/import/prepare-rows.ts",
  "ingest-cli/pipeline/import/field-rates.ts",
  "ingest-cli/pipeline/import/row-memo.ts",
  "db/rules",
  "db/writes/import-batch.ts",
  "db/writes/businesses.ts",
  "package-lock.json",
];

function listSourceFiles(target: string): string[] {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return [target];
  return fs
    .readdirSync(target)
    .filter((name) => !name.includes(".test."))
    .sort()
    .flatMap((name) => listSourceFiles(path.join(target, name)));
}

let fingerprint: string | null | undefined;

/**
 * The SHA-1 of the normalising code as it is on disk; null (no memo: every row is normalised) when the sources are
 * not beside the program.
 */
export function readRulesFingerprint(): string | null {
  if (fingerprint !== undefined) return fingerprint;
  try {
    const anchor = findWorkerEntry(RULES_SOURCES[0] as string, path.dirname(fileURLToPath(import.meta.url)));
    const root = anchor.slice(0, anchor.length - (RULES_SOURCES[0] as string).length);
    const digest = createHash("sha1");
    for (const source of RULES_SOURCES) {
      for (const file of listSourceFiles(path.join(root, source))) {
        digest.update(path.relative(root, file));
        digest.update("\0");
        digest.update(fs.readFileSync(file));
        digest.update("\0");
      }
    }
    fingerprint = digest.digest("base64url");
  } catch {
    fingerprint = null;
  }
  return fingerprint;
}

/** What the memo key covers besides the cells: the code, the file's column mapping and the test flag. */
export function describeMemoScope(rulesFingerprint: string, mapping: unknown, isTest: boolean): string {
  return hash("sha1", `${rulesFingerprint}\u0001${JSON.stringify(mapping)}\u0001${isTest ? 1 : 0}`, "base64url");
}

/** The memo key of one record: its scope and every cell, key and value, in the order the reader gave them. */
export function hashSourceRecord(scope: string, values: Record<string, unknown>): string {
  let text = scope;
  for (const key of Object.keys(values)) {
    const value = values[key];
    text += `\u001e${key}\u001f${typeof value === "string" ? value : JSON.stringify(value ?? null)}`;
  }
  return hash("sha1", text, "base64url");
}

/** What preparing a row gave, as stored beside its business. */
export interface RowFacts {
  identityKey: string;
  contentHash: string;
  name: string;
  placeId: string | null;
  resolved: number;
  warnings: FieldIssue[];
}

export function encodeRowFacts(facts: RowFacts): string {
  return JSON.stringify([
    facts.identityKey,
    facts.contentHash,
    facts.name,
    facts.placeId,
    facts.resolved,
    facts.warnings.map((w) => [w.field, w.code, w.reason]),
  ]);
}

/** The stored facts, or null when they are not what encodeRowFacts writes (then the row is normalised). */
export function decodeRowFacts(text: string | null): RowFacts | null {
  if (!text) return null;
  try {
    const [identityKey, contentHash, name, placeId, resolved, warnings] = JSON.parse(text) as [
      string,
      string,
      string,
      string | null,
      number,
      Array<[string | null, string, string]>,
    ];
    if (
      typeof identityKey !== "string" ||
      typeof contentHash !== "string" ||
      typeof name !== "string" ||
      typeof resolved !== "number" ||
      !Array.isArray(warnings)
    )
      return null;
    return {
      identityKey,
      contentHash,
      name,
      placeId: typeof placeId === "string" ? placeId : null,
      resolved,
      warnings: warnings.map(([field, code, reason]) => ({ field: field as CanonicalField | null, code, reason })),
    };
  } catch {
    return null;
  }
}

/**
 * The stored memo keys, sorted by their first 8 bytes, with their businesses' ids, in shared memory: every prepare
 * worker searches the same copy. A prefix match is only a candidate; the full key is compared when the facts are read.
 */
export interface MemoIndex {
  /** Per entry: the key's first 4 bytes, then the next 4, as unsigned big-endian integers. */
  prefixes: Uint32Array;
  ids: Float64Array;
}

/** A key's characters the index keeps: 11 base64url characters hold its first 8 bytes. */
export const MEMO_PREFIX_CHARS = 11;

/**
 * Collects (id, key) pairs straight into the index's shared arrays, sized for `expected` entries (growing past it),
 * and sorts them in place once at the end: the index of 5M keys costs 80 MB and a 20 MB sort order, where holding every
 * pair as an object first peaked at 860 MB.
 * NOTE: sized up front, from the table's estimate, and never copied: outgrown or staging arrays (150 MB at 5M) stayed
 * in memory until a major collection, well into the import, and set its peak.
 */
export function createMemoIndexBuilder(expected = 0): { add(id: number, key: string): void; finish(): MemoIndex } {
  let capacity = Math.max(1 << 10, Math.ceil(Math.min(expected, 50_000_000) * 1.02));
  let count = 0;
  let prefixes = new Uint32Array(new SharedArrayBuffer(capacity * 8));
  let ids = new Float64Array(new SharedArrayBuffer(capacity * 8));
  const grow = () => {
    capacity *= 2;
    const nextPrefixes = new Uint32Array(new SharedArrayBuffer(capacity * 8));
    nextPrefixes.set(prefixes);
    prefixes = nextPrefixes;
    const nextIds = new Float64Array(new SharedArrayBuffer(capacity * 8));
    nextIds.set(ids);
    ids = nextIds;
  };
  return {
    add(id, key) {
      if (count === capacity) grow();
      const bytes = Buffer.from(key.slice(0, MEMO_PREFIX_CHARS), "base64url");
      prefixes[2 * count] = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
      prefixes[2 * count + 1] = bytes.length >= 8 ? bytes.readUInt32BE(4) : 0;
      ids[count] = id;
      count++;
    },
    finish() {
      const order = new Uint32Array(count);
      for (let i = 0; i < count; i++) order[i] = i;
      order.sort(
        (a, b) => (prefixes[2 * a] as number) - (prefixes[2 * b] as number) || (prefixes[2 * a + 1] as number) - (prefixes[2 * b + 1] as number),
      );
      // Entry i takes entry order[i]'s place, cycle by cycle; a visited entry's order becomes its own position.
      for (let start = 0; start < count; start++) {
        if (order[start] === start) continue;
        const high = prefixes[2 * start] as number;
        const low = prefixes[2 * start + 1] as number;
        const id = ids[start] as number;
        let at = start;
        for (;;) {
          const from = order[at] as number;
          order[at] = at;
          if (from === start) {
            prefixes[2 * at] = high;
            prefixes[2 * at + 1] = low;
            ids[at] = id;
            break;
          }
          prefixes[2 * at] = prefixes[2 * from] as number;
          prefixes[2 * at + 1] = prefixes[2 * from + 1] as number;
          ids[at] = ids[from] as number;
          at = from;
        }
      }
      return { prefixes: prefixes.subarray(0, 2 * count), ids: ids.subarray(0, count) };
    },
  };
}

/** Builds the index from (id, key) pairs. */
export function buildMemoIndex(entries: ReadonlyArray<{ id: number; key: string }>): MemoIndex {
  const builder = createMemoIndexBuilder();
  for (const entry of entries) builder.add(entry.id, entry.key);
  return builder.finish();
}

/** The business id whose stored key starts like `key`, if any. */
export function findMemoCandidate(index: MemoIndex, key: string): number | undefined {
  const bytes = Buffer.from(key.slice(0, MEMO_PREFIX_CHARS), "base64url");
  const high = bytes.readUInt32BE(0);
  const low = bytes.readUInt32BE(4);
  let lo = 0;
  let hi = index.ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const h = index.prefixes[2 * mid] as number;
    const l = index.prefixes[2 * mid + 1] as number;
    if (h === high && l === low) return index.ids[mid];
    if (h < high || (h === high && l < low)) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
