// Export filters and the time → the spec's download names: businesses_{country}[_{n}kategoriler][_{range}]_{timestamp}.csv
// for the routed dialog, businesses_export_{YYYY-MM-DD}.csv for the single-screen panel; always UTC, never a colon.
import type { DateRangePreset } from "./date-range.ts";

export type ExportFileNameInput =
  { layout: "routed"; countryCode?: string | null; categoryCount?: number; range?: DateRangePreset; now: Date } | { layout: "panel"; now: Date };

export function buildExportFileName(input: ExportFileNameInput): string {
  const iso = input.now.toISOString();
  if (input.layout === "panel") return `businesses_export_${iso.slice(0, 10)}.csv`;
  const parts = ["businesses", input.countryCode && input.countryCode.toLowerCase() !== "all" ? input.countryCode.toUpperCase() : "all"];
  if (input.categoryCount && input.categoryCount > 0) parts.push(`${input.categoryCount}kategoriler`);
  if (input.range && input.range !== "all") parts.push(input.range);
  // NOTE: colons are illegal in Windows file names, so 14:05:09 becomes 14-05-09.
  parts.push(iso.slice(0, 19).replace(/:/g, "-"));
  return `${parts.join("_")}.csv`;
}
