// One batch of normalised rows → COPY into a transaction-local staging table, then one merge into businesses.
// The batch, its row issues and the run's progress commit together (or not at all): a killed import leaves
// only whole batches, and `committed_through_row` says where a resumed run continues.
import { finished } from "node:stream/promises";
import type { DatabaseHandle } from "../client.ts";
import type { BusinessInput } from "./businesses.ts";

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
}

/** Staging columns the writer fills from StagedRow's own fields, in COPY order. */
const KEY_COLUMNS: Array<[column: string, type: string]> = [
  ["line_number", "int"],
  ["identity_key", "text"],
  ["content_hash", "text"],
  ["slug", "text"],
  ["slug_alt", "text"],
  ["slug_alt2", "text"],
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
];

const STAGED_COLUMNS: Array<[column: string, type: string]> = [...KEY_COLUMNS, ...TAIL_COLUMNS.map(([c, t]): [string, string] => [c, t])];
const STAGING_ONLY = new Set(["line_number", "slug_alt", "slug_alt2"]);
const TARGET_COLUMNS = STAGED_COLUMNS.map(([c]) => c).filter((c) => !STAGING_ONLY.has(c));
const UPDATE_COLUMNS = TARGET_COLUMNS.filter((c) => c !== "identity_key" && c !== "slug");

const CREATE_STAGING = `create temp table import_staging (${STAGED_COLUMNS.map(([c, t]) => `${c} ${t}`).join(", ")}) on commit drop`;
const COPY_STAGING = `copy import_staging (${STAGED_COLUMNS.map(([c]) => c).join(", ")}) from stdin`;
const COPY_STAGING_PGLITE = `copy import_staging (${STAGED_COLUMNS.map(([c]) => c).join(", ")}) from '/dev/blob'`;

// A slug is taken when another identity already holds it (collisions inside the batch were settled by the caller);
// then the first alternative, or the second when the first is taken too. One pass of index look-ups.
const RESOLVE_SLUGS = `
  update import_staging s
     set slug = case when exists (select 1 from businesses a where a.slug = s.slug_alt and a.identity_key <> s.identity_key)
                     then s.slug_alt2 else s.slug_alt end
   where exists (select 1 from businesses b where b.slug = s.slug and b.identity_key <> s.identity_key)`;

const MERGE = (onDuplicate: "update" | "skip") => `
  insert into businesses (${TARGET_COLUMNS.join(", ")})
  select ${TARGET_COLUMNS.join(", ")} from import_staging
  on conflict (identity_key) do ${
    onDuplicate === "skip"
      ? "nothing"
      : `update set ${UPDATE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")}, updated_at = now()
         where businesses.content_hash is distinct from excluded.content_hash`
  }
  returning (xmax = 0) as inserted, id::float8 as id, identity_key, place_id is not null as has_place_id`;

// Stored hashes of the batch's identities: unchanged rows are counted and never sent (re-imports stay cheap).
const STORED_HASHES = "select identity_key, content_hash from businesses where identity_key = any($1::text[])";

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

export function encodeCopyRows(rows: StagedRow[]): string {
  let out = "";
  for (const row of rows) {
    out += `${row.lineNumber}\t${encodeCopyValue(row.identityKey)}\t${encodeCopyValue(row.contentHash)}\t${encodeCopyValue(row.slug)}\t${encodeCopyValue(row.slugAlt)}\t${encodeCopyValue(row.slugAlt2)}\t${row.copyTail}\n`;
  }
  return out;
}

interface TxRunner {
  run<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
  copy(text: string): Promise<void>;
}

class DryRunRollback extends Error {
  constructor(readonly outcome: BatchOutcome) {
    super("dry run rollback");
  }
}

async function inTransaction(handle: DatabaseHandle, work: (tx: TxRunner) => Promise<BatchOutcome>): Promise<BatchOutcome> {
  try {
    if (handle.driver === "postgres") {
      const sql = handle.sql;
      if (!sql) throw new Error("postgres handle without a client");
      return (await sql.begin(async (tx) =>
        work({
          run: async <T extends object>(text: string, params: unknown[] = []) =>
            (await tx.unsafe(text, params as never[])) as unknown as T[],
          copy: async (text: string) => {
            const writable = await tx.unsafe(COPY_STAGING).writable();
            writable.end(text);
            await finished(writable);
          },
        }),
      )) as BatchOutcome;
    }
    const pglite = handle.pglite;
    if (!pglite) throw new Error("pglite handle without a client");
    return await pglite.transaction(async (tx) =>
      work({
        run: async <T extends object>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
        copy: async (text: string) => {
          await tx.query(COPY_STAGING_PGLITE, [], { blob: new Blob([text]) });
        },
      }),
    );
  } catch (error) {
    if (error instanceof DryRunRollback) return error.outcome;
    throw error;
  }
}

const ISSUE_CHUNK = 500;

/** Writes one batch atomically; see the module header. */
export async function writeImportBatch(handle: DatabaseHandle, rows: StagedRow[], options: BatchOptions): Promise<BatchOutcome> {
  return inTransaction(handle, async (tx) => {
    await tx.run("select pg_advisory_xact_lock($1)", [IMPORT_WRITE_LOCK]);
    const outcome: BatchOutcome = { inserted: 0, updated: 0, unchanged: 0, databaseDuplicates: 0, skippedExisting: 0, skippedLines: [], newPlaceIds: 0, writtenIds: [] };
    if (options.runId !== null) {
      // A retry after a lost COMMIT acknowledgement must not apply the batch (and its counters) twice.
      const [run] = await tx.run<{ committed: number }>("select committed_through_row as committed from import_runs where id = $1 for update", [options.runId]);
      if (run && run.committed >= options.committedThroughRow && options.committedThroughRow > 0) return outcome;
    }
    if (rows.length > 0) {
      const stored = new Map<string, string>();
      for (const row of await tx.run<{ identity_key: string; content_hash: string }>(STORED_HASHES, [rows.map((row) => row.identityKey)])) {
        stored.set(row.identity_key, row.content_hash);
      }
      const fresh: StagedRow[] = [];
      for (const row of rows) {
        const hash = stored.get(row.identityKey);
        if (hash === undefined) fresh.push(row);
        else if (options.onDuplicate === "skip") outcome.skippedLines.push(row.lineNumber);
        else if (hash === row.contentHash) outcome.unchanged++;
        else fresh.push(row);
      }
      if (fresh.length > 0) {
        settleBatchSlugs(fresh);
        await tx.run(CREATE_STAGING);
        await tx.copy(encodeCopyRows(fresh));
        await tx.run(RESOLVE_SLUGS);
        const written = await tx.run<{ inserted: boolean; id: number; identity_key: string; has_place_id: boolean }>(MERGE(options.onDuplicate));
        for (const row of written) {
          outcome.writtenIds.push(row.id);
          if (row.inserted) {
            outcome.inserted++;
            if (row.has_place_id) outcome.newPlaceIds++;
          } else {
            outcome.updated++;
          }
        }
        // NOTE: the merge keeps its conflict guard: a business written by someone else since the look-up above is
        // updated (when its hash differs), counted unchanged, or skipped, never duplicated.
        if (options.onDuplicate === "skip") {
          const writtenKeys = new Set(written.map((row) => row.identity_key));
          for (const row of fresh) if (!writtenKeys.has(row.identityKey)) outcome.skippedLines.push(row.lineNumber);
        } else {
          outcome.unchanged += fresh.length - written.length;
        }
      }
      // Every staged row that was not inserted had its identity stored already (updated, unchanged or skipped).
      outcome.databaseDuplicates = rows.length - outcome.inserted;
      outcome.skippedExisting = outcome.skippedLines.length;
    }
    if (options.runId !== null) {
      for (let start = 0; start < options.issues.length; start += ISSUE_CHUNK) {
        const chunk = options.issues.slice(start, start + ISSUE_CHUNK);
        const params: unknown[] = [];
        const tuples = chunk.map((issue, i) => {
          params.push(options.runId, issue.lineNumber, issue.severity, issue.code, issue.field, issue.reason, issue.raw === null ? null : JSON.stringify(issue.raw));
          const b = i * 7;
          return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}::jsonb)`;
        });
        await tx.run(`insert into import_row_issues (run_id, line_number, severity, code, field, reason, raw) values ${tuples.join(", ")}`, params);
      }
      await tx.run(
        `update import_runs set committed_through_row = greatest(committed_through_row, $2), heartbeat_at = now(),
                total_rows = total_rows + $3, inserted_count = inserted_count + $4, updated_count = updated_count + $5,
                unchanged_count = unchanged_count + $6, skipped_count = skipped_count + $7, rejected_count = rejected_count + $8
          where id = $1`,
        [
          options.runId,
          options.committedThroughRow,
          options.counters.totalRows,
          outcome.inserted,
          outcome.updated,
          outcome.unchanged,
          options.counters.skipped + outcome.skippedExisting,
          options.counters.rejected,
        ],
      );
    }
    if (options.dryRun) throw new DryRunRollback(outcome);
    return outcome;
  });
}
