// Stored canonical week (weekday → [["09:00","17:00"]]) → the Google-export JSON our importer reads back:
// {"Monday":"9AM-5PM","Tuesday":"11:30AM-2:30PM,5:30PM-11PM","Sunday":"Closed"}, days Monday first; stored special days →
// Outscraper's other_hours [{"holiday_hours":{"2026-12-25":"Closed"}}], which the importer reads back as special hours.
import { DAY_LABELS, ISO_DATE, WEEK_DAYS } from "../../../db/rules/opening-hours.ts";

/** "09:00" → "9AM", "17:30" → "5:30PM", "00:00" and "24:00" → "12AM"; null for anything else. */
export function formatClock(time: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const meridiem = hour < 12 || hour === 24 ? "AM" : "PM";
  return `${hour12}${minute > 0 ? `:${match[2]}` : ""}${meridiem}`;
}

function formatDay(ranges: unknown): string | null {
  if (!Array.isArray(ranges)) return null;
  if (ranges.length === 0) return "Closed";
  const parts: string[] = [];
  for (const range of ranges) {
    if (!Array.isArray(range) || range.length !== 2 || typeof range[0] !== "string" || typeof range[1] !== "string") return null;
    if (range[0] === "00:00" && range[1] === "24:00" && ranges.length === 1) return "Open 24 hours";
    const open = formatClock(range[0]);
    const close = formatClock(range[1]);
    if (open === null || close === null) return null;
    parts.push(`${open}-${close}`);
  }
  return parts.join(",");
}

/**
 * A stored week → its export text, or null when there is nothing to say. A shape we did not write ourselves
 * (a day we cannot read) is left out rather than guessed.
 */
export function formatWorkingHours(week: unknown): string | null {
  if (!week || typeof week !== "object" || Array.isArray(week)) return null;
  const out: Record<string, string> = {};
  let any = false;
  for (const day of WEEK_DAYS) {
    const text = formatDay((week as Record<string, unknown>)[day]);
    if (text === null) continue;
    out[DAY_LABELS[day]] = text;
    any = true;
  }
  return any ? JSON.stringify(out) : null;
}

/**
 * Stored special days ({"YYYY-MM-DD": ranges}) → Outscraper's other_hours text, dates in order, or null when there is
 * nothing to say; a day we cannot read is left out rather than guessed (as for the week).
 */
export function formatSpecialHours(days: unknown): string | null {
  if (!days || typeof days !== "object" || Array.isArray(days)) return null;
  const out: Record<string, string> = {};
  let any = false;
  for (const date of Object.keys(days).sort()) {
    if (!ISO_DATE.test(date)) continue;
    const text = formatDay((days as Record<string, unknown>)[date]);
    if (text === null) continue;
    out[date] = text;
    any = true;
  }
  return any ? JSON.stringify([{ holiday_hours: out }]) : null;
}
