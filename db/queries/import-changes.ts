// Staged rows of a dry run + the stored businesses they match → which fields an import would change (stored → new),
// compared in SQL with the column types, so numbers and JSON compare as values, not as text.
import type { DatabaseHandle } from "../client.ts";
import { STAGED_TAIL_COLUMNS, type StagedRow } from "../writes/import-batch.ts";
import { KEEPABLE_FIELDS } from "../writes/kept-values.ts";

/** Columns an operator recognises as a business's fields; derived ones (slugs, country name, rank, hashes) are left out. */
const COMPARED_COLUMNS = [
  "name",
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "district",
  "postal_code",
  "state",
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
  "description",
  "url",
  "status",
  "price_range",
  "reservation_link",
  "menu_link",
  "order_link",
  "photos",
  "special_hours",
] as const;

/** Rejected cells keep the stored value (kept-values.ts): those columns never change. A kept field is its column in camel case. */
const KEPT_FIELD_COLUMNS = new Map<string, string>(KEEPABLE_FIELDS.map((field) => [field, field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]));

const TYPES = new Map(STAGED_TAIL_COLUMNS.map(([column, type]) => [column, type]));
const POSITIONS = new Map(STAGED_TAIL_COLUMNS.map(([column], index) => [column, index]));
const COPY_UNESCAPES: Record<string, string> = { "\\": "\\", t: "\t", n: "\n", r: "\r" };

/** One cell of COPY text → its value (null for \N). */
function decodeCopyCell(cell: string): string | null {
  if (cell === "\\N") return null;
  return cell.includes("\\") ? cell.replace(/\\(.)/g, (_match, c: string) => COPY_UNESCAPES[c] ?? c) : cell;
}

export interface FieldChange {
  line: number;
  /** The stored business's name and slug. */
  business: string;
  slug: string;
  field: string;
  stored: string | null;
  next: string | null;
}

const CHANGES_SQL = `
  with s as (
    select e->>'k' as identity_key, (e->>'l')::int as line, e->>'h' as content_hash, e->'v' as v, e->'x' as kept
      from jsonb_array_elements($1::jsonb) e
  ), matched as (
    select s.*, b.id from s join businesses b on b.identity_key = s.identity_key
    union all
    select s.*, a.business_id from s join business_aliases a on a.identity_key = s.identity_key
  )
  select m.line, b.name as business, b.slug,
         ${COMPARED_COLUMNS.map(
           (c) =>
             `case when b.${c} is distinct from (m.v->>'${c}')::${TYPES.get(c)} and not m.kept ? '${c}'
                     and not ('${c}' = any(coalesce(b.kept_fields, '{}')))
                   then jsonb_build_array(b.${c}::text, ((m.v->>'${c}')::${TYPES.get(c)})::text) end as "${c}"`,
         ).join(",\n         ")}
    from matched m join businesses b on b.id = m.id
   where b.content_hash is distinct from m.content_hash
   order by m.line`;

/**
 * The fields the staged rows would change on the businesses they match (at most `limit` businesses, in line order).
 * NOTE: run after the dry-run batch rolled back, so the stored values are the ones before it.
 */
export async function findStoredFieldChanges(handle: DatabaseHandle, rows: readonly StagedRow[], limit: number): Promise<FieldChange[]> {
  const staged = rows
    .filter((row) => row.copyTail !== "")
    .map((row) => {
      const cells = row.copyTail.split("\t");
      const values: Record<string, string | null> = {};
      for (const column of COMPARED_COLUMNS) values[column] = decodeCopyCell(cells[POSITIONS.get(column) ?? -1] ?? "\\N");
      const kept = (row.kept?.fields ?? []).map((field) => KEPT_FIELD_COLUMNS.get(field) ?? field);
      return { k: row.identityKey, l: row.lineNumber, h: row.contentHash, v: values, x: kept };
    });
  if (staged.length === 0 || limit <= 0) return [];
  const found = await handle.query<Record<string, unknown> & { line: number; business: string; slug: string }>(CHANGES_SQL, [JSON.stringify(staged)]);
  const changes: FieldChange[] = [];
  let businesses = 0;
  for (const row of found) {
    const fields = COMPARED_COLUMNS.flatMap((column) => {
      const pair = row[column] as [string | null, string | null] | null;
      return pair ? [{ line: row.line, business: row.business, slug: row.slug, field: column, stored: pair[0], next: pair[1] }] : [];
    });
    if (fields.length === 0) continue;
    changes.push(...fields);
    if (++businesses >= limit) break;
  }
  return changes;
}
