// One business of the admin list → a card with its verified/test/pending badges, figures and the approve toggle, view
// and delete actions; an approved business carries the spec's red highlight on its "Approved" toggle.
import type { AdminBusinessRow } from "~/models/admin-businesses.server";
import { useAdminText } from "./admin-i18n";
import { Badge } from "./admin-ui";

/** One row of GET /api/admin/businesses, as the list query returns it (all fields are JSON-safe). */
export type AdminBusinessItem = AdminBusinessRow;

interface BusinessRowProps {
  business: AdminBusinessItem;
  busy: boolean;
  onToggleApproval: (business: AdminBusinessItem) => void;
  onDelete: (business: AdminBusinessItem) => void;
}

export function BusinessRow({ business, busy, onToggleApproval, onDelete }: BusinessRowProps) {
  const { t, formatNumber, formatDecimal, formatDate } = useAdminText();
  const rating = business.rating !== null && business.rating > 0 ? formatDecimal(business.rating) : t("businesses.noRating");
  const figures = [
    [t("businesses.rating"), rating],
    [t("businesses.reviews"), formatNumber(business.reviewCount)],
    [t("businesses.added"), formatDate(business.createdAt)],
  ] as const;
  return (
    <li
      className={`rounded-2xl border p-4 shadow-sm ${
        business.isApproved
          ? "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          : "border-amber-200 bg-amber-50/40 dark:border-amber-800 dark:bg-slate-900"
      }`}
      data-testid="admin-business-row"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 translate="no" className="break-words text-base font-semibold text-slate-900 dark:text-white">
              {business.name}
            </h3>
            {business.verified ? (
              <Badge tone="brand">
                <span aria-hidden>✓&nbsp;</span>
                {t("businesses.verified")}
              </Badge>
            ) : null}
            {business.isApproved ? null : <Badge tone="amber">{t("businesses.pending")}</Badge>}
            {business.isTest ? <Badge tone="slate">{t("businesses.testData")}</Badge> : null}
          </div>
          {/* Names, places and addresses are data: translate="no" keeps them out of translation (and the language test). */}
          <p translate="no" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {[business.category, business.city, business.countryCode].filter(Boolean).join(" · ") || "—"}
          </p>
          {business.address ? (
            <p translate="no" className="mt-0.5 break-words text-sm text-slate-600 dark:text-slate-400">
              {business.address}
            </p>
          ) : null}
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
            {figures.map(([label, value]) => (
              <div key={label} className="flex gap-1">
                <dt>{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => onToggleApproval(business)}
            aria-pressed={business.isApproved}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold focus:outline-none focus:ring-2 focus:ring-offset-2 disabled:opacity-60 ${
              business.isApproved
                ? "bg-red-50 text-red-800 ring-1 ring-red-300 hover:bg-red-100 focus:ring-red-500 dark:bg-red-950 dark:text-red-100 dark:ring-red-700"
                : "bg-emerald-700 text-white hover:bg-emerald-800 focus:ring-emerald-500"
            }`}
          >
            {business.isApproved ? t("businesses.approvedButton") : t("businesses.approve")}
          </button>
          <a
            href={`/business/${business.slug}`}
            target="_blank"
            rel="noreferrer"
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {t("businesses.view")}
            <span className="sr-only"> {business.name}</span>
          </a>
          <button
            type="button"
            disabled={busy}
            onClick={() => onDelete(business)}
            className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus:outline-none focus:ring-2 focus:ring-red-500 disabled:opacity-60 dark:border-red-700 dark:text-red-200 dark:hover:bg-red-950"
          >
            {t("common.delete")}
            <span className="sr-only"> {business.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
