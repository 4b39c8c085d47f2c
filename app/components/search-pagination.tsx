// Current page and page count → Previous / page-number window / Next links that keep every other search param.
import { Link } from "@remix-run/react";
import { buildPageWindow, buildSearchHref, type SearchParamRecord } from "~/utils/search-params";

const itemClass = "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium";

export function SearchPagination({ page, totalPages, params }: { page: number; totalPages: number; params: SearchParamRecord }) {
  if (totalPages <= 1) return null;
  const hrefFor = (target: number) => buildSearchHref(params, { page: target === 1 ? null : String(target) });
  return (
    <nav aria-label="Search results pages" className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${itemClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span className={`${itemClass} cursor-not-allowed border border-slate-200 text-slate-500`} aria-disabled="true">
          <span aria-hidden="true">←</span> Previous
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1.5">
        {buildPageWindow(page, totalPages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className={`${itemClass} bg-brand-600 text-white shadow-sm`}>
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link to={hrefFor(item)} className={`${itemClass} text-slate-700 hover:bg-slate-100`}>
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${itemClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className={`${itemClass} cursor-not-allowed border border-slate-200 text-slate-500`} aria-disabled="true">
          Next <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
