// Column headings + body rows → the admin's scrollable data table (a focusable, labelled region so keyboard users can
// scroll it), in one of two looks: "compact" inside a card's padding, "flush" edge to edge across the card.
import type { ReactNode } from "react";

export interface AdminTableColumn {
  label: ReactNode;
  /** Numbers line up on the right, as their cells do. */
  align?: "right";
}

// NOTE: every region is `relative`: an absolutely placed descendant (a visually hidden "sr-only" heading) escapes a
// scroll box that is not its containing block and widened the whole page at 390 px (the trash: 538–612 px).
const LOOKS = {
  compact: {
    region: "relative overflow-x-auto",
    table: (minWidthClass = "") => ["w-full", minWidthClass, "text-left text-sm"].filter(Boolean).join(" "),
    head: "text-xs uppercase text-slate-700 dark:text-slate-300",
    // The last column needs no gap to its right.
    cell: (last: boolean) => (last ? "py-2" : "py-2 pr-3"),
  },
  flush: {
    region: "relative -mx-5 -my-5 overflow-x-auto",
    table: () => "min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800",
    head: "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800/50 dark:text-slate-400",
    cell: () => "px-5 py-3",
  },
} as const;

export function AdminTable({
  label,
  columns,
  look,
  minWidthClass,
  marker,
  children,
}: {
  /** Names the scrollable region for screen readers. */
  label: string;
  columns: readonly AdminTableColumn[];
  look: keyof typeof LOOKS;
  /** Compact look: a literal Tailwind class such as "min-w-[28rem]" (written out in the caller so Tailwind keeps it). */
  minWidthClass?: string;
  /** Sets `data-<marker>=""` on the table, for tests and styles that find it. */
  marker?: string;
  /** The body rows. */
  children: ReactNode;
}) {
  const styles = LOOKS[look];
  return (
    <div className={styles.region} tabIndex={0} role="region" aria-label={label}>
      <table className={styles.table(minWidthClass)} {...(marker ? { [`data-${marker}`]: "" } : {})}>
        <thead className={styles.head}>
          <tr>
            {columns.map((column, index) => {
              const cell = styles.cell(index === columns.length - 1);
              return (
                <th key={index} scope="col" className={column.align === "right" ? `${cell} text-right` : cell}>
                  {column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
