// /admin/trash: deleted businesses within the restore window — deletion batches and the newest entries (keyset pages
// of 50) with restore buttons; restoring goes through the admin API and lifts the re-import suppression.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { AdminCard, adminMeta, buttonClasses, EmptyState, PageHeader } from "~/components/admin/admin-ui";
import { useConfirm } from "~/components/admin/confirm-dialog";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getAdminTrash, parseTrashQuery } from "~/models/admin-trash.server";
import { NO_STORE } from "~/models/cache-policy.server";
import { adminFetch } from "~/utils/admin-fetch";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "trash.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await getAdminTrash(parseTrashQuery(new URL(request.url).searchParams)), { headers: { "Cache-Control": NO_STORE } });
}

const cell = "px-5 py-3";
const head = "px-5 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400";

/** One deletion batch's restore button: the same in the phone's stacked cards and the desktop table. */
function RestoreBatchButton({
  batchId,
  pending,
  onRestore,
}: {
  batchId: string;
  pending: string | null;
  onRestore: (name: string, selection: { batchId: string }) => void;
}) {
  const { t } = useAdminText();
  const name = `batch-${batchId}`;
  return (
    <button type="button" disabled={pending !== null} onClick={() => onRestore(name, { batchId })} className={buttonClasses.secondary}>
      {pending === name ? "…" : t("trash.restoreBatch")}
    </button>
  );
}

export default function AdminTrash() {
  const { total, retentionDays, batches, entries, nextBeforeId } = useLoaderData<typeof loader>();
  const { t, formatDateTime, formatNumber } = useAdminText();
  const { csrfToken } = useAdminSession();
  const { pending, run } = useAdminAction();
  const [confirmDialog, confirm] = useConfirm();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const reasonText = (reason: string) => t(`trash.reason.${reason}` as AdminTextKey);

  async function restore(name: string, selection: { ids: number[] } | { batchId: string } | { all: true }) {
    if (
      "all" in selection &&
      !(await confirm({
        title: t("trash.restoreAll"),
        description: t("trash.restoreAllConfirm", { count: formatNumber(total) }),
        confirmLabel: t("trash.restore"),
      }))
    )
      return;
    const done = await run(name, () => adminFetch<{ restored: number }>("/api/admin/trash", { method: "POST", json: selection, csrfToken }), {
      success: (result) => ({ title: t("trash.restored"), description: t("trash.restoredText", { count: formatNumber(result.restored) }) }),
      failureTitle: t("trash.restoreFailed"),
    });
    if (done !== null) revalidator.revalidate();
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("trash.title")}
        subtitle={t("trash.subtitle", { days: retentionDays })}
        actions={
          total > 0 ? (
            <button type="button" disabled={pending !== null} onClick={() => restore("all", { all: true })} className={buttonClasses.secondary}>
              {t("trash.restoreAll")}
            </button>
          ) : null
        }
      />
      {total === 0 ? (
        <AdminCard>
          <EmptyState icon="trash">{t("trash.empty")}</EmptyState>
        </AdminCard>
      ) : (
        <>
          <AdminCard>
            <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
              {t("trash.batches")} · {t("trash.total", { count: formatNumber(total) })}
            </h2>
            {/* A phone stacks each batch: the table's five columns needed 620–710 px and scrolled inside the card at 390 px. */}
            <ul className="-mx-5 divide-y divide-slate-100 sm:hidden dark:divide-slate-800" aria-label={t("trash.batches")}>
              {batches.map((batch) => (
                <li key={batch.batchId} className="space-y-1.5 px-5 py-3 text-sm" data-testid="trash-batch">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <span className="text-slate-700 dark:text-slate-300">{formatDateTime(batch.deletedAt)}</span>
                    <span className="font-medium tabular-nums text-slate-900 dark:text-white">
                      {t("trash.count")}: {formatNumber(batch.count)}
                    </span>
                  </div>
                  <p className="text-slate-700 dark:text-slate-300">
                    {t("trash.reason")}: {reasonText(batch.reason)} · {batch.deletedBy}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t("trash.batch")}:{" "}
                    <Link
                      to={`?batch=${encodeURIComponent(batch.batchId)}`}
                      className="break-all font-mono text-brand-700 underline dark:text-brand-300"
                    >
                      {batch.batchId}
                    </Link>
                  </p>
                  <RestoreBatchButton batchId={batch.batchId} pending={pending} onRestore={restore} />
                </li>
              ))}
            </ul>
            {/* NOTE: relative, so the hidden heading of the last column stays inside the scroll box (see admin-table.tsx). */}
            <div className="relative -mx-5 hidden overflow-x-auto sm:block" role="region" aria-label={t("trash.batches")} tabIndex={0}>
              <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
                <thead>
                  <tr>
                    <th scope="col" className={head}>
                      {t("trash.when")}
                    </th>
                    <th scope="col" className={head}>
                      {t("trash.batch")}
                    </th>
                    <th scope="col" className={head}>
                      {t("trash.reason")}
                    </th>
                    <th scope="col" className={`${head} text-right`}>
                      {t("trash.count")}
                    </th>
                    <th scope="col" className={head}>
                      <span className="sr-only">{t("trash.restore")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {batches.map((batch) => (
                    <tr key={batch.batchId}>
                      <td className={`${cell} whitespace-nowrap text-slate-700 dark:text-slate-300`}>{formatDateTime(batch.deletedAt)}</td>
                      <td className={cell}>
                        <Link
                          to={`?batch=${encodeURIComponent(batch.batchId)}`}
                          className="font-mono text-xs text-brand-700 underline dark:text-brand-300"
                        >
                          {batch.batchId}
                        </Link>
                      </td>
                      <td className={`${cell} text-slate-700 dark:text-slate-300`}>
                        {reasonText(batch.reason)} · {batch.deletedBy}
                      </td>
                      <td className={`${cell} text-right tabular-nums`}>{formatNumber(batch.count)}</td>
                      <td className={`${cell} text-right`}>
                        <RestoreBatchButton batchId={batch.batchId} pending={pending} onRestore={restore} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </AdminCard>
          <AdminCard>
            <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{t("trash.entries")}</h2>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {entries.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-white">{entry.name}</p>
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      {[entry.city, entry.countryCode].filter(Boolean).join(", ")} · {reasonText(entry.reason)} · {entry.deletedBy} ·{" "}
                      {formatDateTime(entry.deletedAt)}
                    </p>
                  </div>
                  <button
                    type="button"
                    disabled={pending !== null}
                    onClick={() => restore(`entry-${entry.id}`, { ids: [entry.id] })}
                    className={buttonClasses.secondary}
                  >
                    {pending === `entry-${entry.id}` ? "…" : t("trash.restore")}
                  </button>
                </li>
              ))}
            </ul>
          </AdminCard>
          <div className="flex justify-between gap-3">
            {params.get("beforeId") || params.get("batch") ? (
              <Link to="?" className={buttonClasses.secondary}>
                {t("trash.newest")}
              </Link>
            ) : (
              <span />
            )}
            {nextBeforeId ? (
              <Link
                to={`?${new URLSearchParams({ ...(params.get("batch") ? { batch: params.get("batch") ?? "" } : {}), beforeId: String(nextBeforeId) })}`}
                className={buttonClasses.secondary}
              >
                {t("trash.older")} →
              </Link>
            ) : null}
          </div>
        </>
      )}
      {confirmDialog}
    </div>
  );
}
