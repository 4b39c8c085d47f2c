// One day's ranges of the canonical week → the spec's display text ("9:00 AM – 5:00 PM", "Closed", "Open 24 hours"),
// and a week → its seven display rows; the week itself and open-now are the rules in db/rules/opening-hours.ts.
import {
  DAY_LABELS,
  hasOpeningHours,
  listUpcomingSpecialDays,
  parseClock,
  readLocalDateTime,
  WEEK_DAYS,
  type HoursRange,
  type WeekDay,
} from "../../db/rules/opening-hours.ts";

/** "09:00" → "9:00 AM", "17:30" → "5:30 PM", "00:00" and "24:00" → "12:00 AM". */
export function formatClockTime(value: string): string | null {
  const minutes = parseClock(value);
  if (minutes === null || minutes > 24 * 60) return null;
  const hour = Math.floor(minutes / 60) % 24;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/**
 * One day's ranges → the display text: "9:00 AM – 5:00 PM", "11:30 AM – 2:30 PM, 5:30 PM – 11:00 PM",
 * "Closed" ([] or missing), "Open 24 hours" (00:00–24:00 or a 24-hour wrap). Malformed ranges are left out.
 */
export function formatDayHours(ranges: ReadonlyArray<HoursRange> | null | undefined): string {
  if (!ranges || ranges.length === 0) return "Closed";
  const parts: string[] = [];
  for (const range of ranges) {
    const [openText, closeText] = range;
    const open = parseClock(openText);
    const close = parseClock(closeText);
    if (open === null || close === null) continue;
    if ((open === 0 && close === 24 * 60) || open === close) return "Open 24 hours";
    const openLabel = formatClockTime(openText);
    const closeLabel = formatClockTime(closeText);
    if (openLabel && closeLabel) parts.push(`${openLabel} – ${closeLabel}`);
  }
  return parts.length > 0 ? parts.join(", ") : "Closed";
}

export interface DayHoursRow {
  day: WeekDay;
  label: string;
  /** formatDayHours's text: "9:00 AM – 5:00 PM", "Closed", "Open 24 hours". */
  text: string;
}

/** A canonical week → its seven display rows, Monday first (a missing day is "Closed"); null without hours. */
export function listWeekHours(hours: unknown): DayHoursRow[] | null {
  if (!hasOpeningHours(hours)) return null;
  const week = hours as Record<string, unknown>;
  return WEEK_DAYS.map((day) => {
    const ranges = week[day];
    return { day, label: DAY_LABELS[day], text: formatDayHours(Array.isArray(ranges) ? (ranges as HoursRange[]) : null) };
  });
}

export interface SpecialDayRow {
  date: string;
  /** "Thursday, 24 December" (the business's calendar date; the year only when it is not this year's). */
  label: string;
  /** formatDayHours's text: "Closed", "10:00 AM – 2:00 PM". */
  text: string;
  isToday: boolean;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The special days of the next `days` days (business's calendar) → display rows, soonest first; [] without any. */
export function listSpecialDays(special: unknown, timeZone: string | null | undefined, at: Date, days = 30): SpecialDayRow[] {
  const today = readLocalDateTime(at, timeZone).date;
  // Built by hand, not with Intl: ICU versions differ on the comma after the weekday.
  return listUpcomingSpecialDays(special, timeZone, at, days).map(({ date, day, ranges }) => {
    const [year, month, dayOfMonth] = date.split("-") as [string, string, string];
    const label = `${DAY_LABELS[day]} ${Number(dayOfMonth)} ${MONTHS[Number(month) - 1] ?? ""}${year === today.slice(0, 4) ? "" : ` ${year}`}`;
    return { date, label, text: formatDayHours(ranges), isToday: date === today };
  });
}
