// Current page + page count → page links that keep the rest of the query string (works without JavaScript);
// the spec's two windows: up to 5 numbers (category/country/city lists), or ±2 with first/last and ellipses (businesses).
import { Link, useLocation } from "@remix-run/react";

export type PageWindowMode = "window" | "edges";
export type PageWindowItem = number | "gap-start" | "gap-end";

/** At most this many numbers in "window" mode. */
export const WINDOW_SIZE = 5;
/** Pages either side of the current one in "edges" mode. */
export const EDGE_RADIUS = 2;

/**
 * "window": up to 5 consecutive numbers around the current page, shifted to stay inside 1…total.
 * "edges": the current page ±2, plus page 1 and the last page with an ellipsis wherever numbers are skipped.
 */
export function buildPageWindow(current: number, total: number, mode: PageWindowMode): PageWindowItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  if (mode === "window") {
    const start = Math.max(1, Math.min(page - Math.floor(WINDOW_SIZE / 2), total - WINDOW_SIZE + 1));
    const end = Math.min(total, start + WINDOW_SIZE - 1);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  }
  const start = Math.max(1, page - EDGE_RADIUS);
  const end = Math.min(total, page + EDGE_RADIUS);
  const items: PageWindowItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push("gap-start");
  for (let n = start; n <= end; n++) items.push(n);
  if (end < total - 1) items.push("gap-end");
  if (end < total) items.push(total);
  return items;
}

/** The same path and query with `page` set (page 1 is the bare URL: one canonical address per page). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The spec: a page change scrolls smoothly to the top. Remix's own reset would jump, so page links opt out of it
 * (preventScrollReset) and scroll here; without JavaScript a full page load starts at the top anyway.
 */
function scrollToTop() {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
}

const itemClass = "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium sm:h-10 sm:min-w-10 sm:px-3";

function Arrow({ direction }: { direction: "prev" | "next" }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === "prev" ? "M12.5 15l-5-5 5-5" : "M7.5 5l5 5-5 5"} />
    </svg>
  );
}

export function Pagination({
  currentPage,
  totalPages,
  mode = "window",
  label = "Pagination",
}: {
  currentPage: number;
  totalPages: number;
  mode?: PageWindowMode;
  label?: string;
}) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (page: number) => pageHref(location.pathname, location.search, page);
  const items = buildPageWindow(currentPage, totalPages, mode);
  const step = (direction: "prev" | "next") => {
    const target = direction === "prev" ? currentPage - 1 : currentPage + 1;
    const enabled = direction === "prev" ? currentPage > 1 : currentPage < totalPages;
    const text = direction === "prev" ? "Previous" : "Next";
    const content = (
      <>
        {direction === "prev" ? <Arrow direction="prev" /> : null}
        {/* NOTE: arrows only on phones, so a ±2 window with both ellipses still fits one line at 360 px. */}
        <span className="sr-only sm:not-sr-only">{text}</span>
        {direction === "next" ? <Arrow direction="next" /> : null}
      </>
    );
    return enabled ? (
      <Link
        to={href(target)}
        rel={direction}
        preventScrollReset
        onClick={scrollToTop}
        className={`${itemClass} gap-1 border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
      >
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${itemClass} gap-1 border border-slate-200 bg-slate-50 text-slate-500`}>
        {content}
      </span>
    );
  };
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-1 sm:gap-2">
      {step("prev")}
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {items.map((item) => {
          if (typeof item !== "number") {
            return (
              <li key={item} className="inline-flex h-9 items-center px-0.5 text-sm text-slate-500 sm:h-10 sm:px-1" aria-hidden="true">
                …
              </li>
            );
          }
          const current = item === currentPage;
          // NOTE: on phones only the nearest neighbours show; far window numbers would wrap the bar to two lines.
          const far = Math.abs(item - currentPage) > 1 && item !== 1 && item !== totalPages;
          return (
            <li key={item} className={far ? "hidden sm:block" : undefined}>
              {current ? (
                <span aria-current="page" className={`${itemClass} bg-brand-600 text-white shadow-sm`}>
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link
                  to={href(item)}
                  preventScrollReset
                  onClick={scrollToTop}
                  className={`${itemClass} text-slate-700 hover:bg-white hover:text-brand-700 hover:shadow-sm`}
                >
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {step("next")}
    </nav>
  );
}
