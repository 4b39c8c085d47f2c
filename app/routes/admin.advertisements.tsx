// /admin/advertisements: the four business-page ad slots with their placement, a live size against the
// 50 KB cap (the server enforces it too), save and reset.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CodeArea, InlineWarning } from "~/components/admin/code-area";
import { useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { AdminIcon } from "~/components/admin/admin-icons";
import { AdminCard, adminMeta, Badge, buttonClasses, PageHeader } from "~/components/admin/admin-ui";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { loadAdSlotsForAdmin } from "~/models/site-code.server";
import { adminFetch } from "~/utils/admin-fetch";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "ads.title");

const SLOTS = ["ad1", "ad2", "ad3", "ad4"] as const;
const SLOT_MAX_BYTES = 50 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json({ codes: await loadAdSlotsForAdmin() }, { headers: { "Cache-Control": NO_STORE } });
}

export default function AdminAdvertisements() {
  const { codes } = useLoaderData<typeof loader>();
  const { csrfToken } = useAdminSession();
  const { t, formatNumber, formatBytes } = useAdminText();
  const { pending, run } = useAdminAction();
  const [saved, setSaved] = useState(codes);
  const [values, setValues] = useState(codes);
  const encoder = new TextEncoder();
  const sizes = Object.fromEntries(SLOTS.map((slot) => [slot, encoder.encode(values[slot]).length])) as Record<(typeof SLOTS)[number], number>;
  const tooLarge = SLOTS.some((slot) => sizes[slot] > SLOT_MAX_BYTES);
  const dirty = SLOTS.some((slot) => values[slot] !== saved[slot]);

  const save = async () => {
    const result = await run(
      "save",
      () => adminFetch<{ codes: typeof codes }>("/api/admin/advertisement-codes", { method: "POST", json: values, csrfToken }),
      {
        success: { title: t("ads.saved"), description: t("ads.savedText") },
        failureTitle: t("settings.saveError"),
      },
    );
    if (result) setSaved(result.codes);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("ads.title")}
        subtitle={t("ads.subtitle")}
        actions={
          <>
            {dirty ? <Badge tone="amber">{t("settings.unsaved")}</Badge> : null}
            <button type="button" className={buttonClasses.secondary} onClick={() => setValues(saved)} disabled={!dirty || pending !== null}>
              {t("common.reset")}
            </button>
            <button type="button" className={buttonClasses.primary} onClick={save} disabled={pending !== null || tooLarge}>
              {pending === "save" ? t("common.saving") : t("common.save")}
            </button>
          </>
        }
      />
      <p className="flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900 dark:text-brand-100">
        <AdminIcon name="shield" className="h-5 w-5 shrink-0" />
        {t("ads.limit")}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {SLOTS.map((slot, index) => {
          const over = sizes[slot] > SLOT_MAX_BYTES;
          return (
            <AdminCard key={slot} title={t("ads.slot", { n: index + 1 })} description={t(`ads.${slot}` as AdminTextKey)}>
              <CodeArea
                id={slot}
                label={`${t("ads.slot", { n: index + 1 })} · ${slot}`}
                value={values[slot]}
                rows={8}
                invalid={over}
                hideLabel
                footer={
                  <span className={over ? "font-semibold text-red-700 dark:text-red-400" : undefined}>
                    {t("common.characters", { count: formatNumber(values[slot].length) })} · {t("ads.size", { size: formatBytes(sizes[slot]) })}
                  </span>
                }
                onChange={(value) => setValues((current) => ({ ...current, [slot]: value }))}
              >
                <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                  <div
                    className={`h-full rounded-full ${over ? "bg-red-500" : "bg-brand-500"}`}
                    style={{ width: `${Math.min(100, (sizes[slot] / SLOT_MAX_BYTES) * 100)}%` }}
                  />
                </div>
                {over ? <InlineWarning>{t("ads.tooLarge")}</InlineWarning> : null}
              </CodeArea>
            </AdminCard>
          );
        })}
      </div>
    </div>
  );
}
