// Shared admin building blocks: page header, cards, stat tiles, badges, empty states and the page <title>.
import type { ReactNode } from "react";
import { DEFAULT_ADMIN_LOCALE, translate, type AdminLocale, type AdminTextKey } from "./admin-i18n";
import { AdminIcon, type AdminIconName } from "./admin-icons";

/** The page <title> in the admin's language (the root loader says which): "İşletmeler · Yönetim · İşletme Rehberi". */
export function adminMeta(matches: ReadonlyArray<{ id: string; data?: unknown }>, key: AdminTextKey, values?: Record<string, string | number>) {
  const root = matches.find((match) => match.id === "root")?.data as { adminLanguage?: AdminLocale | null } | undefined;
  const locale = root?.adminLanguage ?? DEFAULT_ADMIN_LOCALE;
  const title = `${translate(locale, key, values)} · ${translate(locale, "app.adminShort")} · ${translate(locale, "app.name")}`;
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function AdminCard({
  title,
  description,
  actions,
  children,
  className = "",
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      {title ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <div>
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
            {description ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      <div className="p-5">{children}</div>
    </section>
  );
}

const TONES = {
  brand: "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-200",
  green: "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-200",
  amber: "bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-200",
  violet: "bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-200",
  red: "bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-200",
} as const;

export type Tone = keyof typeof TONES;

export function StatCard({
  label,
  value,
  hint,
  icon,
  tone = "brand",
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: AdminIconName;
  tone?: Tone;
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        <span className={`hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl sm:flex ${TONES[tone]}`}>
          <AdminIcon name={icon} />
        </span>
      </div>
      <p className="mt-2 truncate text-2xl font-bold tabular-nums tracking-tight text-slate-900 sm:text-3xl dark:text-white">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-600 sm:text-sm dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

export function Badge({ tone, children }: { tone: "green" | "red" | "slate" | "amber" | "brand"; children: ReactNode }) {
  const classes = {
    green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
    red: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
    slate: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
    amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
    brand: "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100",
  }[tone];
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${classes}`}>{children}</span>;
}

export function EmptyState({ icon, children }: { icon: AdminIconName; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <AdminIcon name={icon} className="h-6 w-6" />
      </span>
      {children}
    </div>
  );
}

export const buttonClasses = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50",
  ghost:
    "inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800",
} as const;

export const textareaClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-3 font-mono text-[13px] leading-relaxed text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

export const inputClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

/** One yes/no option with its label beside it (the label may wrap; the box stays on its first line). */
export function OptionCheckbox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-700">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
