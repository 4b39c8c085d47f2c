// /business/{slug}/suggest: the "Suggest an edit / report closed" form for one business (no account); it posts to
// this route's action and works without JavaScript. The answer is the form again with its errors, or a thank-you.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { findSuggestTarget, submitBusinessSuggestion } from "~/models/business-suggestions.server";
import { NO_STORE } from "~/models/cache-policy.server";
import { readFormBody } from "~/models/form-body.server";
import { BusinessParamsSchema } from "~/models/public-params.server";
import { movedPermanently } from "~/models/public-responses.server";
import {
  pickSuggestionValues,
  SUGGESTION_CLOSURE_LABELS,
  SUGGESTION_CLOSURE_VALUES,
  SUGGESTION_FIELD_LABELS,
  SUGGESTION_HONEYPOT_FIELD,
  SUGGESTION_LIMITS,
  SUGGESTION_MESSAGES,
  type SuggestionField,
  type SuggestionValues,
} from "~/utils/suggest-edit-form";
import { SITE_NAME } from "~/utils/seo";

function notFound(): Response {
  return new Response("Business not found: 404", { status: 404, headers: { "Cache-Control": NO_STORE } });
}

async function loadTarget(params: LoaderFunctionArgs["params"]) {
  const parsed = BusinessParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound();
  const found = await findSuggestTarget(parsed.data.slug);
  if (found.status === "moved") throw movedPermanently(`/business/${encodeURIComponent(found.slug)}/suggest`);
  if (found.status === "not_found") throw notFound();
  return found.business;
}

export async function loader({ params }: LoaderFunctionArgs) {
  // NOTE: never cached: the current values shown beside the fields must be the ones an admin just accepted.
  return json(await loadTarget(params), { headers: { "Cache-Control": NO_STORE } });
}

export async function action({ params, request }: ActionFunctionArgs) {
  const business = await loadTarget(params);
  const input = Object.fromEntries([...(await readFormBody(request))].filter(([, value]) => typeof value === "string"));
  const { status, result, headers } = await submitBusinessSuggestion(business.id, input, request);
  return json({ ...result, values: result.ok ? null : pickSuggestionValues(input) }, { status, headers });
}

/** The action's own headers (no-store, Retry-After when rate-limited), else the loader's or the error's. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ??
  (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders.has("Cache-Control") ? loaderHeaders : { "Cache-Control": NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Suggest an edit: ${data.name} | ${SITE_NAME}` : `Business Not Found | ${SITE_NAME}` },
  { name: "robots", content: "noindex, follow" },
];

const EMPTY: SuggestionValues = { name: "", fullAddress: "", phone: "", website: "", hours: "", closure: "", note: "", email: "" };

interface FieldProps {
  field: SuggestionField;
  error?: string;
  defaultValue: string;
  current?: string | null;
  hint?: string;
  type?: string;
  autoComplete?: string;
  maxLength: number;
  multiline?: boolean;
}

function Field({ field, error, defaultValue, current, hint, type = "text", autoComplete = "off", maxLength, multiline = false }: FieldProps) {
  const id = `suggest-${field}`;
  const describedBy = [current || hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name: field,
    defaultValue,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `input ${error ? "border-red-600 focus:border-red-600 focus:ring-red-600/30" : ""}`,
  };
  return (
    <div className={multiline ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {SUGGESTION_FIELD_LABELS[field]}
        <span className="font-normal text-slate-600"> (Optional)</span>
      </label>
      {current || hint ? (
        <p id={`${id}-hint`} className="mt-0.5 break-words text-xs text-slate-600">
          {current ? `Now: ${current}` : hint}
        </p>
      ) : null}
      <div className="mt-1.5">{multiline ? <textarea {...shared} rows={3} /> : <input {...shared} type={type} autoComplete={autoComplete} />}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function SuggestEditPage() {
  const business = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const honeypotId = useId();
  const businessPath = `/business/${encodeURIComponent(business.slug)}`;

  useEffect(() => {
    if (!result) return;
    if (result.code === "VALIDATION_FAILED") formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    else noticeRef.current?.focus();
  }, [result]);

  const values = result?.values ?? EMPTY;
  const errors = result && !result.ok && result.code === "VALIDATION_FAILED" ? result.fieldErrors : {};

  return (
    <div className="container-page pb-16 pt-6">
      <Link to={businessPath} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to {business.name}
      </Link>
      <div className="mx-auto mt-6 max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Suggest an edit</h1>
        <p className="mt-2 break-words text-slate-700">
          Something wrong with <span className="font-semibold text-slate-900">{business.name}</span>, or has it closed? Tell us what should change; an
          editor checks every suggestion before the listing changes.
        </p>

        {result?.ok ? (
          <div ref={noticeRef} tabIndex={-1} role="status" className="card mt-6 scroll-mt-24 border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
            <h2 className="text-lg font-semibold">{SUGGESTION_MESSAGES.successTitle}</h2>
            <p className="mt-1 text-sm">{SUGGESTION_MESSAGES.successText}</p>
            <Link to={businessPath} className="btn-primary mt-4">
              Back to {business.name}
            </Link>
          </div>
        ) : (
          <section className="card mt-6 p-5 sm:p-8" aria-labelledby="suggest-form-title">
            <h2 id="suggest-form-title" className="sr-only">
              Your suggestion
            </h2>
            {result && !result.ok && result.code !== "VALIDATION_FAILED" ? (
              <div
                ref={noticeRef}
                tabIndex={-1}
                role="alert"
                className="mb-6 scroll-mt-24 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
              >
                <p className="font-semibold">{SUGGESTION_MESSAGES.errorTitle}</p>
                <p className="mt-1">{result.message}</p>
              </div>
            ) : null}
            <Form ref={formRef} method="post" noValidate className="grid gap-5 sm:grid-cols-2">
              <fieldset className="sm:col-span-2" aria-describedby={errors.closure ? "suggest-closure-error" : undefined}>
                <legend className="text-sm font-medium text-slate-800">{SUGGESTION_FIELD_LABELS.closure}</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {(["", ...SUGGESTION_CLOSURE_VALUES] as const).map((value) => (
                    <label
                      key={value || "open"}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="closure"
                        value={value}
                        defaultChecked={values.closure === value}
                        className="h-4 w-4 accent-brand-600"
                      />
                      {SUGGESTION_CLOSURE_LABELS[value]}
                    </label>
                  ))}
                </div>
                {errors.closure ? (
                  <p id="suggest-closure-error" className="mt-1.5 text-sm font-medium text-red-700">
                    {errors.closure}
                  </p>
                ) : null}
              </fieldset>
              <p className="text-sm text-slate-600 sm:col-span-2">Fill in only what should change.</p>
              <Field field="name" error={errors.name} defaultValue={values.name} current={business.name} maxLength={SUGGESTION_LIMITS.nameMax} />
              <Field
                field="phone"
                type="tel"
                error={errors.phone}
                defaultValue={values.phone}
                current={business.phone}
                maxLength={SUGGESTION_LIMITS.phoneMax}
              />
              <div className="sm:col-span-2">
                <Field
                  field="fullAddress"
                  error={errors.fullAddress}
                  defaultValue={values.fullAddress}
                  current={business.fullAddress}
                  maxLength={SUGGESTION_LIMITS.addressMax}
                />
              </div>
              <div className="sm:col-span-2">
                <Field
                  field="website"
                  type="url"
                  error={errors.website}
                  defaultValue={values.website}
                  current={business.website}
                  maxLength={SUGGESTION_LIMITS.websiteMax}
                />
              </div>
              <Field
                field="hours"
                multiline
                error={errors.hours}
                defaultValue={values.hours}
                current={business.hours}
                hint="For example: Monday: 9:00 AM – 6:00 PM | Sunday: Closed"
                maxLength={SUGGESTION_LIMITS.hoursMax}
              />
              <Field field="note" multiline error={errors.note} defaultValue={values.note} maxLength={SUGGESTION_LIMITS.noteMax} />
              <div className="sm:col-span-2">
                <Field
                  field="email"
                  type="email"
                  autoComplete="email"
                  error={errors.email}
                  defaultValue={values.email}
                  hint="Only if we may ask you about this suggestion; never shown or shared."
                  maxLength={SUGGESTION_LIMITS.emailMax}
                />
              </div>
              <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
                <label htmlFor={honeypotId}>Homepage (leave this empty)</label>
                <input id={honeypotId} name={SUGGESTION_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              {errors.form ? (
                <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2">
                  {errors.form}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
                <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
                  {pending ? "Sending..." : "Send suggestion"}
                </button>
                <Link to={businessPath} className="btn-secondary w-full sm:w-auto">
                  Cancel
                </Link>
              </div>
            </Form>
          </section>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = !isRouteErrorResponse(error) || error.status === 404;
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{missing ? "Business Not Found" : "Your suggestion could not be read"}</h1>
      <p className="mt-2 text-slate-700">
        {missing
          ? "The business you want to suggest an edit for does not exist or was removed."
          : "Go back to the business page and send the form again."}
      </p>
      <Link to="/" className="btn-primary mt-6">
        Go to the home page
      </Link>
    </div>
  );
}
