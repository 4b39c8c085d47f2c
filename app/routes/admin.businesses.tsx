// /admin/businesses: summary cards, name search, category filter, sorts, 20 per page through any number of rows
// (keyset cursors in the page links; a page past the end answers 404 naming the last), approve/delete per business, the danger zone (delete all, test data, slug fix) and the CSV export dialog; changes go through the admin API.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useAdminText } from "~/components/admin/admin-i18n";
import { AdminIcon } from "~/components/admin/admin-icons";
import { AdminCard, adminMeta, buttonClasses, EmptyState, inputClasses, PageHeader, StatCard } from "~/components/admin/admin-ui";
import { BusinessPagination } from "~/components/admin/business-pagination";
import { BusinessRow, type AdminBusinessItem } from "~/components/admin/business-row";
import { nextSort } from "~/components/admin/business-sort";
import { useConfirm } from "~/components/admin/confirm-dialog";
import { ExportDialog } from "~/components/admin/export-dialog";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getExportDialogOptions } from "~/models/admin-businesses-export.server";
import {
  ADMIN_SORT_KEYS,
  CATEGORY_FILTER_SIZE,
  getAdminBusinessList,
  listCategoryNames,
  readAdminBusinessesPageQuery,
} from "~/models/admin-businesses.server";
import { adminFetch } from "~/utils/admin-fetch";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "businesses.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const query = readAdminBusinessesPageQuery(new URL(request.url).searchParams);
  const [list, categories] = await Promise.all([getAdminBusinessList(query), listCategoryNames()]);
  return json(
    { query, list, categories: categories.slice(0, CATEGORY_FILTER_SIZE), sortKeys: [...ADMIN_SORT_KEYS], exportOptions: getExportDialogOptions() },
    // A page past the end (an old bookmark of a list that shrank, a typed number) says so and links the last page.
    { status: list.pagination.outOfRange ? 404 : 200, headers: { "Cache-Control": NO_STORE } },
  );
}

type BulkAction = "all" | "test" | "slugs" | "matching";

export default function AdminBusinessesPage() {
  const { query, list, categories, sortKeys, exportOptions } = useLoaderData<typeof loader>();
  const { csrfToken } = useAdminSession();
  const { t, formatNumber } = useAdminText();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const { pending, run } = useAdminAction();
  const [confirmDialog, confirm] = useConfirm();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/businesses";
  const bulkBusy = pending === "all" || pending === "test" || pending === "slugs" || pending === "matching";
  const filtered = Boolean(query.filter || query.category);

  const hrefWith = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    return `/admin/businesses?${next}`;
  };
  const { nextCursor, prevCursor, totalPages } = list.pagination;
  /** Page links carry the cursor of this page's first or last row (keyset); the first and last pages need none. */
  const pageHref = (page: number) => {
    if (page <= 1) return hrefWith({ page: null, after: null, before: null });
    if (page > query.page && page < totalPages && nextCursor) return hrefWith({ page, after: nextCursor, before: null });
    if (page < query.page && prevCursor) return hrefWith({ page, before: prevCursor, after: null });
    return hrefWith({ page, after: null, before: null });
  };

  async function toggleApproval(business: AdminBusinessItem) {
    const done = await run(
      `row-${business.id}`,
      () => adminFetch(`/api/admin/businesses/${business.id}/toggle-approval`, { method: "POST", csrfToken }),
      {
        success: { title: t("businesses.approvalUpdated") },
        failureTitle: t("businesses.approvalFailed"),
      },
    );
    if (done !== null) revalidator.revalidate();
  }

  async function deleteOne(business: AdminBusinessItem) {
    if (
      !(await confirm({
        title: t("businesses.deleteTitle"),
        description: t("businesses.deleteConfirm", { name: business.name }),
        confirmLabel: t("common.delete"),
      }))
    )
      return;
    const done = await run(`row-${business.id}`, () => adminFetch(`/api/businesses/${business.id}`, { method: "DELETE", csrfToken }), {
      success: { title: t("businesses.deleted"), description: t("businesses.deletedText") },
      failureTitle: t("businesses.deleteFailed"),
    });
    if (done !== null) revalidator.revalidate();
  }

  /** Delete-all asks twice, the other bulk actions once. */
  async function confirmBulk(kind: BulkAction): Promise<boolean> {
    if (kind === "all") {
      return (
        (await confirm({
          title: t("businesses.deleteAllTitle"),
          description: t("businesses.deleteAllConfirm", { count: formatNumber(list.allBusinesses) }),
          confirmLabel: t("businesses.continue"),
        })) &&
        confirm({
          title: t("businesses.deleteAllFinalTitle"),
          description: t("businesses.deleteAllFinal"),
          confirmLabel: t("businesses.deleteAllButton"),
          typed: { text: String(list.allBusinesses), label: t("businesses.typeCount", { count: String(list.allBusinesses) }) },
        })
      );
    }
    if (kind === "matching")
      return confirm({
        title: t("businesses.deleteMatchingTitle"),
        description: t("businesses.deleteMatchingConfirm", { count: formatNumber(list.total) }),
        confirmLabel: t("common.delete"),
        typed: { text: String(list.total), label: t("businesses.typeCount", { count: String(list.total) }) },
      });
    if (kind === "test")
      return confirm({
        title: t("businesses.testDataTitle"),
        description: t("businesses.testDataConfirm", { count: formatNumber(list.testData) }),
        confirmLabel: t("businesses.testDataTitle"),
      });
    return confirm({
      title: t("businesses.fixSlugsTitle"),
      description: t("businesses.fixSlugsConfirm"),
      confirmLabel: t("businesses.fixSlugsTitle"),
    });
  }

  async function runBulk(kind: BulkAction) {
    if (!(await confirmBulk(kind))) return;
    // The count typed in the dialog goes with the call: the server refuses a count that no longer matches.
    const matching = new URLSearchParams({ filter: query.filter, category: query.category, confirm: String(list.total) });
    const calls = {
      all: {
        path: `/api/admin/businesses?confirm=${list.allBusinesses}`,
        method: "DELETE",
        success: t("businesses.deletedAll"),
        failure: t("businesses.deleteAllFailed"),
      },
      matching: {
        path: `/api/admin/businesses?${matching}`,
        method: "DELETE",
        success: t("businesses.deletedMatching"),
        failure: t("businesses.deleteFailed"),
      },
      test: { path: "/api/admin/test-data", method: "DELETE", success: t("businesses.testDataDeleted"), failure: t("businesses.testDataFailed") },
      slugs: { path: "/api/admin/fix-slugs", method: "POST", success: t("businesses.slugsFixed"), failure: t("businesses.fixSlugsFailed") },
    } as const;
    const call = calls[kind];
    // The description is worded here from the answer's counts (its message is the CLI's English sentence).
    const done = await run(kind, () => adminFetch<{ deletedCount?: number; successCount?: number }>(call.path, { method: call.method, csrfToken }), {
      success: (result) => ({
        title: call.success,
        description:
          kind === "slugs"
            ? t("businesses.slugsFixedText", { count: formatNumber(result.successCount ?? 0) })
            : t("businesses.deletedCountText", { count: formatNumber(result.deletedCount ?? 0) }),
      }),
      failureTitle: call.failure,
    });
    if (done !== null) revalidator.revalidate();
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("businesses.title")}
        subtitle={t("businesses.subtitle")}
        actions={
          <>
            <Link to="/admin/trash" className={buttonClasses.secondary}>
              <AdminIcon name="trash" className="h-4 w-4" />
              {t("businesses.trashLink")}
            </Link>
            <Link to="/admin/upload" className={buttonClasses.secondary}>
              <AdminIcon name="upload" className="h-4 w-4" />
              {t("businesses.uploadLink")}
            </Link>
            <ExportDialog
              csrfToken={csrfToken}
              fields={exportOptions.fields}
              defaultFields={exportOptions.defaultFields}
              extraFields={exportOptions.extraFields}
              dateRanges={exportOptions.dateRanges}
            />
          </>
        }
      />

      <section aria-label={t("businesses.summary")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t("businesses.total")} value={formatNumber(list.allBusinesses)} icon="businesses" />
        <StatCard label={t("businesses.approved")} value={formatNumber(list.approved)} icon="check" tone="green" />
        <StatCard label={t("businesses.onPage")} value={formatNumber(list.businesses.length)} icon="eye" tone="amber" />
        <StatCard label={t("businesses.categories")} value={formatNumber(list.categoryCount)} icon="tag" tone="violet" />
      </section>

      <AdminCard>
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_16rem_auto]" role="search" aria-label={t("businesses.filters")}>
          <input type="hidden" name="sortBy" value={query.sortBy} />
          <input type="hidden" name="sortOrder" value={query.sortOrder} />
          <div>
            <label htmlFor="business-filter" className="sr-only">
              {t("businesses.searchLabel")}
            </label>
            <input
              id="business-filter"
              name="filter"
              type="search"
              defaultValue={query.filter}
              placeholder={t("businesses.searchPlaceholder")}
              className={inputClasses}
            />
          </div>
          <div>
            <label htmlFor="business-category" className="sr-only">
              {t("businesses.category")}
            </label>
            <select
              id="business-category"
              name="category"
              defaultValue={query.category}
              className={inputClasses}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            >
              <option value="">{t("businesses.allCategories")}</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClasses.primary}>
            <AdminIcon name="search" className="h-4 w-4" />
            {t("businesses.search")}
          </button>
        </Form>
        <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label={t("businesses.sorting")}>
          <span className="text-sm text-slate-700 dark:text-slate-300">{t("businesses.sortBy")}</span>
          {sortKeys.map((key) => {
            const active = key === query.sortBy;
            const next = nextSort({ sortBy: query.sortBy, sortOrder: query.sortOrder }, key);
            return (
              <Link
                key={key}
                to={hrefWith({ sortBy: next.sortBy, sortOrder: next.sortOrder, page: null, after: null, before: null })}
                aria-current={active ? "true" : undefined}
                className={`rounded-full px-3 py-1 text-sm font-medium ${active ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"}`}
                preventScrollReset
              >
                {t(`businesses.sort.${key}`)}
                {active ? (
                  <span aria-label={t(query.sortOrder === "asc" ? "businesses.ascending" : "businesses.descending")}>
                    {query.sortOrder === "asc" ? " ↑" : " ↓"}
                  </span>
                ) : null}
              </Link>
            );
          })}
        </div>
      </AdminCard>

      <section aria-label={t("businesses.list")} aria-busy={loading} className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {loading
            ? t("businesses.loading")
            : t("businesses.count", {
                count: formatNumber(list.total),
                page: formatNumber(list.pagination.page),
                pages: formatNumber(Math.max(1, totalPages)),
              })}
        </p>
        {list.pagination.outOfRange ? (
          <EmptyState icon="businesses">
            <p>{t("businesses.pastEnd", { page: formatNumber(list.pagination.page), pages: formatNumber(Math.max(1, totalPages)) })}</p>
            <Link to={pageHref(Math.max(1, totalPages))} className={buttonClasses.secondary}>
              {t("businesses.lastPage")}
            </Link>
          </EmptyState>
        ) : list.businesses.length === 0 ? (
          <EmptyState icon="businesses">{t("businesses.empty")}</EmptyState>
        ) : (
          <ul className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
            {list.businesses.map((business) => (
              <BusinessRow
                key={business.id}
                business={business}
                busy={pending === `row-${business.id}`}
                onToggleApproval={toggleApproval}
                onDelete={deleteOne}
              />
            ))}
          </ul>
        )}
        {list.pagination.outOfRange ? null : <BusinessPagination page={list.pagination.page} totalPages={totalPages} hrefFor={pageHref} />}
      </section>

      <section aria-labelledby="danger-zone" className="rounded-2xl border border-red-200 bg-red-50/60 p-5 dark:border-red-900 dark:bg-red-950/40">
        <h2 id="danger-zone" className="flex items-center gap-2 text-base font-semibold text-red-900 dark:text-red-100">
          <AdminIcon name="warning" className="h-5 w-5" />
          {t("businesses.dangerZone")}
        </h2>
        <p className="mt-1 text-sm text-red-900/90 dark:text-red-100/90">{t("businesses.dangerZoneText")}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" disabled={bulkBusy} onClick={() => runBulk("slugs")} className={buttonClasses.secondary}>
            {pending === "slugs" ? t("businesses.fixingSlugs") : t("businesses.fixSlugsTitle")}
          </button>
          <button type="button" disabled={bulkBusy} onClick={() => runBulk("test")} className={buttonClasses.secondary}>
            {pending === "test" ? t("businesses.deletingTestData") : t("businesses.testDataButton", { count: formatNumber(list.testData) })}
          </button>
          {filtered ? (
            <button type="button" disabled={bulkBusy || list.total === 0} onClick={() => runBulk("matching")} className={buttonClasses.danger}>
              {pending === "matching" ? t("businesses.deleting") : t("businesses.deleteMatchingButton", { count: formatNumber(list.total) })}
            </button>
          ) : null}
          <button type="button" disabled={bulkBusy} onClick={() => runBulk("all")} className={buttonClasses.danger}>
            <AdminIcon name="trash" className="h-4 w-4" />
            {pending === "all" ? t("businesses.deleting") : t("businesses.deleteAllTitle")}
          </button>
        </div>
      </section>
      {confirmDialog}
    </div>
  );
}
