// /admin/settings: the four site-code areas (character counts, script-tag warning), the company identity and legal
// details public pages show (save / reset / clear cache cover all) and the sitemap files with copy and open actions plus a Search Console guide.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CodeArea, InlineWarning } from "~/components/admin/code-area";
import { useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { AdminIcon } from "~/components/admin/admin-icons";
import { AdminCard, adminMeta, Badge, buttonClasses, inputClasses, PageHeader } from "~/components/admin/admin-ui";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getSitemapOverview, loadSiteSettingsForAdmin } from "~/models/site-code.server";
import { adminFetch } from "~/utils/admin-fetch";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "settings.title");

const FIELDS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const;
type Field = (typeof FIELDS)[number];
/** The identity inputs, with the server's limits (site-identity.server) as maxLength and the keyboard they need. */
const IDENTITY_FIELDS = [
  { field: "company_name", maxLength: 200, type: "text", autoComplete: "organization" },
  { field: "company_street", maxLength: 200, type: "text", autoComplete: "street-address" },
  { field: "company_postal_city", maxLength: 120, type: "text", autoComplete: "off" },
  { field: "company_country", maxLength: 100, type: "text", autoComplete: "country-name" },
  { field: "company_phone", maxLength: 40, type: "tel", autoComplete: "tel" },
  { field: "support_email", maxLength: 254, type: "email", autoComplete: "email" },
  { field: "privacy_email", maxLength: 254, type: "email", autoComplete: "email" },
  { field: "legal_email", maxLength: 254, type: "email", autoComplete: "email" },
] as const;
/** The legal notice's registration and jurisdiction facts (site-identity.server limits); empty = left out, never defaulted. */
const LEGAL_FIELDS = [
  { field: "company_legal_form", maxLength: 120, type: "text", autoComplete: "off" },
  { field: "company_register", maxLength: 200, type: "text", autoComplete: "off" },
  { field: "company_registration_number", maxLength: 80, type: "text", autoComplete: "off" },
  { field: "company_vat_id", maxLength: 40, type: "text", autoComplete: "off" },
  { field: "company_management", maxLength: 300, type: "text", autoComplete: "off" },
  { field: "governing_law", maxLength: 200, type: "text", autoComplete: "off" },
  { field: "place_of_jurisdiction", maxLength: 200, type: "text", autoComplete: "off" },
] as const;
type TextInput = (typeof IDENTITY_FIELDS)[number] | (typeof LEGAL_FIELDS)[number];
/** The spec warns about script tags in head and footer code. */
const WARN_FIELDS: readonly Field[] = ["head_tags", "footer_tags"];
const CACHE_RELOAD_DELAY_MS = 2000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [settings, sitemap] = await Promise.all([loadSiteSettingsForAdmin(), getSitemapOverview(request)]);
  return json({ settings, sitemap }, { headers: { "Cache-Control": NO_STORE } });
}

function SitemapRow({ url }: { url: string }) {
  const { t } = useAdminText();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <li className="flex flex-wrap items-center gap-2 py-2.5">
      <code className="w-full min-w-0 break-all text-sm text-slate-800 sm:w-auto sm:flex-1 dark:text-slate-200">{url}</code>
      <button
        type="button"
        className={buttonClasses.ghost}
        onClick={() =>
          navigator.clipboard
            .writeText(url)
            .then(() => setCopied("yes"))
            .catch(() => setCopied("failed"))
        }
      >
        <AdminIcon name={copied === "yes" ? "check" : "copy"} className="h-4 w-4" />
        {copied === "yes" ? t("common.copied") : t("common.copy")}
      </button>
      <a href={url} target="_blank" rel="noreferrer" className={buttonClasses.ghost}>
        <AdminIcon name="external" className="h-4 w-4" />
        {t("common.open")}
      </a>
      {copied === "failed" ? <p className="w-full text-xs text-red-700">{t("settings.copyFailed")}</p> : null}
    </li>
  );
}

/** Labelled one-line inputs in a two-column grid, with the server's limits as maxLength. */
function TextInputs({
  inputs,
  values,
  onChange,
}: {
  inputs: readonly TextInput[];
  values: Record<TextInput["field"], string>;
  onChange: (field: TextInput["field"], value: string) => void;
}) {
  const { t } = useAdminText();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {inputs.map(({ field, maxLength, type, autoComplete }) => (
        <div key={field} className="min-w-0">
          <label htmlFor={field} className="mb-1.5 block text-sm font-semibold text-slate-900 dark:text-white">
            {t(`settings.${field}`)}
          </label>
          <input
            id={field}
            name={field}
            type={type}
            maxLength={maxLength}
            autoComplete={autoComplete}
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            className={inputClasses}
          />
        </div>
      ))}
    </div>
  );
}

export default function AdminSettings() {
  const { settings, sitemap } = useLoaderData<typeof loader>();
  const { csrfToken } = useAdminSession();
  const { t, formatNumber } = useAdminText();
  const { pending, run } = useAdminAction();
  const [saved, setSaved] = useState(settings);
  const [values, setValues] = useState(settings);
  const dirty = [...FIELDS, ...[...IDENTITY_FIELDS, ...LEGAL_FIELDS].map((input) => input.field)].some((field) => values[field] !== saved[field]);
  const indexUrl = `${sitemap.siteUrl}/sitemap.xml`;

  const save = async () => {
    const result = await run(
      "save",
      () => adminFetch<{ settings: typeof settings }>("/api/admin/site-settings", { method: "POST", json: values, csrfToken }),
      {
        success: { title: t("settings.saved"), description: t("settings.savedText") },
        failureTitle: t("settings.saveError"),
      },
    );
    if (result) setSaved(result.settings);
  };
  const clearCache = async () => {
    const result = await run("cache", () => adminFetch("/api/admin/clear-cache", { method: "POST", csrfToken }), {
      success: { title: t("settings.cacheCleared"), description: t("settings.cacheClearedText") },
      failureTitle: t("settings.cacheError"),
    });
    if (result) setTimeout(() => window.location.reload(), CACHE_RELOAD_DELAY_MS);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("settings.title")}
        subtitle={t("settings.subtitle")}
        actions={
          <>
            {dirty ? <Badge tone="amber">{t("settings.unsaved")}</Badge> : null}
            <button type="button" className={buttonClasses.secondary} onClick={() => setValues(saved)} disabled={!dirty || pending !== null}>
              {t("common.reset")}
            </button>
            <button type="button" className={buttonClasses.secondary} onClick={clearCache} disabled={pending !== null}>
              {pending === "cache" ? t("settings.clearingCache") : t("settings.clearCache")}
            </button>
            <button type="button" className={buttonClasses.primary} onClick={save} disabled={pending !== null}>
              {pending === "save" ? t("common.saving") : t("common.save")}
            </button>
          </>
        }
      />
      <AdminCard>
        <div className="grid gap-6 lg:grid-cols-2">
          {FIELDS.map((field) => (
            <CodeArea
              key={field}
              id={field}
              label={t(`settings.${field}` as AdminTextKey)}
              help={t(`settings.${field}.help` as AdminTextKey)}
              value={values[field]}
              onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
            >
              {WARN_FIELDS.includes(field) && /<script\b/i.test(values[field]) ? <InlineWarning>{t("settings.scriptWarning")}</InlineWarning> : null}
            </CodeArea>
          ))}
        </div>
      </AdminCard>

      <AdminCard title={t("settings.identity")} description={t("settings.identity.help")}>
        <TextInputs inputs={IDENTITY_FIELDS} values={values} onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} />
      </AdminCard>

      <AdminCard title={t("settings.legal")} description={t("settings.legal.help")}>
        <TextInputs inputs={LEGAL_FIELDS} values={values} onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} />
      </AdminCard>

      <div className="grid gap-6 xl:grid-cols-5">
        <AdminCard
          title={t("settings.sitemaps")}
          description={t("settings.sitemapsHint", { files: formatNumber(sitemap.files.length), count: formatNumber(sitemap.approvedBusinesses) })}
          className="xl:col-span-3"
        >
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {sitemap.files.map((file) => (
              <SitemapRow key={file} url={`${sitemap.siteUrl}${file}`} />
            ))}
          </ul>
        </AdminCard>
        <AdminCard title={t("settings.consoleGuide")} className="xl:col-span-2">
          <ol className="space-y-4">
            {(["settings.consoleStep1", "settings.consoleStep2", "settings.consoleStep3", "settings.consoleStep4"] as const).map((key, index) => (
              <li key={key} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
                  {index + 1}
                </span>
                <span className="break-words">{t(key, { url: indexUrl })}</span>
              </li>
            ))}
          </ol>
        </AdminCard>
      </div>
    </div>
  );
}
