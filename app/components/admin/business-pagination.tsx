// Current page and page count → previous/next plus a window of at most 5 page links, keeping the other filters.
import { Link } from "@remix-run/react";
import { useAdminText } from "./admin-i18n";

export const PAGE_WINDOW = 5;

/** The window of page numbers around `page`: at most 5, shifted to stay within 1…totalPages. */
export function pageWindow(page: number, totalPages: number): number[] {
  const size = Math.min(PAGE_WINDOW, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(PAGE_WINDOW / 2), totalPages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export function BusinessPagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const { t } = useAdminText();
  if (totalPages <= 1) return null;
  const base = "inline-flex min-w-9 items-center justify-center rounded-md border px-3 py-1.5 text-sm font-medium";
  const idle =
    "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
  const disabled = "pointer-events-none border-slate-200 text-slate-400 dark:border-slate-700 dark:text-slate-500";
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-center gap-1.5">
      <Link to={hrefFor(page - 1)} className={`${base} ${page <= 1 ? disabled : idle}`} aria-disabled={page <= 1} preventScrollReset>
        {t("pagination.previous")}
      </Link>
      {pageWindow(page, totalPages).map((number) => (
        <Link
          key={number}
          to={hrefFor(number)}
          aria-current={number === page ? "page" : undefined}
          className={`${base} ${number === page ? "border-brand-600 bg-brand-600 text-white" : idle}`}
          preventScrollReset
        >
          {number}
        </Link>
      ))}
      <Link
        to={hrefFor(page + 1)}
        className={`${base} ${page >= totalPages ? disabled : idle}`}
        aria-disabled={page >= totalPages}
        preventScrollReset
      >
        {t("pagination.next")}
      </Link>
    </nav>
  );
}
