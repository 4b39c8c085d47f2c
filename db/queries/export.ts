// Export filters and columns → raw COPY CSV bytes of businesses in id order, one bounded window at a time, on both
// drivers (PostgreSQL streams COPY TO STDOUT, PGlite returns COPY TO '/dev/blob'), so both give identical bytes.
import { finished } from "node:stream/promises";
import type postgres from "postgres";
import type { DatabaseHandle } from "../client.ts";

/** The spec's 27 exportable fields, in its order; each names what it reads from `businesses`. */
export const EXPORT_COLUMNS = [
  "id",
  "name",
  "slug",
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "postal_code",
  "country",
  "country_code",
  "phone",
  "latitude",
  "longitude",
  "rating",
  "reviews",
  "reviews_link",
  "photo",
  "logo",
  "located_in",
  "working_hours",
  "verified",
  "about",
  "place_id",
  "created_at",
  "updated_at",
  "url",
] as const;

/**
 * Columns beyond the spec's 27, never exported unless asked for by name: what an export → re-import round trip
 * would otherwise lose (the gallery, dated special hours, a closed business's status), each in a shape the importer reads.
 */
export const EXTRA_EXPORT_COLUMNS = ["photos", "other_hours", "business_status"] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number] | (typeof EXTRA_EXPORT_COLUMNS)[number];

/**
 * How the CSV rewriter treats a column's cells: `text` may hold anything a person typed (formula-guarded),
 * `fixed` is written by us in a shape that cannot start a formula except as a plain number, `hours` is the
 * stored week's JSON, rewritten to the import format; `special-hours` is the stored dated days' JSON, rewritten to
 * Outscraper's other_hours shape.
 */
export type ExportColumnKind = "text" | "fixed" | "hours" | "special-hours";

const UTC_SECONDS = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

const COLUMN_SQL: Record<ExportColumn, { sql: string; kind: ExportColumnKind }> = {
  id: { sql: "b.id", kind: "fixed" },
  name: { sql: "b.name", kind: "text" },
  slug: { sql: "b.slug", kind: "text" },
  category: { sql: "b.category", kind: "text" },
  type: { sql: "b.type", kind: "text" },
  full_address: { sql: "b.full_address", kind: "text" },
  street: { sql: "b.street", kind: "text" },
  city: { sql: "b.city", kind: "text" },
  postal_code: { sql: "b.postal_code", kind: "text" },
  country: { sql: "b.country", kind: "text" },
  country_code: { sql: "b.country_code", kind: "text" },
  phone: { sql: "b.phone", kind: "text" },
  latitude: { sql: "b.latitude", kind: "fixed" },
  longitude: { sql: "b.longitude", kind: "fixed" },
  rating: { sql: "b.rating", kind: "fixed" },
  reviews: { sql: "b.reviews", kind: "fixed" },
  reviews_link: { sql: "b.reviews_link", kind: "text" },
  photo: { sql: "b.photo", kind: "text" },
  logo: { sql: "b.logo", kind: "text" },
  located_in: { sql: "b.located_in", kind: "text" },
  working_hours: { sql: "b.working_hours::text", kind: "hours" },
  // NOTE: COPY writes booleans as t/f, which the importer would read as false; spell them out.
  verified: { sql: "case when b.verified then 'true' else 'false' end", kind: "fixed" },
  // Amenity groups as JSON; the prose description stands in when a business has no amenities.
  about: { sql: "coalesce(b.about::text, b.description)", kind: "text" },
  place_id: { sql: "b.place_id", kind: "text" },
  // NOTE: to_char in UTC, not the timestamptz text, whose shape follows the session's DateStyle and TimeZone.
  created_at: { sql: `to_char(b.created_at at time zone 'UTC', ${UTC_SECONDS})`, kind: "fixed" },
  updated_at: { sql: `to_char(b.updated_at at time zone 'UTC', ${UTC_SECONDS})`, kind: "fixed" },
  url: { sql: "b.url", kind: "text" },
  // The gallery's JSON list of URLs (the importer reads a JSON list); text: the links came from a source.
  photos: { sql: "b.photos::text", kind: "text" },
  other_hours: { sql: "b.special_hours::text", kind: "special-hours" },
  // OPERATIONAL, CLOSED_TEMPORARILY, CLOSED_PERMANENTLY: Google's spelling, which the importer maps back.
  business_status: { sql: "upper(b.status)", kind: "fixed" },
};

export function exportColumnKind(column: ExportColumn): ExportColumnKind {
  return COLUMN_SQL[column].kind;
}

export interface ExportFilters {
  /** ISO alpha-2 code; omitted for every country. */
  countryCode?: string;
  /** Category slugs; omitted or empty for every category. */
  categorySlugs?: readonly string[];
  /** created_at window: from inclusive, to exclusive. */
  createdFrom?: Date;
  createdTo?: Date;
  includeUnapproved: boolean;
  includeTest: boolean;
}

/**
 * Rows per window: the server streams a window as it goes, PGlite hands it over as one blob, so its windows are
 * smaller to keep memory flat.
 */
export const EXPORT_WINDOW_ROWS = { postgres: 50_000, pglite: 5_000 } as const;

// NOTE: COPY takes no bind parameters, so filter values are inlined; each is checked against a shape that
// cannot close a string literal before it gets near the SQL text.
function literal(value: string, shape: RegExp, label: string): string {
  if (!shape.test(value)) throw new Error(`export filter ${label} has an unexpected shape: ${JSON.stringify(value)}`);
  return `'${value}'`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function buildWhere(filters: ExportFilters): string[] {
  const where: string[] = [];
  if (filters.countryCode) where.push(`b.country_code = ${literal(filters.countryCode, /^[A-Z]{2}$/, "countryCode")}`);
  if (filters.categorySlugs && filters.categorySlugs.length > 0) {
    where.push(`b.category_slug in (${filters.categorySlugs.map((slug) => literal(slug, /^[a-z0-9-]+$/, "category slug")).join(", ")})`);
  }
  if (filters.createdFrom) where.push(`b.created_at >= ${literal(filters.createdFrom.toISOString(), ISO_INSTANT, "createdFrom")}::timestamptz`);
  if (filters.createdTo) where.push(`b.created_at < ${literal(filters.createdTo.toISOString(), ISO_INSTANT, "createdTo")}::timestamptz`);
  if (!filters.includeUnapproved) where.push("b.is_approved");
  if (!filters.includeTest) where.push("not b.is_test");
  return where;
}

/**
 * The COPY for one window: `id` first (the pipeline reads it to start the next window, then drops it), then the
 * asked columns, rows after `afterId` in id order.
 */
export function buildExportCopy(
  columns: readonly ExportColumn[],
  filters: ExportFilters,
  afterId: number,
  limit: number,
  target: "stdout" | "blob",
): string {
  if (!Number.isSafeInteger(afterId) || !Number.isSafeInteger(limit) || limit < 1) throw new Error("export window bounds must be whole numbers");
  const select = ["b.id", ...columns.map((column) => COLUMN_SQL[column].sql)].join(", ");
  const where = [`b.id > ${afterId}`, ...buildWhere(filters)].join(" and ");
  // NOTE: order by the qualified b.id: a bare "id" could bind to an output column and defeat the primary-key scan.
  const query = `select ${select} from businesses b where ${where} order by b.id limit ${limit}`;
  return `copy (${query}) to ${target === "stdout" ? "stdout" : "'/dev/blob'"} with (format csv, encoding 'UTF8')`;
}

/** Yields one window's COPY bytes; the caller keeps asking with the last id it saw until a window comes back short. */
export type ExportWindowReader = (afterId: number, limit: number) => AsyncIterable<Uint8Array>;

/**
 * Runs `work` with a window reader. On the server all windows read one REPEATABLE READ snapshot, so the file is a
 * consistent picture; PGlite runs each window as its own statement so a web request can slip in between.
 */
export async function withExportWindows<T>(
  handle: DatabaseHandle,
  columns: readonly ExportColumn[],
  filters: ExportFilters,
  work: (readWindow: ExportWindowReader, windowRows: number) => Promise<T>,
): Promise<T> {
  if (handle.driver === "postgres") {
    if (!handle.sql) throw new Error("postgres handle without a client");
    const result = await handle.sql.begin("isolation level repeatable read read only", (tx) =>
      work((afterId, limit) => streamCopy(tx, buildExportCopy(columns, filters, afterId, limit, "stdout")), EXPORT_WINDOW_ROWS.postgres),
    );
    return result as T;
  }
  const client = handle.pglite;
  if (!client) throw new Error("pglite handle without a client");
  return work(async function* (afterId, limit) {
    const result = await client.query(buildExportCopy(columns, filters, afterId, limit, "blob"));
    // NOTE: PGlite leaves `blob` unset when COPY wrote no rows.
    if (result.blob && result.blob.size > 0) yield new Uint8Array(await result.blob.arrayBuffer());
  }, EXPORT_WINDOW_ROWS.pglite);
}

/**
 * How much COPY output may wait for the consumer before the socket is paused. The server keeps producing while we
 * rewrite a block (postgres.js's own 16 KB stream buffer would stall it at every pause); memory stays bounded.
 */
const COPY_BUFFER_BYTES = 4 * 1024 * 1024;
/** Largest chunk handed to the consumer at once, so it never holds the whole buffer as objects. */
const COPY_YIELD_BYTES = 256 * 1024;

/**
 * COPY TO STDOUT as chunks (many server messages gathered into one); a consumer that stops early cancels the
 * statement instead of draining it.
 */
export async function* streamCopy(sql: postgres.Sql | postgres.TransactionSql, text: string): AsyncGenerator<Uint8Array> {
  const query = sql.unsafe(text);
  const stream = await query.readable();
  const queue: Buffer[] = [];
  let queued = 0;
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  stream.on("data", (chunk: Buffer) => {
    queue.push(chunk);
    queued += chunk.length;
    if (queued >= COPY_BUFFER_BYTES) stream.pause();
    signal();
  });
  stream.once("end", () => {
    ended = true;
    signal();
  });
  stream.once("error", (error) => {
    failure = error;
    signal();
  });
  let completed = false;
  try {
    for (;;) {
      if (queue.length > 0) {
        let take = 0;
        let bytes = 0;
        while (take < queue.length && bytes < COPY_YIELD_BYTES) bytes += (queue[take++] as Buffer).length;
        const parts = queue.splice(0, take);
        queued -= bytes;
        if (stream.isPaused() && queued < COPY_BUFFER_BYTES / 2) stream.resume();
        yield parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, bytes);
        continue;
      }
      if (failure) throw failure;
      if (ended) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    completed = true;
  } finally {
    if (!completed) {
      // Stop the server, throw away what is already on its way, and wait until the statement has ended: only
      // then can the connection (and a transaction around it) roll back, and the caller's own error is kept.
      stream.removeAllListeners("data");
      stream.on("data", () => undefined);
      stream.on("error", () => undefined);
      stream.resume();
      query.cancel();
      // NOTE: the query promise already resolved (to this stream) when the COPY began; its end is the stream's end.
      await finished(stream).catch(() => undefined);
    }
    // NOTE: postgres.js 3.4 pauses its socket when this stream's buffer is full and, if CopyDone arrived in the
    // same packet, never resumes it: the connection's next query hangs (porsager/postgres#499). The stream's
    // read() is what resumes the socket, so call it once more after the end.
    (stream as unknown as { _read(size: number): void })._read(0);
  }
}

/** Of the given category slugs, those no business carries at all (approved or not): almost surely typos. */
export async function findUnknownCategorySlugs(handle: DatabaseHandle, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await handle.query<{ slug: string }>(
    `select s.slug from unnest($1::text[]) as s(slug)
      where not exists (select 1 from category_counts c where c.category_slug = s.slug)
        and not exists (select 1 from businesses b where b.category_slug = s.slug)`,
    [slugs],
  );
  return rows.map((row) => row.slug);
}

/** How many businesses an export with these filters writes: the total of the CLI's progress (one count, no rows read). */
export async function countExportRows(handle: DatabaseHandle, filters: ExportFilters): Promise<number> {
  const where = buildWhere(filters);
  const [row] = await handle.query<{ count: number }>(
    `select count(*)::float8 as count from businesses b${where.length > 0 ? ` where ${where.join(" and ")}` : ""}`,
  );
  return row?.count ?? 0;
}
