// A run's stored per-field resolution rates → a card with one row per field (share of kept rows, count, evidence):
// how well the file placed its businesses, read before trusting an import.
import { useAdminText, type AdminTextKey } from "./admin-i18n";
import { AdminTable } from "./admin-table";
import { AdminCard } from "./admin-ui";
import { useServerText } from "./server-text";

/** The shape the import stores in its run report (ingest-cli/pipeline/import/field-rates.ts). */
export interface FieldRatesView {
  rows: number;
  fields: Array<{ field: string; count: number; rate: number; evidence: Record<string, number> }>;
}

const FIELD_LABELS: Record<string, AdminTextKey> = {
  country: "rates.country",
  city: "rates.city",
  district: "rates.district",
  coordinates: "rates.coordinates",
  timeZone: "rates.timeZone",
  phone: "rates.phone",
  photo: "rates.photo",
  hours: "rates.hours",
};

export function FieldRatesCard({ rates }: { rates: FieldRatesView }) {
  const { t, formatNumber, formatPercent } = useAdminText();
  const serverText = useServerText();
  if (rates.rows === 0) return null;
  return (
    <AdminCard title={t("rates.title")} description={t("rates.description", { rows: formatNumber(rates.rows) })}>
      <AdminTable
        label={t("rates.title")}
        look="compact"
        minWidthClass="min-w-[28rem]"
        marker="field-rates"
        columns={[
          { label: t("rates.field") },
          { label: t("rates.share"), align: "right" },
          { label: t("rates.rows"), align: "right" },
          { label: t("rates.evidence") },
        ]}
      >
        {rates.fields.map((entry) => {
          const label = FIELD_LABELS[entry.field];
          const evidence = Object.entries(entry.evidence);
          return (
            <tr key={entry.field} className="align-top text-slate-800 dark:text-slate-200" data-rate={entry.field}>
              <td className="py-2 pr-3 font-medium">{label ? t(label) : entry.field}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                <span className={entry.rate < 90 ? "font-semibold text-amber-700 dark:text-amber-400" : undefined}>{formatPercent(entry.rate)}</span>
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(entry.count)}</td>
              <td className="py-2 text-xs text-slate-600 dark:text-slate-400">
                {/* The evidence keys are warning codes: worded like the run's row issues. */}
                {evidence.length === 0 ? "—" : evidence.map(([code, count]) => `${formatNumber(count)} × ${serverText.issue({ code })}`).join("; ")}
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </AdminCard>
  );
}
