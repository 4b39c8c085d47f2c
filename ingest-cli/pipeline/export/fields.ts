// Requested export field names (the routed dialog's 27, the extras beyond the spec, or the single-screen panel's nine)
// → the table columns they read, in the order asked; an unknown name is refused with the list of valid ones.
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import { EXPORT_COLUMNS, EXTRA_EXPORT_COLUMNS, type ExportColumn } from "../../../db/queries/export.ts";

/** The routed admin dialog's 27 fields, in the spec's order; each is also the column it reads. */
export const EXPORT_FIELDS = EXPORT_COLUMNS;
export type ExportField = ExportColumn;

/** Beyond the spec's 27, exported only when named (never by default nor by "all"), so a re-import keeps them. */
export const EXTRA_EXPORT_FIELDS = EXTRA_EXPORT_COLUMNS;

/** What the routed dialog ticks before the operator changes anything. */
export const DEFAULT_EXPORT_FIELDS: readonly ExportField[] = ["name", "full_address", "phone", "type"];

/** The single-screen panel's nine names, each mapped onto the column it exports. */
export const PANEL_EXPORT_FIELDS = {
  name: "name",
  address: "full_address",
  phone: "phone",
  category: "category",
  reviewCount: "reviews",
  rating: "rating",
  placeId: "place_id",
  countryCode: "country_code",
  url: "url",
} as const satisfies Record<string, ExportColumn>;
export type PanelExportField = keyof typeof PANEL_EXPORT_FIELDS;

export const DEFAULT_PANEL_EXPORT_FIELDS: readonly PanelExportField[] = ["name", "address", "phone", "category"];

/** One output column: the header the caller asked for and the table column behind it. */
export interface ResolvedExportField {
  header: string;
  column: ExportColumn;
}

export class UnknownExportFieldError extends DirectoryError {
  constructor(readonly unknown: string[]) {
    super(
      "UNKNOWN_EXPORT_FIELD",
      `Unknown export field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. ` +
        `Valid fields: ${EXPORT_FIELDS.join(", ")}; the extras ${EXTRA_EXPORT_FIELDS.join(", ")}; or the panel names ${Object.keys(PANEL_EXPORT_FIELDS).join(", ")}; or "all".`,
    );
    this.name = "UnknownExportFieldError";
  }
}

const PANEL_LOOKUP: ReadonlyMap<string, ExportColumn> = new Map(Object.entries(PANEL_EXPORT_FIELDS));
const COLUMN_LOOKUP: ReadonlySet<string> = new Set([...EXPORT_FIELDS, ...EXTRA_EXPORT_FIELDS]);

/**
 * Names from either set (they may be mixed) → header + column, in the order given; repeats are dropped.
 * An empty list means the routed defaults; "all" alone means all 27 fields (the extras only when named).
 */
export function resolveExportFields(names: readonly string[] | undefined): ResolvedExportField[] {
  const wanted = (names ?? []).map((name) => name.trim()).filter((name) => name !== "");
  if (wanted.length === 0) return DEFAULT_EXPORT_FIELDS.map((column) => ({ header: column, column }));
  if (wanted.length === 1 && wanted[0]?.toLowerCase() === "all") return EXPORT_FIELDS.map((column) => ({ header: column, column }));
  const unknown = wanted.filter((name) => !COLUMN_LOOKUP.has(name) && !PANEL_LOOKUP.has(name));
  if (unknown.length > 0) throw new UnknownExportFieldError(unknown);
  const seen = new Set<string>();
  const resolved: ResolvedExportField[] = [];
  for (const name of wanted) {
    if (seen.has(name)) continue;
    seen.add(name);
    resolved.push({ header: name, column: COLUMN_LOOKUP.has(name) ? (name as ExportColumn) : (PANEL_LOOKUP.get(name) as ExportColumn) });
  }
  return resolved;
}
