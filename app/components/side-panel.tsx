// Title + ranked links with counts → the sidebar panels of the detail pages (top countries, cities, categories).
import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { formatCount } from "~/utils/format";

export function SidePanel({
  title,
  entries,
  footer,
}: {
  title: string;
  entries: Array<{ key: string; to: string; label: string; count: number }>;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card p-5" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing listed yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {entries.map((entry, i) => (
            <li key={entry.key}>
              <Link to={entry.to} className="group flex items-center gap-3 rounded py-2 text-sm">
                <span className="w-5 text-right text-xs font-semibold text-slate-500" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium text-slate-800 group-hover:text-brand-700">{entry.label}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{formatCount(entry.count)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {footer}
    </section>
  );
}
