// /contact: the team's addresses (admin site settings) and hours, the directory's live figures and the "Send us a
// Message" form; the form posts to this route's action (works without JavaScript) and, with JavaScript, confirms with a toast.
import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { BUSINESS_HOURS } from "~/components/site-facts";
import { addressLines, EmailLink, identityValue, IdentityLines, useSiteFacts } from "~/components/site-identity";
import { SiteToast, type SiteToastMessage } from "~/components/site-toast";
import { sendContactMessage } from "~/models/contact.server";
import { readFormBody } from "~/models/form-body.server";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  pickContactValues,
  type ContactField,
  type ContactValues,
} from "~/utils/contact-form";
import { formatAtLeast } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_CONTACT_FORM } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) =>
  buildPageMeta({
    title: "Contact Us",
    description:
      "Questions about a listing, a map problem or a partnership? Write to the Business Directory team; we reply within 24 hours on business days.",
    path: "/contact",
    siteUrl: getSiteUrlFromMatches(matches),
  });

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders.has("Cache-Control") ? loaderHeaders : { "Cache-Control": CACHE_CONTACT_FORM };

export function loader() {
  return json(null, { headers: { "Cache-Control": CACHE_CONTACT_FORM } });
}

export async function action({ request }: ActionFunctionArgs) {
  const input = Object.fromEntries([...(await readFormBody(request))].filter(([, value]) => typeof value === "string"));
  const { status, result, headers } = await sendContactMessage(input, request);
  return json({ ...result, values: result.ok ? null : pickContactValues(input) }, { status, headers });
}

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card flex gap-4 p-5">
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {icon}
        </svg>
      </span>
      <div className="min-w-0 text-sm leading-6 text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {children}
      </div>
    </section>
  );
}

interface FieldProps {
  field: ContactField;
  label: string;
  required?: boolean;
  error?: string;
  defaultValue: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}

function Field({ field, label, required = false, error, defaultValue, type = "text", autoComplete, multiline = false }: FieldProps) {
  const id = `contact-${field}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": required || undefined,
    className: `input ${error ? "border-red-600 focus:border-red-600 focus:ring-red-600/30" : ""}`,
  };
  return (
    <div className={multiline ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (Optional)</span>
        )}
      </label>
      <div className="mt-1.5">
        {multiline ? <textarea {...shared} rows={CONTACT_LIMITS.messageRows} /> : <input {...shared} type={type} autoComplete={autoComplete} />}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Without JavaScript the answer is a new page: the fragment brings the visitor back to the form and its notice. */
const FORM_SECTION_ID = "send-message";

const EMPTY_VALUES: ContactValues = { name: "", email: "", company: "", phone: "", subject: "", message: "" };

function ContactForm({ onResult }: { onResult: (toast: Omit<SiteToastMessage, "id">) => void }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact") === true;
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const honeypotId = useId();
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      formRef.current?.reset();
      onResult({ title: CONTACT_MESSAGES.successTitle, description: CONTACT_MESSAGES.successText, variant: "success" });
    } else if (result.code === "VALIDATION_FAILED") {
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    } else {
      onResult({ title: CONTACT_MESSAGES.errorTitle, description: CONTACT_MESSAGES.errorText, variant: "error" });
    }
  }, [result, onResult]);

  const values = result?.values ?? EMPTY_VALUES;
  const errors = result && !result.ok && result.code === "VALIDATION_FAILED" ? result.fieldErrors : {};
  // Without JavaScript there is no toast: the outcome is shown above the form instead.
  const notice = !hydrated && result && result.code !== "VALIDATION_FAILED" ? result : null;

  return (
    <Form
      ref={formRef}
      method="post"
      action={`/contact#${FORM_SECTION_ID}`}
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      aria-describedby="contact-required-note"
    >
      {notice ? (
        <div
          role={notice.ok ? "status" : "alert"}
          className={`rounded-lg border p-4 text-sm sm:col-span-2 ${notice.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900"}`}
        >
          <p className="font-semibold">{notice.ok ? CONTACT_MESSAGES.successTitle : CONTACT_MESSAGES.errorTitle}</p>
          <p className="mt-1">{notice.ok ? CONTACT_MESSAGES.successText : CONTACT_MESSAGES.errorText}</p>
        </div>
      ) : null}
      <p id="contact-required-note" className="text-sm text-slate-600 sm:col-span-2">
        Fields marked * are required.
      </p>
      <Field field="name" label="Full Name" required error={errors.name} defaultValue={values.name} autoComplete="name" />
      <Field field="email" label="Email Address" required type="email" error={errors.email} defaultValue={values.email} autoComplete="email" />
      <Field field="company" label="Company" error={errors.company} defaultValue={values.company} autoComplete="organization" />
      <Field field="phone" label="Phone Number" type="tel" error={errors.phone} defaultValue={values.phone} autoComplete="tel" />
      <div className="sm:col-span-2">
        <Field field="subject" label="Subject" required error={errors.subject} defaultValue={values.subject} />
      </div>
      <Field field="message" label="Message" required multiline error={errors.message} defaultValue={values.message} />
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={honeypotId}>Website (leave this empty)</label>
        <input id={honeypotId} name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? (
            <>
              <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
                <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
              Sending...
            </>
          ) : (
            "Send Message"
          )}
        </button>
      </div>
    </Form>
  );
}

export default function ContactPage() {
  const [toast, setToast] = useState<SiteToastMessage | null>(null);
  const [showToast] = useState(() => (message: Omit<SiteToastMessage, "id">) => setToast({ ...message, id: Date.now() }));
  const { identity, figures } = useSiteFacts();
  const address = addressLines(identity);
  const phone = identityValue(identity, identity.phone, "Phone");
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Contact Us</p>
          <h1 className="mt-2 max-w-2xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">We're here to help</h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-slate-700">
            Questions about a listing, a correction to a business, a problem with a map or a partnership idea: write to us and a real person answers
            within 24 hours on business days.
          </p>
        </div>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:py-14">
        <div className="space-y-4">
          {address.some((line) => line !== null) ? (
            <InfoCard
              title="Office Address"
              icon={<path d="M12 21s-7-5.5-7-11a7 7 0 1 1 14 0c0 5.5-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />}
            >
              <address className="not-italic">
                <IdentityLines lines={address} />
              </address>
            </InfoCard>
          ) : null}
          {phone ? (
            <InfoCard
              title="Phone Support"
              icon={
                <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
              }
            >
              <p>
                {identity.phone && identity.phoneHref ? (
                  <a href={identity.phoneHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {identity.phone}
                  </a>
                ) : (
                  phone
                )}
              </p>
              <p className="text-slate-600">During business hours (EST).</p>
            </InfoCard>
          ) : null}
          {identity.supportEmail || identity.showPlaceholders ? (
            <InfoCard title="Email Support" icon={<path d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm18 2-10 7L2 6" />}>
              <p>
                <EmailLink
                  identity={identity}
                  email={identity.supportEmail}
                  what="Support e-mail"
                  className="break-all font-medium text-brand-700 underline-offset-2 hover:underline"
                />
              </p>
              <p className="text-slate-600">You can also email us about map-related problems, such as a wrong pin or missing directions.</p>
            </InfoCard>
          ) : null}
          <InfoCard title="Business Hours" icon={<path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-14v4l3 2" />}>
            <dl className="mt-1 space-y-1">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days} className="flex flex-wrap justify-between gap-x-4">
                  <dt>{row.days}</dt>
                  <dd className="font-medium text-slate-900">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </InfoCard>
          {figures ? (
            <section className="rounded-xl bg-slate-900 p-6 text-white" aria-labelledby="platform-stats">
              <h2 id="platform-stats" className="text-base font-semibold">
                Platform Statistics
              </h2>
              <dl className="mt-4 grid grid-cols-2 gap-4">
                {[
                  { label: "Businesses", value: figures.businesses },
                  { label: "Countries", value: figures.countries },
                  { label: "Cities", value: figures.cities },
                  { label: "Categories", value: figures.categories },
                ].map((stat) => (
                  <div key={stat.label} className="flex flex-col-reverse">
                    <dt className="text-sm text-slate-300">{stat.label}</dt>
                    <dd className="text-2xl font-bold tracking-tight">{formatAtLeast(stat.value)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>

        <section id={FORM_SECTION_ID} className="card relative scroll-mt-20 p-6 sm:p-8 lg:self-start" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Send us a Message
          </h2>
          <p className="mb-6 mt-2 text-sm text-slate-600">We'll get back to you within 24 hours.</p>
          <ContactForm onResult={showToast} />
        </section>
      </div>
      <SiteToast toast={toast} onDismiss={() => setToast(null)} />
    </>
  );
}
