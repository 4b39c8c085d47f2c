// One batch of normalised rows → COPY into a staging table (emptied at every commit), then one merge into businesses.
// The batch, its row issues and the run's progress commit together (or not at all): a killed import leaves
// only whole batches, and `committed_through_row` says where a resumed run continues.
import { hash } from "node:crypto";
import type { Writable } from "node:stream";
import type { PgliteClient } from "../pglite-remote.ts";
import type postgres from "postgres";
import type { DatabaseHandle } from "../client.ts";
import type { AggregateFacts } from "./aggregates.ts";
import type { BusinessInput } from "./businesses.ts";
import { CITY_REDIRECT_UPSERT } from "./city-redirects.ts";
import { findTakeover } from "./import-runs.ts";
import { keptColumnUpdate, mergeStoredValues, STORED_KEPT_VALUES, type KeptCells, type StoredKeptValues } from "./kept-values.ts";

/** Serialises batch writes of concurrent imports: batches never interleave, and each is identity-keyed. */
export const IMPORT_WRITE_LOCK = 728_190_432;

/**
 * One normalised row as the batch writer needs it: the keys it decides on in the clear, every other column already
 * in COPY text (see `encodeStagedTail`), so the encoding can run on a worker thread next to the normaliser.
 */
export interface StagedRow {
  lineNumber: number;
  identityKey: string;
  contentHash: string;
  /**
   * `slugAlt`/`slugAlt2` are unique alternatives when `slug` is taken by another business. NOTE: rows of one batch
   * must already have distinct slugs (see `settleBatchSlugs`); an unindexed self-join in SQL would cost more than
   * the merge.
   */
  slug: string;
  slugAlt: string;
  slugAlt2: string;
  /** The COPY text of the columns after slug_alt2, tab-joined. */
  copyTail: string;
  /** Rejected source cells: a stored business keeps its values there (the row is rebuilt before it is compared). */
  kept?: KeptCells;
  /** The import's memo of the source row (import_row_hash / import_row_facts), stored when the row is written. */
  memoKey: string | null;
  memoFacts: string | null;
  /**
   * Set on a row taken from a memo (no slugs, no COPY text): the fully staged row, for the rare case where it must be
   * written after all (its business changed since the memo was read).
   */
  restage?: () => StagedRow;
}

export interface RowIssueInput {
  lineNumber: number;
  severity: "rejected" | "skipped" | "warning";
  code: string;
  field: string | null;
  reason: string;
  raw: Record<string, unknown> | null;
}

export interface BatchOptions {
  onDuplicate: "update" | "skip";
  runId: number | null;
  /** Highest source line covered once this batch commits. */
  committedThroughRow: number;
  issues: RowIssueInput[];
  /** Roll the transaction back at the end: exact would-be counts, nothing written. */
  dryRun: boolean;
  /** Run counters to add in the same transaction. */
  counters: { totalRows: number; skipped: number; rejected: number };
  /** The content hash of a business (the normaliser's), for rows rebuilt over stored values; without it they keep theirs. */
  hashBusiness?: (business: BusinessInput) => string;
  /**
   * Read the stored facts of the rows it rewrites and return those of every row it writes (`aggregateFacts`), for a
   * small import's refresh of its keys. False once the import is known to refresh every count in full: the merge
   * returns no fact columns, and the outcome's facts are empty and unknown.
   */
  trackAggregateFacts: boolean;
  /** Tests' fault point: awaited inside the transaction, every statement done, before COMMIT (unset in production). */
  beforeCommit?: () => Promise<void>;
}

export interface BatchOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows whose identity already existed (onDuplicate "skip" leaves them untouched). */
  databaseDuplicates: number;
  skippedExisting: number;
  /** Lines left untouched because their identity existed (onDuplicate "skip"). */
  skippedLines: number[];
  newPlaceIds: number;
  /** Ids of the businesses this batch inserted or rewrote (what a search index must pick up). */
  writtenIds: number[];
  /** The ids among writtenIds that this batch inserted (the rest it rewrote): an audit entry's sample. */
  insertedIds: number[];
  /** Lines whose identity an operator deleted (a tombstone): not written, counted "suppressed". */
  suppressedLines: number[];
  /**
   * What the count tables see of the rows written (`after`, one per written id) and of the stored rows they rewrote,
   * as they were before (`before`): a small import refreshes only their keys (db/writes/aggregates.ts).
   */
  aggregateFacts: { before: AggregateFacts[]; after: AggregateFacts[] };
  /**
   * What the batch changed is not fully known here: it had already committed (a retry after a lost acknowledgement),
   * it rewrote a business whose stored state it did not read (one inserted by someone else since the hash look-up), or
   * it was asked for no facts (trackAggregateFacts false).
   */
  factsUnknown: boolean;
}

/** Staging columns the writer fills from StagedRow's own fields, in COPY order. */
const KEY_COLUMNS: Array<[column: string, type: string]> = [
  ["line_number", "int"],
  ["identity_key", "text"],
  ["content_hash", "text"],
  ["slug", "text"],
  ["slug_alt", "text"],
  ["slug_alt2", "text"],
  ["import_row_hash", "text"],
  ["import_row_facts", "text"],
];

/** The remaining staging columns, encoded from the business by `encodeStagedTail`. */
const TAIL_COLUMNS: Array<[column: string, type: string, get: (row: BusinessInput) => unknown]> = [
  ["name", "text", (r) => r.name],
  ["category", "text", (r) => r.category],
  ["category_slug", "text", (r) => r.categorySlug],
  ["type", "text", (r) => r.type],
  ["full_address", "text", (r) => r.fullAddress],
  ["street", "text", (r) => r.street],
  ["city", "text", (r) => r.city],
  ["city_slug", "text", (r) => r.citySlug],
  ["district", "text", (r) => r.district],
  ["city_geoname_id", "int", (r) => r.cityGeonameId],
  ["postal_code", "text", (r) => r.postalCode],
  ["state", "text", (r) => r.state],
  ["country", "text", (r) => r.country],
  ["country_code", "text", (r) => r.countryCode],
  ["phone", "text", (r) => r.phone],
  ["latitude", "float8", (r) => r.latitude],
  ["longitude", "float8", (r) => r.longitude],
  ["rating", "float8", (r) => r.rating],
  ["reviews", "int", (r) => r.reviews],
  ["reviews_link", "text", (r) => r.reviewsLink],
  ["photo", "text", (r) => r.photo],
  ["logo", "text", (r) => r.logo],
  ["located_in", "text", (r) => r.locatedIn],
  ["working_hours", "jsonb", (r) => (r.workingHours ? JSON.stringify(r.workingHours) : null)],
  ["verified", "bool", (r) => r.verified],
  ["about", "jsonb", (r) => (r.about ? JSON.stringify(r.about) : null)],
  ["description", "text", (r) => r.description],
  ["place_id", "text", (r) => r.placeId],
  ["url", "text", (r) => r.url],
  ["status", "text", (r) => r.status],
  ["time_zone", "text", (r) => r.timeZone],
  ["source", "text", (r) => r.source],
  ["is_test", "bool", (r) => r.isTest],
  ["rank_score", "float8", (r) => r.rankScore],
  // Place-resolution columns (migration 0012), last so earlier COPY positions stay put.
  ["phone_e164", "text", (r) => r.phoneE164],
  ["price_range", "text", (r) => r.priceRange],
  ["reservation_link", "text", (r) => r.reservationLink],
  ["menu_link", "text", (r) => r.menuLink],
  ["order_link", "text", (r) => r.orderLink],
  ["photos", "jsonb", (r) => (r.photos && r.photos.length > 0 ? JSON.stringify(r.photos) : null)],
  ["special_hours", "jsonb", (r) => (r.specialHours ? JSON.stringify(r.specialHours) : null)],
];

/** The columns of StagedRow.copyTail and their SQL types, in order (a dry run reads them to show what would change). */
export const STAGED_TAIL_COLUMNS: ReadonlyArray<readonly [column: string, type: string]> = TAIL_COLUMNS.map(([c, t]) => [c, t] as const);

const STAGED_COLUMNS: Array<[column: string, type: string]> = [...KEY_COLUMNS, ...TAIL_COLUMNS.map(([c, t]): [string, string] => [c, t])];
const STAGING_ONLY = new Set(["line_number", "slug_alt", "slug_alt2"]);
const TARGET_COLUMNS = STAGED_COLUMNS.map(([c]) => c).filter((c) => !STAGING_ONLY.has(c));
const UPDATE_COLUMNS = TARGET_COLUMNS.filter((c) => c !== "identity_key" && c !== "slug");

// NOTE: the staging table lives as long as its connection and is emptied at every commit or rollback, so a batch
// does not create and drop 38 catalog columns; it is created in the batch's own transaction when missing.
const CREATE_STAGING = `create temp table if not exists import_staging (${STAGED_COLUMNS.map(([c, t]) => `${c} ${t}`).join(", ")}) on commit delete rows`;
const COPY_STAGING = `copy import_staging (${STAGED_COLUMNS.map(([c]) => c).join(", ")}) from stdin`;
const COPY_STAGING_PGLITE = `copy import_staging (${STAGED_COLUMNS.map(([c]) => c).join(", ")}) from '/dev/blob'`;

// A slug is taken when another identity already holds it (collisions inside the batch were settled by the caller);
// then the first alternative, or the second when the first is taken too. Decided inside the merge's select, so the
// staging rows are never rewritten; the look-ups see the table as it was before the merge, as a separate update would.
const RESOLVED_SLUG = `case when exists (select 1 from businesses b where b.slug = s.slug and b.identity_key <> s.identity_key)
            then case when exists (select 1 from businesses a where a.slug = s.slug_alt and a.identity_key <> s.identity_key)
                      then s.slug_alt2 else s.slug_alt end
            else s.slug end`;

// A stored place id is never replaced: a row keyed by its place id carries the same one, and a merged identity that
// resolves to its survivor through business_aliases must not swap the survivor's own.
const PLACE_ID_UPDATE = "place_id = coalesce(businesses.place_id, excluded.place_id)";
/**
 * A re-import that moves businesses to another city slug of their country ("kreuzberg" → "berlin", "zurich-city" →
 * "zurich") records old → new, so the old city page answers 301 (chains collapsed: db/writes/city-redirects.ts). Run
 * before the merge, while the stored slugs are old.
 */
const RECORD_CITY_REDIRECTS = `${CITY_REDIRECT_UPSERT[0]}
  select b.country_code, b.city_slug as old_slug, s.city_slug as new_slug
    from import_staging s join businesses b on b.identity_key = s.identity_key
   where b.city_slug is not null and s.city_slug is not null and b.city_slug <> s.city_slug and b.country_code = s.country_code
  ${CITY_REDIRECT_UPSERT[1]}`;

/** The columns of AggregateFacts, as the merge returns them and OLD_FACTS reads them (`alias` with its dot). */
const FACT_NAMES = [
  "country_code",
  "city_slug",
  "city",
  "district",
  "category_slug",
  "category",
  "name",
  "is_approved",
  "status",
  "updated_at",
  "latitude",
  "longitude",
] as const satisfies ReadonlyArray<keyof AggregateFacts>;
// NOTE: the time as text: it goes back to SQL as it came (both drivers would parse a timestamptz their own way).
const factColumns = (alias: string) =>
  FACT_NAMES.map((c) => (c === "updated_at" ? `${alias}updated_at::text as updated_at` : `${alias}${c}`)).join(", ");

/**
 * The stored state of the businesses the merge may rewrite, read before it in the same transaction: an update can move
 * a business to another city or category, and the count refresh must take it out of the groups it left.
 */
const OLD_FACTS = `select b.id::float8 as id, ${factColumns("b.")} from import_staging s join businesses b on b.identity_key = s.identity_key`;
type OldFacts = AggregateFacts & { id: number };

/**
 * The merge alone (no run to count into); in line order, so new ids follow the file on PGlite and PostgreSQL alike.
 * With `facts`, it returns the AggregateFacts of every row written too.
 */
const MERGE = (onDuplicate: "update" | "skip", facts: boolean) => `
  insert into businesses (${TARGET_COLUMNS.join(", ")})
  select ${TARGET_COLUMNS.map((c) => (c === "slug" ? RESOLVED_SLUG : `s.${c}`)).join(", ")} from import_staging s order by s.line_number
  on conflict (identity_key) do ${
    onDuplicate === "skip"
      ? "nothing"
      : `update set ${UPDATE_COLUMNS.map((c) => (c === "place_id" ? PLACE_ID_UPDATE : keptColumnUpdate(c))).join(", ")}, updated_at = now()
         where businesses.content_hash is distinct from excluded.content_hash`
  }
  returning (xmax = 0) as inserted, id::float8 as id, identity_key, place_id is not null as has_place_id${facts ? `, ${factColumns("")}` : ""}`;

/**
 * The merge and the run's counters in one statement: staged rows the merge did not return were unchanged (update) or
 * skipped (skip). $1 run, $2 committed-through row, $3 rows read, $4 rejected, $5 unchanged and $6 skipped known
 * before the merge, $7 rows staged.
 */
const MERGE_COUNTED = (onDuplicate: "update" | "skip", facts: boolean) => `
  with merged as (${MERGE(onDuplicate, facts)}),
  counted as (
    update import_runs
       set committed_through_row = greatest(committed_through_row, $2::int), heartbeat_at = now(),
           total_rows = total_rows + $3::int, rejected_count = rejected_count + $4::int,
           inserted_count = inserted_count + (select count(*) from merged where inserted),
           updated_count = updated_count + (select count(*) from merged where not inserted),
           unchanged_count = unchanged_count + $5::int${onDuplicate === "update" ? " + ($7::int - (select count(*) from merged))" : ""},
           skipped_count = skipped_count + $6::int${onDuplicate === "skip" ? " + ($7::int - (select count(*) from merged))" : ""}
     where id = $1::bigint
  )
  select inserted, id, identity_key, has_place_id${facts ? `, ${FACT_NAMES.join(", ")}` : ""} from merged`;

/** The run's counters when nothing is merged (every row unchanged or skipped, or a batch of issues only). */
const COUNT_RUN = `
  update import_runs
     set committed_through_row = greatest(committed_through_row, $2::int), heartbeat_at = now(),
         total_rows = total_rows + $3::int, rejected_count = rejected_count + $4::int,
         unchanged_count = unchanged_count + $5::int, skipped_count = skipped_count + $6::int
   where id = $1::bigint`;

const ISSUE_INSERT = `
  insert into import_row_issues (run_id, line_number, severity, code, field, reason, raw)
  select $1::bigint, line_number, severity, code, field, reason, raw::jsonb
    from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as i(line_number, severity, code, field, reason, raw)`;

const ADVISORY_LOCK = "select pg_advisory_xact_lock($1::bigint)";
// A retry after a lost COMMIT acknowledgement must not apply the batch (and its counters) twice; and a batch of a run
// that is no longer this process's (recovery marked it interrupted, another process resumed it) must not be written.
const RUN_PROGRESS = "select committed_through_row as committed, status, claimed_by from import_runs where id = $1::bigint for update";
type RunProgress = { committed: number; status: string; claimed_by: string | null };
// Stored hashes of the batch's identities: unchanged rows are counted and never sent (re-imports stay cheap). An
// identity a dedupe merge retired resolves through business_aliases to the row that absorbed it (`incoming_key` is
// the row's own key, `identity_key` the stored one it updates).
const STORED_HASHES = `
  select identity_key as incoming_key, identity_key, content_hash from businesses where identity_key = any($1::text[])
  union all
  select a.identity_key, b.identity_key, b.content_hash
    from business_aliases a join businesses b on b.id = a.business_id
   where a.identity_key = any($1::text[])`;
type StoredHash = { incoming_key: string; identity_key: string; content_hash: string };
// Identities an operator deleted (db/writes/trash.ts): their rows are suppressed, never re-inserted. A place id's
// tombstone is `pid:<place id>`, the identity key of every row that has one.
const TOMBSTONED = "select identity_key from business_tombstones where identity_key = any($1::text[])";
const COUNT_SUPPRESSED = "update import_runs set suppressed_count = suppressed_count + $2::int where id = $1::bigint";

/** Gives later rows of a batch that want an earlier row's slug their first free alternative. */
export function settleBatchSlugs(rows: StagedRow[]): void {
  const taken = new Set<string>();
  for (const row of rows) {
    if (taken.has(row.slug)) row.slug = taken.has(row.slugAlt) ? row.slugAlt2 : row.slugAlt;
    taken.add(row.slug);
  }
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** PostgreSQL COPY text format: tab-separated, \N for NULL, backslash escapes. */
export function encodeCopyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "\\N";
  const text = String(value);
  // Most values hold none of the four special characters: test once instead of four replace passes.
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] as string) : text;
}

/** The COPY text of a business's columns after the key columns (StagedRow.copyTail). */
export function encodeStagedTail(business: BusinessInput): string {
  let out = "";
  for (let i = 0; i < TAIL_COLUMNS.length; i++) {
    if (i > 0) out += "\t";
    out += encodeCopyValue((TAIL_COLUMNS[i] as (typeof TAIL_COLUMNS)[number])[2](business));
  }
  return out;
}

/** Tabs before the `source` cell in a copy tail: the one stored column a content hash leaves out. */
const SOURCE_CELL = TAIL_COLUMNS.findIndex(([column]) => column === "source");

/**
 * The content hash of a staged business: its identity and its COPY text (every stored column in one fixed order),
 * minus `source`, so the same listing from a renamed file is unchanged. Equal hash = nothing to rewrite.
 * NOTE: hashing the text the COPY sends anyway costs a third of hashing a JSON copy of the business; changing what goes
 * in (a new column) makes every stored hash differ once, and the next import rewrites each business one time.
 */
export function hashStagedContent(identityKey: string, copyTail: string): string {
  let start = 0;
  for (let i = 0; i < SOURCE_CELL; i++) start = copyTail.indexOf("\t", start) + 1;
  const end = copyTail.indexOf("\t", start);
  return hash("sha1", `${identityKey}\t${copyTail.slice(0, start)}${end < 0 ? "" : copyTail.slice(end + 1)}`, "base64url");
}

export function encodeCopyRows(rows: StagedRow[]): string {
  let out = "";
  for (const row of rows) {
    out += `${row.lineNumber}\t${encodeCopyValue(row.identityKey)}\t${encodeCopyValue(row.contentHash)}\t${encodeCopyValue(row.slug)}\t${encodeCopyValue(row.slugAlt)}\t${encodeCopyValue(row.slugAlt2)}\t${encodeCopyValue(row.memoKey)}\t${encodeCopyValue(row.memoFacts)}\t${row.copyTail}\n`;
  }
  return out;
}

function emptyOutcome(): BatchOutcome {
  return {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    databaseDuplicates: 0,
    skippedExisting: 0,
    skippedLines: [],
    newPlaceIds: 0,
    writtenIds: [],
    insertedIds: [],
    suppressedLines: [],
    aggregateFacts: { before: [], after: [] },
    factsUnknown: false,
  };
}

/** The rows to merge; `updatesStored` when one of them rewrites a stored business (only then can a city slug move). */
interface FreshRows {
  rows: StagedRow[];
  updatesStored: boolean;
}

/** The rows that must be staged: new identities, and changed ones unless duplicates are skipped; counts the rest. */
function pickFreshRows(
  rows: StagedRow[],
  stored: StoredHash[],
  options: BatchOptions,
  outcome: BatchOutcome,
  keptValues: StoredKeptValues[] = [],
  tombstoned: Array<{ identity_key: string }> = [],
): FreshRows {
  const hashes = new Map<string, { key: string; hash: string }>();
  // A live identity wins over an alias of the same key.
  for (const row of stored) {
    if (!hashes.has(row.incoming_key) || row.incoming_key === row.identity_key)
      hashes.set(row.incoming_key, { key: row.identity_key, hash: row.content_hash });
  }
  const deleted = new Set(tombstoned.map((row) => row.identity_key));
  if (keptValues.length > 0) restageKeptRows(rows, keptValues, options);
  const ownKeys = new Set(rows.map((row) => row.identityKey));
  const fresh: StagedRow[] = [];
  let updatesStored = false;
  for (let i = 0; i < rows.length; i++) {
    let row = rows[i] as StagedRow;
    const hash = hashes.get(row.identityKey)?.hash;
    const storedKey = hashes.get(row.identityKey)?.key;
    // An identity an operator deleted stays deleted: its row is counted "suppressed", never re-inserted.
    if (hash === undefined && deleted.has(row.identityKey)) {
      outcome.suppressedLines.push(row.lineNumber);
      continue;
    }
    if (storedKey !== undefined && storedKey !== row.identityKey) {
      // A merged identity updates its survivor; when the survivor's own row is in this batch too, that row decides
      // (one statement may not update a row twice).
      if (ownKeys.has(storedKey)) {
        outcome.unchanged++;
        continue;
      }
      ownKeys.add(storedKey);
      row.identityKey = storedKey;
      // The memo describes the row under its own identity, not the survivor's.
      row.memoKey = null;
      row.memoFacts = null;
    }
    const write = hash === undefined || (options.onDuplicate === "update" && hash !== row.contentHash);
    if (write && row.restage) {
      const identityKey = row.identityKey;
      row = { ...row.restage(), identityKey, memoKey: row.memoKey, memoFacts: row.memoFacts };
      rows[i] = row;
    }
    if (hash === undefined) fresh.push(row);
    else if (options.onDuplicate === "skip") outcome.skippedLines.push(row.lineNumber);
    else if (hash === row.contentHash) outcome.unchanged++;
    else {
      fresh.push(row);
      updatesStored = true;
    }
  }
  settleBatchSlugs(fresh);
  return { rows: fresh, updatesStored };
}

/** Identities whose rows carry rejected cells: their stored values are looked up (in the same transaction). */
function keptIdentities(rows: StagedRow[]): string[] {
  const keys: string[] = [];
  for (const row of rows) if (row.kept) keys.push(row.identityKey);
  return keys;
}

/**
 * Rows with rejected cells whose business is stored: rebuilt over the stored values (COPY text and content hash), so
 * the merge writes those values back unchanged, and a row that differs only in a rejected cell counts as unchanged.
 */
function restageKeptRows(rows: StagedRow[], keptValues: StoredKeptValues[], options: BatchOptions): void {
  // A live identity wins over an alias of the same key (as for the stored hashes).
  const byIdentity = new Map<string, StoredKeptValues>();
  for (const values of keptValues) if (!byIdentity.has(values.identity_key)) byIdentity.set(values.identity_key, values);
  for (const row of rows) {
    const stored = row.kept && byIdentity.get(row.identityKey);
    if (!row.kept || !stored) continue;
    const business = mergeStoredValues(row.kept, stored);
    row.copyTail = encodeStagedTail(business);
    if (options.hashBusiness) row.contentHash = options.hashBusiness(business);
  }
}

function pickFacts(row: Partial<AggregateFacts>): AggregateFacts {
  const facts = {} as Record<string, unknown>;
  for (const name of FACT_NAMES) facts[name] = row[name];
  return facts as unknown as AggregateFacts;
}

/** A row the merge returned; its AggregateFacts only when the batch tracks them. */
type MergedRow = Partial<AggregateFacts> & { inserted: boolean; id: number; identity_key: string; has_place_id: boolean };

/** Counts what the merge returned; staged rows it did not return were unchanged (update) or skipped (skip). */
function countMerged(
  written: MergedRow[],
  fresh: StagedRow[],
  rows: StagedRow[],
  options: BatchOptions,
  outcome: BatchOutcome,
  oldFacts: OldFacts[] = [],
): BatchOutcome {
  const rewritten = new Set<number>();
  const track = options.trackAggregateFacts;
  for (const row of written) {
    outcome.writtenIds.push(row.id);
    if (track) outcome.aggregateFacts.after.push(pickFacts(row));
    if (!row.inserted) rewritten.add(Number(row.id));
    if (row.inserted) {
      outcome.inserted++;
      outcome.insertedIds.push(row.id);
      if (row.has_place_id) outcome.newPlaceIds++;
    } else {
      outcome.updated++;
    }
  }
  for (const facts of oldFacts) {
    if (rewritten.delete(Number(facts.id))) outcome.aggregateFacts.before.push(pickFacts(facts));
  }
  if (rewritten.size > 0 || !track) outcome.factsUnknown = true;
  // NOTE: the merge keeps its conflict guard: a business written by someone else since the hash look-up is updated
  // (when its hash differs), counted unchanged, or skipped, never duplicated.
  if (options.onDuplicate === "skip") {
    const writtenKeys = new Set(written.map((row) => row.identity_key));
    for (const row of fresh) if (!writtenKeys.has(row.identityKey)) outcome.skippedLines.push(row.lineNumber);
  } else {
    outcome.unchanged += fresh.length - written.length;
  }
  // Every staged row that was not inserted had its identity stored already (updated, unchanged or skipped).
  outcome.databaseDuplicates = rows.length - outcome.inserted - outcome.suppressedLines.length;
  outcome.skippedExisting = outcome.skippedLines.length;
  return outcome;
}

/** The issues' columns as the arrays ISSUE_INSERT unnests. */
function issueArrays(runId: number, issues: RowIssueInput[]): unknown[] {
  return [
    runId,
    issues.map((issue) => issue.lineNumber),
    issues.map((issue) => issue.severity),
    issues.map((issue) => issue.code),
    issues.map((issue) => issue.field),
    issues.map((issue) => issue.reason),
    issues.map((issue) => (issue.raw === null ? null : JSON.stringify(issue.raw))),
  ];
}

/** COUNT_RUN's and MERGE_COUNTED's parameters; $7 (rows staged) only for the merge. */
function runCounterParams(runId: number, options: BatchOptions, outcome: BatchOutcome): unknown[] {
  return [
    runId,
    options.committedThroughRow,
    options.counters.totalRows,
    options.counters.rejected,
    outcome.unchanged,
    options.counters.skipped + outcome.skippedLines.length,
  ];
}

/** Writes one batch atomically; see the module header. */
export async function writeImportBatch(handle: DatabaseHandle, rows: StagedRow[], options: BatchOptions): Promise<BatchOutcome> {
  if (handle.driver === "postgres") {
    if (!handle.sql) throw new Error("postgres handle without a client");
    return writeBatchOnServer(handle.sql, rows, options);
  }
  if (!handle.pglite) throw new Error("pglite handle without a client");
  return writeBatchOnPglite(handle.pglite, rows, options);
}

/**
 * The server path, in three round trips: (begin, lock, run progress, stored hashes, staging table, COPY start), the
 * COPY data, then (merge with the run's counters, issues, commit). Statements of one round trip are pipelined on one
 * reserved connection; each waits for the event loop once instead of once per statement, which a busy import thread
 * delays by milliseconds.
 * NOTE: in a pipeline, a failed statement aborts the transaction and the ones after it fail with 25P02; the first
 * rejection is the real error, and COMMIT on an aborted transaction rolls back.
 */
async function writeBatchOnServer(sql: postgres.Sql, rows: StagedRow[], options: BatchOptions): Promise<BatchOutcome> {
  const connection = await sql.reserve();
  const prepared = { prepare: true } as const;
  let copy: Writable | null = null;
  let released = false;
  try {
    const outcome = emptyOutcome();
    // NOTE: postgres.js sends a query when it is first awaited or executed; Promise.all resolves its items a microtask
    // late, after a COPY's writable() would already have gone. Executing each in order fixes the pipeline's order.
    const begin = connection.unsafe("begin").execute();
    const lock = connection.unsafe(ADVISORY_LOCK, [IMPORT_WRITE_LOCK], prepared).execute();
    const progress = options.runId === null ? null : connection.unsafe<RunProgress[]>(RUN_PROGRESS, [options.runId], prepared).execute();
    const stored =
      rows.length === 0 ? null : connection.unsafe<StoredHash[]>(STORED_HASHES, [rows.map((row) => row.identityKey)], prepared).execute();
    const keptKeys = keptIdentities(rows);
    const keptValues = keptKeys.length === 0 ? null : connection.unsafe<StoredKeptValues[]>(STORED_KEPT_VALUES, [keptKeys], prepared).execute();
    const tombstoned =
      rows.length === 0
        ? null
        : connection.unsafe<Array<{ identity_key: string }>>(TOMBSTONED, [rows.map((row) => row.identityKey)], prepared).execute();
    const staging = rows.length === 0 ? null : connection.unsafe(CREATE_STAGING).execute();
    const first = await Promise.all([
      begin,
      lock,
      progress,
      stored,
      keptValues,
      tombstoned,
      staging,
      rows.length === 0 ? null : connection.unsafe(COPY_STAGING).writable(),
    ]);
    copy = first[7];
    const [run] = first[2] ?? [];
    const takeover = options.runId === null ? null : findTakeover(options.runId, run);
    const alreadyCommitted = run !== undefined && run.committed >= options.committedThroughRow && options.committedThroughRow > 0;
    const picked = takeover || alreadyCommitted || !first[3] ? null : pickFreshRows(rows, first[3], options, outcome, first[4] ?? [], first[5] ?? []);
    const fresh = picked?.rows ?? [];
    if (copy) {
      const stream = copy;
      copy = null;
      if (fresh.length > 0)
        await new Promise<void>((resolve, reject) => stream.write(encodeCopyRows(fresh), (error) => (error ? reject(error) : resolve())));
      // NOTE: with nothing left to write, end() runs postgres.js's final step (CopyDone) at once, and the statements
      // below follow it in the pipeline: a failed COPY aborts the transaction and they fail. The stream's finish is
      // never awaited, because postgres.js never finishes it when the COPY fails or the connection drops.
      stream.end();
    }
    if (takeover) {
      // The COPY above ended empty (an open one would stay in copy mode): roll back, write nothing.
      await connection.unsafe("rollback");
      throw takeover;
    }
    if (alreadyCommitted) {
      await connection.unsafe("rollback");
      return { ...emptyOutcome(), factsUnknown: true };
    }
    const runId = options.runId;
    const counters = (runId === null ? [] : runCounterParams(runId, options, outcome)) as never[];
    // NOTE: a batch of new businesses only (a first import) moves no city slug: its join would probe every row for nothing.
    const rewrites = picked?.updatesStored === true && options.onDuplicate === "update";
    const oldFacts = rewrites && options.trackAggregateFacts ? connection.unsafe<OldFacts[]>(OLD_FACTS, [], prepared).execute() : null;
    const redirects = rewrites ? connection.unsafe(RECORD_CITY_REDIRECTS, [], prepared).execute() : null;
    const merge =
      fresh.length === 0
        ? null
        : runId === null
          ? connection.unsafe<MergedRow[]>(MERGE(options.onDuplicate, options.trackAggregateFacts), [], prepared).execute()
          : connection
              .unsafe<MergedRow[]>(MERGE_COUNTED(options.onDuplicate, options.trackAggregateFacts), [...counters, fresh.length as never], prepared)
              .execute();
    const countRun = runId !== null && fresh.length === 0 ? connection.unsafe(COUNT_RUN, counters, prepared).execute() : null;
    const issues =
      runId !== null && options.issues.length > 0
        ? connection.unsafe(ISSUE_INSERT, issueArrays(runId, options.issues) as never[], prepared).execute()
        : null;
    const suppressed =
      runId !== null && outcome.suppressedLines.length > 0
        ? connection.unsafe(COUNT_SUPPRESSED, [runId, outcome.suppressedLines.length], prepared).execute()
        : null;
    const end = options.beforeCommit ? null : connection.unsafe(options.dryRun ? "rollback" : "commit").execute();
    const [before, , written] = await Promise.all([oldFacts, redirects, merge, countRun, issues, suppressed, end]);
    if (options.beforeCommit) {
      await options.beforeCommit();
      await connection.unsafe(options.dryRun ? "rollback" : "commit");
    }
    return countMerged(written ?? [], fresh, rows, options, outcome, before ?? []);
  } catch (error) {
    if (isConnectionLost(error)) {
      // NOTE: postgres.js has already moved a closed connection to its closed queue; releasing it now would put the
      // dead connection back among the open ones, where the next query writes to a null socket and hangs or throws.
      // The server rolled the transaction back when the connection went.
      released = true;
      throw error;
    }
    // A COPY left open would hold the connection in copy mode: fail it so the server aborts the transaction.
    (copy as Writable | null)?.destroy(error instanceof Error ? error : new Error(String(error)));
    await connection.unsafe("rollback").catch(() => undefined);
    throw error;
  } finally {
    if (!released) connection.release();
  }
}

/** The connection itself failed (closed, reset, server shutting down): nothing more can be sent on it. */
function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  if (/^(57P0[123]|08...)$/.test(code)) return true;
  return !(error instanceof Error && error.name === "PostgresError") && /^(CONNECTION_|CONNECT_TIMEOUT|E[A-Z]+)/.test(code);
}

class DryRunRollback extends Error {
  constructor(readonly outcome: BatchOutcome) {
    super("dry run rollback");
  }
}

/** The embedded path: PGlite answers from its worker thread, statements one after another in one transaction. */
async function writeBatchOnPglite(pglite: PgliteClient, rows: StagedRow[], options: BatchOptions): Promise<BatchOutcome> {
  try {
    return await pglite.transaction(async (tx) => {
      const run = async <T extends object>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows;
      await run(ADVISORY_LOCK, [IMPORT_WRITE_LOCK]);
      const outcome = emptyOutcome();
      if (options.runId !== null) {
        const [progress] = await run<RunProgress>(RUN_PROGRESS, [options.runId]);
        const takeover = findTakeover(options.runId, progress);
        if (takeover) throw takeover;
        if (progress && progress.committed >= options.committedThroughRow && options.committedThroughRow > 0)
          return { ...outcome, factsUnknown: true };
      }
      const keptKeys = keptIdentities(rows);
      const picked =
        rows.length === 0
          ? null
          : pickFreshRows(
              rows,
              await run<StoredHash>(STORED_HASHES, [rows.map((row) => row.identityKey)]),
              options,
              outcome,
              keptKeys.length === 0 ? [] : await run<StoredKeptValues>(STORED_KEPT_VALUES, [keptKeys]),
              await run<{ identity_key: string }>(TOMBSTONED, [rows.map((row) => row.identityKey)]),
            );
      const fresh = picked?.rows ?? [];
      const runId = options.runId;
      const counters = runId === null ? [] : runCounterParams(runId, options, outcome);
      let written: MergedRow[] = [];
      let oldFacts: OldFacts[] = [];
      if (fresh.length > 0) {
        await run(CREATE_STAGING);
        await tx.query(COPY_STAGING_PGLITE, [], { blob: new Blob([encodeCopyRows(fresh)]) });
        if (picked?.updatesStored && options.onDuplicate === "update") {
          if (options.trackAggregateFacts) oldFacts = await run<OldFacts>(OLD_FACTS);
          await run(RECORD_CITY_REDIRECTS);
        }
        written =
          runId === null
            ? await run<MergedRow>(MERGE(options.onDuplicate, options.trackAggregateFacts))
            : await run<MergedRow>(MERGE_COUNTED(options.onDuplicate, options.trackAggregateFacts), [...counters, fresh.length]);
      } else if (runId !== null) {
        await run(COUNT_RUN, counters);
      }
      if (runId !== null && options.issues.length > 0) await run(ISSUE_INSERT, issueArrays(runId, options.issues));
      if (runId !== null && outcome.suppressedLines.length > 0) await run(COUNT_SUPPRESSED, [runId, outcome.suppressedLines.length]);
      countMerged(written, fresh, rows, options, outcome, oldFacts);
      await options.beforeCommit?.();
      if (options.dryRun) throw new DryRunRollback(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.outcome;
    throw error;
  }
}
