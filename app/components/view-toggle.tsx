// Current layout → Grid/List links that keep the query string (a plain link each, so it works without JavaScript).
import { Link, useLocation } from "@remix-run/react";

export function viewHref(pathname: string, search: string, view: "grid" | "list"): string {
  const params = new URLSearchParams(search);
  if (view === "grid") params.delete("view");
  else params.set("view", view);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const icons = {
  grid: "M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z",
  list: "M3 4h14M3 10h14M3 16h14",
};

export function ViewToggle({ view }: { view: "grid" | "list" }) {
  const location = useLocation();
  return (
    <div role="group" aria-label="Layout" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {(["grid", "list"] as const).map((option) => {
        const active = option === view;
        return (
          <Link
            key={option}
            to={viewHref(location.pathname, location.search, option)}
            aria-current={active ? "true" : undefined}
            preventScrollReset
            className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${
              active ? "bg-brand-600 text-white shadow-sm" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d={icons[option]} />
            </svg>
            {option === "grid" ? "Grid" : "List"}
          </Link>
        );
      })}
    </div>
  );
}
