// /admin/suggestions: the review queue of visitors' suggested edits, oldest first (keyset pages), each proposal beside
// the business's current values; accept (with the admin's edits), save edits, or reject (page actions with the CSRF
// field, each in the audit log).
import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isAdminTextKey, useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { useServerText } from "~/components/admin/server-text";
import { AdminCard, adminMeta, Badge, buttonClasses, EmptyState, inputClasses, PageHeader, textareaClasses } from "~/components/admin/admin-ui";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminMutation, requireAdminPage } from "~/models/admin-auth.server";
import {
  acceptSuggestionAsAdmin,
  listSuggestionQueue,
  parseSuggestionQueueQuery,
  parseSuggestionReview,
  rejectSuggestionAsAdmin,
  saveSuggestionAsAdmin,
} from "~/models/business-suggestions.server";
import { NO_STORE } from "~/models/cache-policy.server";
import { readFormBody } from "~/models/form-body.server";
import {
  SUGGESTION_CLOSURE_VALUES,
  SUGGESTION_LIMITS,
  SUGGESTION_MESSAGES,
  SUGGESTION_TEXT_FIELDS,
  type SuggestionFieldErrors,
} from "~/utils/suggest-edit-form";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "suggestions.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await listSuggestionQueue(parseSuggestionQueueQuery(new URL(request.url))), { headers: { "Cache-Control": NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormBody(request);
  const admin = await requireAdminMutation(request, form);
  const review = parseSuggestionReview(form);
  const headers = { "Cache-Control": NO_STORE };
  if (review.intent === "invalid") {
    return json(
      { success: false as const, intent: review.intent, id: review.id, code: "INVALID_SUGGESTION", fieldErrors: review.fieldErrors },
      { status: 400, headers },
    );
  }
  if (review.intent === "reject") return json(await rejectSuggestionAsAdmin(admin, review.id), { headers });
  if (review.intent === "save") return json(await saveSuggestionAsAdmin(admin, review.id, review.proposal), { headers });
  return json(await acceptSuggestionAsAdmin(admin, review.id, review.proposal), { headers });
}

/**
 * A field's error in the admin's language: the answer carries the shared form's English message (the public form
 * shows it as is), so it is matched back to its key; unreadable hours by their code.
 */
function useFieldErrorText() {
  const { t } = useAdminText();
  const { code } = useServerText();
  return (field: string, message: string, max?: number) => {
    if (field === "hours" && !Object.values(SUGGESTION_MESSAGES).includes(message as never)) return code("HOURS_UNREADABLE");
    const key = (Object.keys(SUGGESTION_MESSAGES) as Array<keyof typeof SUGGESTION_MESSAGES>).find((name) => SUGGESTION_MESSAGES[name] === message);
    const textKey = `suggestions.error.${key ?? "other"}`;
    return isAdminTextKey(textKey) ? t(textKey, { max: max ?? "" }) : t("suggestions.error.other");
  };
}

const MAX_LENGTH = {
  name: SUGGESTION_LIMITS.nameMax,
  fullAddress: SUGGESTION_LIMITS.addressMax,
  phone: SUGGESTION_LIMITS.phoneMax,
  website: SUGGESTION_LIMITS.websiteMax,
  hours: SUGGESTION_LIMITS.hoursMax,
} as const;

export default function AdminSuggestions() {
  const { suggestions, nextAfterId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { csrfToken } = useAdminSession();
  const { t, formatDateTime } = useAdminText();
  const fieldErrorText = useFieldErrorText();
  const navigation = useNavigation();
  const errorsOf = (id: number): SuggestionFieldErrors => (result && !result.success && result.id === id ? result.fieldErrors : {});
  const notice = result?.success
    ? t(result.intent === "accept" ? "suggestions.accepted" : result.intent === "save" ? "suggestions.saved" : "suggestions.rejected", {
        id: result.intent === "accept" ? result.businessId : result.id,
      })
    : result
      ? t("suggestions.invalid")
      : null;
  return (
    <div className="space-y-6">
      <PageHeader title={t("suggestions.title")} subtitle={t("suggestions.subtitle")} />
      {notice ? (
        <p
          role={result?.success ? "status" : "alert"}
          className={`rounded-xl border p-4 text-sm font-medium ${result?.success ? "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100" : "border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"}`}
        >
          {notice}
        </p>
      ) : null}
      {suggestions.length === 0 ? (
        <AdminCard>
          <EmptyState icon="edit">{t("suggestions.empty")}</EmptyState>
        </AdminCard>
      ) : (
        <ul className="space-y-4">
          {suggestions.map((suggestion) => {
            const busy = navigation.formData?.get("id") === String(suggestion.id);
            const errors = errorsOf(suggestion.id);
            const fields = SUGGESTION_TEXT_FIELDS.filter((field) => suggestion.proposal[field] !== null);
            const headingId = `suggestion-${suggestion.id}-title`;
            return (
              <li key={suggestion.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <Form method="post" aria-labelledby={headingId}>
                  <input type="hidden" name="_csrf" value={csrfToken} />
                  <input type="hidden" name="id" value={suggestion.id} />
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
                        <span className="break-words">{suggestion.business.name}</span>
                        {suggestion.business.status !== "operational" ? (
                          <Badge tone="amber">{t(`suggestions.closure.${suggestion.business.status}` as AdminTextKey)}</Badge>
                        ) : null}
                      </h2>
                      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                        #{suggestion.id} · {formatDateTime(suggestion.createdAt)} · {t("suggestions.from")}:{" "}
                        {suggestion.email ? (
                          <a href={`mailto:${suggestion.email}`} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
                            {suggestion.email}
                          </a>
                        ) : (
                          t("suggestions.anonymous")
                        )}
                      </p>
                      {suggestion.business.keptFields.length > 0 ? (
                        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                          {t("suggestions.kept", { fields: suggestion.business.keptFields.join(", ") })}
                        </p>
                      ) : null}
                    </div>
                    <a
                      href={`/business/${encodeURIComponent(suggestion.business.slug)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses.secondary}
                    >
                      {t("suggestions.viewBusiness")}
                    </a>
                  </div>
                  {suggestion.note ? (
                    <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                      <span className="font-semibold">{t("suggestions.note")}:</span> {suggestion.note}
                    </p>
                  ) : null}
                  {/* Rows of field · now · proposed: three columns from sm up, stacked (with "Now:" said) on a phone. */}
                  <div className="mt-4 text-sm">
                    <div
                      aria-hidden="true"
                      className="hidden gap-4 border-b border-slate-100 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400 sm:grid sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)]"
                    >
                      <span>{t("suggestions.field")}</span>
                      <span>{t("suggestions.current")}</span>
                      <span>{t("suggestions.proposed")}</span>
                    </div>
                    {[...fields, "closure" as const].map((field) => {
                      const inputId = `suggestion-${suggestion.id}-${field}`;
                      const error = field === "closure" ? errors.closure : errors[field];
                      const describedBy = [`${inputId}-now`, error ? `${inputId}-error` : null].filter(Boolean).join(" ");
                      const current =
                        field === "closure"
                          ? suggestion.business.status === "operational"
                            ? t("suggestions.closure.none")
                            : t(`suggestions.closure.${suggestion.business.status}` as AdminTextKey)
                          : (suggestion.business.current[field] ?? "—");
                      const shared = {
                        id: inputId,
                        name: field,
                        "aria-invalid": error ? true : undefined,
                        "aria-describedby": describedBy,
                      };
                      return (
                        <div
                          key={field}
                          className="grid gap-1.5 border-b border-slate-100 py-3 last:border-b-0 dark:border-slate-800 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-4"
                        >
                          <label htmlFor={inputId} className="font-medium text-slate-800 dark:text-slate-200">
                            {t(field === "closure" ? "suggestions.closure" : `suggestions.${field}`)}
                          </label>
                          <p id={`${inputId}-now`} className="break-words text-slate-700 dark:text-slate-300">
                            <span className="font-medium sm:sr-only">{t("suggestions.current")}: </span>
                            {current}
                          </p>
                          <div className="min-w-0">
                            {field === "closure" ? (
                              <select {...shared} defaultValue={suggestion.proposal.closure ?? ""} className={inputClasses}>
                                <option value="">{t("suggestions.closure.none")}</option>
                                {SUGGESTION_CLOSURE_VALUES.map((value) => (
                                  <option key={value} value={value}>
                                    {t(`suggestions.closure.${value}`)}
                                  </option>
                                ))}
                              </select>
                            ) : field === "hours" ? (
                              <textarea
                                {...shared}
                                rows={3}
                                maxLength={MAX_LENGTH[field]}
                                defaultValue={suggestion.proposal[field] ?? ""}
                                className={textareaClasses}
                              />
                            ) : (
                              <input
                                {...shared}
                                maxLength={MAX_LENGTH[field]}
                                defaultValue={suggestion.proposal[field] ?? ""}
                                className={inputClasses}
                              />
                            )}
                            {error ? (
                              <p id={`${inputId}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
                                {fieldErrorText(field, error, field === "closure" ? undefined : MAX_LENGTH[field])}
                              </p>
                            ) : null}
                          </div>
                        </div>
                      );
                    })}
                  </div>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="accept" className={buttonClasses.primary} disabled={busy}>
                      {t("suggestions.accept")}
                    </button>
                    <button type="submit" name="intent" value="save" className={buttonClasses.secondary} disabled={busy}>
                      {t("suggestions.save")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="reject"
                      className={buttonClasses.ghost}
                      disabled={busy}
                      onClick={(event) => {
                        if (!window.confirm(t("suggestions.rejectConfirm", { name: suggestion.business.name }))) event.preventDefault();
                      }}
                    >
                      <span className="text-red-700 dark:text-red-400">{t("suggestions.reject")}</span>
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {nextAfterId ? (
        <div className="flex justify-end">
          <Link to={`?${new URLSearchParams({ after: String(nextAfterId) })}`} className={buttonClasses.secondary}>
            {t("suggestions.more")} →
          </Link>
        </div>
      ) : null}
    </div>
  );
}
