// /admin/audit: every admin and operator action (who, what, which business or file, before → after, rows, IP, when),
// newest first, keyset pages of 50, filtered by action, actor and days; a table on wide screens, cards on a phone.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useAdminText } from "~/components/admin/admin-i18n";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminCard, adminMeta, buttonClasses, EmptyState, inputClasses, PageHeader } from "~/components/admin/admin-ui";
import { requireAdminPage } from "~/models/admin-auth.server";
import { listAuditPage, parseAuditQuery } from "~/models/admin-inbox.server";
import { NO_STORE } from "~/models/cache-policy.server";
import { listAuditChanges, summarizeAuditDetails, type AuditSummaryWords } from "~/utils/audit-summary";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "audit.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await listAuditPage(parseAuditQuery(new URL(request.url))), { headers: { "Cache-Control": NO_STORE } });
}

type AuditEvent = ReturnType<typeof useLoaderData<typeof loader>>["events"][number];

const FILTER_KEYS = ["action", "actor", "from", "to"] as const;

/** The business or file behind an entry's target, linked while the business is listed; the raw target beneath. */
function AuditTarget({ event }: { event: AuditEvent }) {
  const { t } = useAdminText();
  const name = event.targetName;
  return (
    <div className="min-w-0">
      {name ? (
        <div className="break-words font-medium text-slate-900 dark:text-white">
          {name.slug ? (
            <Link to={`/business/${name.slug}`} className="text-brand-700 hover:underline dark:text-brand-300">
              {name.name}
            </Link>
          ) : (
            name.name
          )}
          {name.deleted ? <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-400">({t("audit.deleted")})</span> : null}
        </div>
      ) : null}
      <div className={name ? "break-all text-xs text-slate-600 dark:text-slate-400" : "break-all text-slate-700 dark:text-slate-300"}>
        {event.target ?? "—"}
      </div>
    </div>
  );
}

/** Each edited field on its own line, before → after, whole; then what else the entry recorded. */
function AuditDetails({ event }: { event: AuditEvent }) {
  const { t } = useAdminText();
  const words: AuditSummaryWords = {
    changed: t("audit.summary.changed"),
    merges: t("audit.summary.merges"),
    merge: t("audit.summary.merge"),
    mergeUndone: t("audit.summary.mergeUndone"),
    forReview: t("audit.summary.forReview"),
    ids: t("audit.summary.ids"),
    inserted: t("audit.summary.inserted"),
    updated: t("audit.summary.updated"),
  };
  const changes = listAuditChanges(event.details);
  const summary = summarizeAuditDetails(event.details, { withoutChanges: true, words });
  if (changes.length === 0 && !summary) return null;
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
      {changes.map((change) => (
        <div key={change.field} className="break-words" data-testid="audit-change">
          <span className="font-mono">{change.field}</span>: <span className="text-red-800 line-through dark:text-red-300">{change.before}</span> →{" "}
          <span className="text-emerald-800 dark:text-emerald-300">{change.after}</span>
        </div>
      ))}
      {summary ? <div className="break-words text-slate-600 dark:text-slate-400">{summary}</div> : null}
    </div>
  );
}

function ActionCode({ action }: { action: string }) {
  return <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">{action}</code>;
}

export default function AdminAudit() {
  const { events, nextBeforeId } = useLoaderData<typeof loader>();
  const { t, formatDateTime, formatNumber } = useAdminText();
  const [params] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])));
  const filtered = Object.keys(filters).length > 0;
  const field = "block text-xs font-medium text-slate-700 dark:text-slate-300";
  return (
    <div className="space-y-6">
      <PageHeader title={t("audit.title")} subtitle={t("audit.subtitle")} />
      <AdminCard>
        <Form
          method="get"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
          aria-label={t("audit.filters")}
        >
          <div>
            <label htmlFor="audit-action" className={field}>
              {t("audit.filter")}
            </label>
            <input
              id="audit-action"
              name="action"
              defaultValue={filters.action ?? ""}
              placeholder={t("audit.filterPlaceholder")}
              className={`mt-1 ${inputClasses} w-full`}
            />
          </div>
          <div>
            <label htmlFor="audit-actor" className={field}>
              {t("audit.actorFilter")}
            </label>
            <input
              id="audit-actor"
              name="actor"
              defaultValue={filters.actor ?? ""}
              placeholder={t("audit.actorPlaceholder")}
              className={`mt-1 ${inputClasses} w-full`}
            />
          </div>
          <div>
            <label htmlFor="audit-from" className={field}>
              {t("audit.from")}
            </label>
            <input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ""} className={`mt-1 ${inputClasses} w-full`} />
          </div>
          <div>
            <label htmlFor="audit-to" className={field}>
              {t("audit.to")}
            </label>
            <input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ""} className={`mt-1 ${inputClasses} w-full`} />
          </div>
          <div className="flex gap-2 whitespace-nowrap">
            <button type="submit" className={buttonClasses.primary}>
              {t("audit.filterButton")}
            </button>
            {filtered ? (
              <Link to="?" className={buttonClasses.secondary}>
                {t("audit.clearFilters")}
              </Link>
            ) : null}
          </div>
        </Form>
      </AdminCard>
      <AdminCard>
        {events.length === 0 ? (
          <EmptyState icon="audit">{filtered ? t("audit.emptyFiltered") : t("audit.empty")}</EmptyState>
        ) : (
          <>
            <ul className="-mx-5 -my-5 divide-y divide-slate-200 sm:hidden dark:divide-slate-800" aria-label={t("audit.title")}>
              {events.map((event) => (
                <li key={event.id} className="space-y-1.5 px-4 py-3 text-sm" data-testid="audit-entry">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <ActionCode action={event.action} />
                    <span className="text-xs text-slate-600 dark:text-slate-400">{formatDateTime(event.at)}</span>
                  </div>
                  <AuditTarget event={event} />
                  <AuditDetails event={event} />
                  <div className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
                    <span>
                      {t("audit.who")}: <span className="font-medium text-slate-900 dark:text-white">{event.actor}</span>
                    </span>
                    {event.rowCount === null ? null : (
                      <span>
                        {t("audit.rows")}: {formatNumber(event.rowCount)}
                      </span>
                    )}
                    {event.ip ? <span>IP: {event.ip}</span> : null}
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
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
                      <ActionCode action={event.action} />
                    </td>
                    <td className="min-w-[16rem] max-w-md px-5 py-3">
                      <AuditTarget event={event} />
                      <AuditDetails event={event} />
                    </td>
                    <td className="px-5 py-3 text-right tabular-nums text-slate-700 dark:text-slate-300">
                      {event.rowCount === null ? "—" : formatNumber(event.rowCount)}
                    </td>
                    <td className="whitespace-nowrap px-5 py-3 text-slate-600 dark:text-slate-400">{event.ip ?? "—"}</td>
                  </tr>
                ))}
              </AdminTable>
            </div>
          </>
        )}
      </AdminCard>
      <div className="flex justify-between gap-3">
        {params.get("before") ? (
          <Link to={`?${new URLSearchParams(filters)}`} className={buttonClasses.secondary}>
            {t("common.newestEntries")}
          </Link>
        ) : (
          <span />
        )}
        {nextBeforeId ? (
          <Link to={`?${new URLSearchParams({ ...filters, before: String(nextBeforeId) })}`} className={buttonClasses.secondary}>
            {t("common.olderEntries")} →
          </Link>
        ) : null}
      </div>
    </div>
  );
}
