// Audit events → a compact "who did what, when" list (admin home and dashboard).
import { Link } from "@remix-run/react";
import { useAdminText } from "./admin-i18n";
import { AdminIcon } from "./admin-icons";

export interface ActivityEntry {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  rowCount: number | null;
  at: string;
}

export function ActivityList({ items, emptyText }: { items: ActivityEntry[]; emptyText: string }) {
  const { t, formatDateTime, formatNumber } = useAdminText();
  if (items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>;
  return (
    <div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <AdminIcon name="check" className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-slate-900 dark:text-slate-100">
                <span className="font-semibold">{item.actor}</span>{" "}
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">{item.action}</code>
                {item.rowCount !== null ? <span className="text-slate-600 dark:text-slate-400"> · {formatNumber(item.rowCount)}</span> : null}
              </p>
              <p className="mt-0.5 truncate text-xs text-slate-600 dark:text-slate-400">
                {formatDateTime(item.at)}
                {item.target ? ` · ${item.target}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/admin/audit" className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:text-brand-800 dark:text-brand-300">
        {t("nav.audit")} →
      </Link>
    </div>
  );
}
