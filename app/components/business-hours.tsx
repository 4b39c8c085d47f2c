// Opening hours → the Open/Closed badge and the week table with today highlighted, both on the business's own clock.
// The server renders the state at request time; the browser re-reads it every minute so a cached page never lies.
import { useEffect, useState, type ReactNode } from "react";
import { readOpenNow, type OpenNow, type OpenState, type SpecialHoursInput, type WeekHoursInput } from "../../db/rules/opening-hours.ts";
import type { DayHoursRow, SpecialDayRow } from "~/utils/opening-hours";

const REFRESH_MS = 60_000;

/**
 * The open state, first as the server computed it (so hydration matches), then refreshed from the visitor's clock;
 * a special day's hours replace the week's on its date.
 */
export function useOpenState(hours: WeekHoursInput | null, timeZone: string | null, initial: OpenNow, special?: SpecialHoursInput | null): OpenNow {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const refresh = () =>
      setState((current) => {
        const next = readOpenNow(hours, timeZone, new Date(), special);
        return next.label === current.label && next.today === current.today ? current : next;
      });
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [hours, timeZone, special]);
  return state;
}

/**
 * A card's open line ("Open now · closes 22:00"), read on the visitor's clock once the page runs and every minute
 * after: lists are cached for hours, so a line rendered by the server could be stale. null before that, and without hours.
 */
export function useOpenLine(
  hours: WeekHoursInput | null | undefined,
  timeZone: string | null | undefined,
  special?: SpecialHoursInput | null,
): OpenNow | null {
  const [state, setState] = useState<OpenNow | null>(null);
  useEffect(() => {
    if (!hours) return;
    const refresh = () =>
      setState((current) => {
        const next = readOpenNow(hours, timeZone, new Date(), special);
        return current && next.label === current.label ? current : next;
      });
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [hours, timeZone, special]);
  return state;
}

const STATUS_LABELS: Record<string, string> = { closed_temporarily: "Temporarily closed", closed_permanently: "Permanently closed" };

/** "Permanently closed" / "Temporarily closed" for a closed business's status; null when it is operational. */
export function closedStatusLabel(status: string | undefined): string | null {
  return (status && STATUS_LABELS[status]) || null;
}

/** The page-wide notice of a closed business ("Permanently closed" …); nothing for an operational one. */
export function ClosedBanner({ status }: { status: string }) {
  const label = STATUS_LABELS[status];
  if (!label) return null;
  const permanent = status === "closed_permanently";
  return (
    <div
      role="note"
      aria-label={label}
      data-testid="closed-banner"
      className={`flex items-start gap-3 rounded-xl border p-4 text-sm ${
        permanent ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"
      }`}
    >
      <svg viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 8v5m0 3h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
        />
      </svg>
      <div className="min-w-0">
        <p className="font-semibold">{label}</p>
        <p className="mt-0.5">
          {permanent
            ? "This business has closed for good. Its details are kept for reference."
            : "This business is closed for now. Check with it before you visit."}
        </p>
      </div>
    </div>
  );
}

/**
 * "Open now · closes 22:00" / "Closed · opens Mon 09:00" (the `label`); a closed-for-good business says so instead;
 * nothing when hours are unknown.
 */
export function OpenBadge({ open, label, status }: { open: boolean | null; label: string | null; status: string }) {
  const closedLabel = STATUS_LABELS[status];
  if (closedLabel) {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-200">
        {closedLabel}
      </span>
    );
  }
  if (open === null || label === null) return null;
  return (
    <span
      data-testid="open-badge"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${
        open ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"
      }`}
    >
      <span className={`h-2 w-2 rounded-full ${open ? "bg-emerald-500" : "bg-slate-500"}`} aria-hidden="true" />
      {label}
    </span>
  );
}

const ROW_LOOKS = {
  week: { today: "bg-brand-50 font-semibold text-brand-900", mark: "text-brand-700" },
  special: { today: "bg-amber-50 font-semibold text-amber-900", mark: "text-amber-800" },
} as const;

/** One day of an hours table: its name, "(Today)" and the highlight on today, the shifts one per line. */
function HoursRow({
  look,
  isToday,
  label,
  note = null,
  text,
  dimmed = false,
}: {
  look: keyof typeof ROW_LOOKS;
  isToday: boolean;
  label: ReactNode;
  /** Under the day's name (today's "Special hours" in the week). */
  note?: ReactNode;
  text: string;
  /** A closed day other than today, in a lighter grey. */
  dimmed?: boolean;
}) {
  const colors = ROW_LOOKS[look];
  return (
    <tr className={isToday ? colors.today : "text-slate-700"} aria-current={isToday ? "date" : undefined}>
      <th scope="row" className={`py-2 pl-3 pr-2 text-left font-medium ${isToday ? "rounded-l-lg" : ""}`}>
        {label}
        {isToday ? <span className={`ml-1 text-xs font-semibold ${colors.mark}`}>(Today)</span> : null}
        {note}
      </th>
      <td className={`py-2 pl-2 pr-3 text-right tabular-nums ${isToday ? "rounded-r-lg" : ""} ${dimmed ? "text-slate-600" : ""}`}>
        {/* One shift per line, never broken inside a time: split shifts stay readable at 360 px. */}
        {text.split(", ").map((shift) => (
          <span key={shift} className="block whitespace-nowrap">
            {shift}
          </span>
        ))}
      </td>
    </tr>
  );
}

/** The week; `specialToday` (today's special-day text) replaces today's row, as it does for the open badge. */
export function BusinessHoursTable({
  rows,
  today,
  timeZone,
  specialToday = null,
}: {
  rows: DayHoursRow[];
  today: OpenState["today"];
  timeZone: string | null;
  specialToday?: string | null;
}) {
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">Opening hours, Monday to Sunday</caption>
        <tbody>
          {rows.map((row) => {
            const isToday = row.day === today;
            const special = isToday && specialToday !== null;
            return (
              <HoursRow
                key={row.day}
                look="week"
                isToday={isToday}
                label={row.label}
                note={special ? <span className="block text-xs font-medium text-amber-800">Special hours</span> : null}
                text={special ? specialToday : row.text}
                dimmed={row.text === "Closed" && !isToday}
              />
            );
          })}
        </tbody>
      </table>
      {timeZone ? <p className="mt-3 text-xs text-slate-600">Times are local to the business ({timeZone.replace(/_/g, " ")}).</p> : null}
    </>
  );
}

/** The special and holiday days of the next 30 days, under the week: they replace the week's hours on their dates. */
export function SpecialHoursList({ days }: { days: SpecialDayRow[] }) {
  if (days.length === 0) return null;
  return (
    <section aria-labelledby="special-hours-heading" data-testid="special-hours" className="mt-4 border-t border-slate-200 pt-4">
      <h3 id="special-hours-heading" className="text-sm font-semibold text-slate-900">
        Special hours
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">Holiday and special days in the next 30 days; they replace the hours above.</p>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">Special and holiday hours, next 30 days</caption>
        <tbody>
          {days.map((day) => (
            <HoursRow key={day.date} look="special" isToday={day.isToday} label={<time dateTime={day.date}>{day.label}</time>} text={day.text} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
