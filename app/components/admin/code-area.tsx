// A labelled monospace code editor with its character count (and an optional byte budget) and a warning slot.
import type { ReactNode } from "react";
import { useAdminText } from "./admin-i18n";
import { AdminIcon } from "./admin-icons";
import { textareaClasses } from "./admin-ui";

export function CodeArea({
  id,
  label,
  help,
  value,
  onChange,
  rows = 6,
  footer,
  invalid = false,
  hideLabel = false,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  footer?: ReactNode;
  invalid?: boolean;
  /** When a card title already names the field visually. */
  hideLabel?: boolean;
  children?: ReactNode;
}) {
  const { t, formatNumber } = useAdminText();
  return (
    <div>
      <div className={`mb-1.5 flex flex-wrap items-baseline gap-2 ${hideLabel ? "justify-end" : "justify-between"}`}>
        <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-semibold text-slate-900 dark:text-white"}>
          {label}
        </label>
        <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
          {footer ?? t("common.characters", { count: formatNumber(value.length) })}
        </span>
      </div>
      {help ? (
        <p id={`${id}-help`} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
          {help}
        </p>
      ) : null}
      <textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        spellCheck={false}
        aria-describedby={help ? `${id}-help` : undefined}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${textareaClasses} ${invalid ? "border-red-500 focus:border-red-500 focus:ring-red-500/30" : ""}`}
      />
      {children}
    </div>
  );
}

export function InlineWarning({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-2 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <AdminIcon name="warning" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
