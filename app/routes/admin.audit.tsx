// /admin/audit: every admin and operator action (who, what, target, rows, IP, when), newest first, keyset
// pages of 50, filterable by action prefix.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useAdminText } from "~/components/admin/admin-i18n";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminCard, adminMeta, buttonClasses, EmptyState, inputClasses, PageHeader } from "~/components/admin/admin-ui";
import { requireAdminPage } from "~/models/admin-auth.server";
import { listAuditPage, parseAuditQuery } from "~/models/admin-inbox.server";
import { NO_STORE } from "~/models/cache-policy.server";
import { summarizeAuditDetails } from "~/utils/audit-summary";

export const meta: MetaFunction = () => adminMeta("Audit log");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await listAuditPage(parseAuditQuery(new URL(request.url))), { headers: { "Cache-Control": NO_STORE } });
}

export default function AdminAudit() {
  const { events, nextBeforeId } = useLoaderData<typeof loader>();
  const { t, formatDateTime, formatNumber } = useAdminText();
  const [params] = useSearchParams();
  const action = params.get("action") ?? "";
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("audit.title")}
        subtitle={t("audit.subtitle")}
        actions={
          <Form method="get" className="flex gap-2">
            <label htmlFor="audit-action" className="sr-only">
              {t("audit.filter")}
            </label>
            <input
              id="audit-action"
              name="action"
              defaultValue={action}
              placeholder={t("audit.filterPlaceholder")}
              className={`${inputClasses} w-48`}
            />
            <button type="submit" className={buttonClasses.secondary}>
              {t("audit.filterButton")}
            </button>
          </Form>
        }
      />
      <AdminCard>
        {events.length === 0 ? (
          <EmptyState icon="audit">{t("audit.empty")}</EmptyState>
        ) : (
          <AdminTable
            label={t("audit.title")}
            look="flush"
            columns={[
              { label: t("audit.when") },
              { label: t("audit.who") },
              { label: t("audit.action") },
              { label: t("audit.target") },
              { label: t("audit.rows"), align: "right" },
              { label: t("audit.ip") },
            ]}
          >
            {events.map((event) => (
              <tr key={event.id} className="align-top">
                <td className="whitespace-nowrap px-5 py-3 text-slate-700 dark:text-slate-300">{formatDateTime(event.at)}</td>
                <td className="whitespace-nowrap px-5 py-3 font-medium text-slate-900 dark:text-white">{event.actor}</td>
                <td className="whitespace-nowrap px-5 py-3">
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {event.action}
                  </code>
                </td>
                <td
                  className="max-w-xs truncate px-5 py-3 text-slate-700 dark:text-slate-300"
                  title={event.details ? JSON.stringify(event.details) : undefined}
                >
                  {event.target ?? "—"}
                  {summarizeAuditDetails(event.details) ? (
                    <div className="truncate text-xs text-slate-500 dark:text-slate-400">{summarizeAuditDetails(event.details)}</div>
                  ) : null}
                </td>
                <td className="px-5 py-3 text-right tabular-nums text-slate-700 dark:text-slate-300">
                  {event.rowCount === null ? "—" : formatNumber(event.rowCount)}
                </td>
                <td className="whitespace-nowrap px-5 py-3 text-slate-600 dark:text-slate-400">{event.ip ?? "—"}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>
      <div className="flex justify-between gap-3">
        {params.get("before") ? (
          <Link to={action ? `?action=${encodeURIComponent(action)}` : "?"} className={buttonClasses.secondary}>
            {t("common.newestEntries")}
          </Link>
        ) : (
          <span />
        )}
        {nextBeforeId ? (
          <Link to={`?${new URLSearchParams({ ...(action ? { action } : {}), before: String(nextBeforeId) })}`} className={buttonClasses.secondary}>
            {t("common.olderEntries")} →
          </Link>
        ) : null}
      </div>
    </div>
  );
}
