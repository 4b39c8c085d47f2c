// /admin/messages: the contact-form inbox, newest first (keyset pages), unread filter, mark read/unread and
// delete (page actions with the CSRF field, each in the audit log).
import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useAdminText } from "~/components/admin/admin-i18n";
import { AdminCard, adminMeta, Badge, buttonClasses, EmptyState, PageHeader } from "~/components/admin/admin-ui";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminMutation, requireAdminPage } from "~/models/admin-auth.server";
import { deleteMessageAsAdmin, listInbox, markMessageAsAdmin, parseInboxAction, parseInboxQuery } from "~/models/admin-inbox.server";
import { readFormBody } from "~/models/form-body.server";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "messages.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await listInbox(parseInboxQuery(new URL(request.url))), { headers: { "Cache-Control": NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormBody(request);
  const admin = await requireAdminMutation(request, form);
  const parsed = parseInboxAction(form);
  if (!parsed)
    return json(
      { success: false, code: "INVALID_MESSAGE_ACTION", message: "Send intent (read, unread or delete) and a message id." },
      { status: 400 },
    );
  const { intent, id } = parsed;
  const changed = intent === "delete" ? await deleteMessageAsAdmin(admin, id) : await markMessageAsAdmin(admin, id, intent === "read");
  return json({ success: changed > 0, intent, id });
}

export default function AdminMessages() {
  const { messages, nextBeforeId } = useLoaderData<typeof loader>();
  const { csrfToken } = useAdminSession();
  const { t, formatDateTime } = useAdminText();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const unreadOnly = params.get("unread") === "1";
  const filterLink = (unread: boolean) => (unread ? "?unread=1" : "?");
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${active ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("messages.title")}
        subtitle={t("messages.subtitle")}
        actions={
          <nav aria-label={t("messages.title")} className="flex gap-1 rounded-xl bg-slate-200/60 p-1 dark:bg-slate-800/60">
            <Link to={filterLink(false)} className={tab(!unreadOnly)} aria-current={!unreadOnly ? "page" : undefined}>
              {t("messages.all")}
            </Link>
            <Link to={filterLink(true)} className={tab(unreadOnly)} aria-current={unreadOnly ? "page" : undefined}>
              {t("messages.unreadOnly")}
            </Link>
          </nav>
        }
      />
      {messages.length === 0 ? (
        <AdminCard>
          <EmptyState icon="mail">{t("messages.empty")}</EmptyState>
        </AdminCard>
      ) : (
        <ul className="space-y-4">
          {messages.map((message) => {
            const busy = navigation.formData?.get("id") === String(message.id);
            return (
              <li
                key={message.id}
                className={`rounded-2xl border bg-white p-5 shadow-sm dark:bg-slate-900 ${message.readAt ? "border-slate-200 dark:border-slate-800" : "border-brand-300 ring-1 ring-brand-200 dark:border-brand-700 dark:ring-brand-900"}`}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
                      {message.readAt ? null : <Badge tone="brand">{t("messages.new")}</Badge>}
                      <span className="break-words">{message.subject}</span>
                    </h2>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      <span className="font-medium">{message.name}</span> ·{" "}
                      <a href={`mailto:${message.email}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                        {message.email}
                      </a>
                    </p>
                    <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                      {formatDateTime(message.createdAt)}
                      {message.company ? ` · ${t("messages.company")}: ${message.company}` : ""}
                      {message.phone ? ` · ${t("messages.phone")}: ${message.phone}` : ""}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={buttonClasses.secondary}>
                      {t("messages.reply")}
                    </a>
                    <Form method="post">
                      <input type="hidden" name="_csrf" value={csrfToken} />
                      <input type="hidden" name="id" value={message.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={message.readAt ? "unread" : "read"}
                        className={buttonClasses.secondary}
                        disabled={busy}
                      >
                        {message.readAt ? t("messages.markUnread") : t("messages.markRead")}
                      </button>
                    </Form>
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (!window.confirm(t("messages.deleteConfirm", { name: message.name }))) event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="_csrf" value={csrfToken} />
                      <input type="hidden" name="id" value={message.id} />
                      <button type="submit" name="intent" value="delete" className={buttonClasses.ghost} disabled={busy}>
                        <span className="text-red-700 dark:text-red-400">{t("common.delete")}</span>
                      </button>
                    </Form>
                  </div>
                </div>
                <p className="mt-4 whitespace-pre-line break-words text-sm leading-relaxed text-slate-800 dark:text-slate-200">{message.message}</p>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex justify-between gap-3">
        {params.get("before") ? (
          <Link to={filterLink(unreadOnly)} className={buttonClasses.secondary}>
            {t("common.newestEntries")}
          </Link>
        ) : (
          <span />
        )}
        {nextBeforeId ? (
          <Link
            to={`?${new URLSearchParams({ ...(unreadOnly ? { unread: "1" } : {}), before: String(nextBeforeId) })}`}
            className={buttonClasses.secondary}
          >
            {t("common.olderEntries")} →
          </Link>
        ) : null}
      </div>
    </div>
  );
}
