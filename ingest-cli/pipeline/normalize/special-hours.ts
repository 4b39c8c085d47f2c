// Dated special/holiday hours in a source's shapes → {"YYYY-MM-DD": ranges} ([] = closed), replacing the week that day.
// Only entries keyed by a real date are special days; labelled weekly sets (kitchen, delivery, brunch) are not opening
// hours and are ignored.
import type { SpecialHours } from "../../../db/schema/businesses.ts";
import { ISO_DATE } from "../../../db/rules/opening-hours.ts";
import { parseDayHours } from "./hours.ts";

/** Bounds a hostile or runaway cell: more than a year of special days is not a plausible source. */
const MAX_SPECIAL_DAYS = 400;
const DATE_IN_TEXT = /(?:^|[^\d])(\d{4}-\d{2}-\d{2})(?![\d])/;
/** Labels under which sources group dated hours: Outscraper other_hours [{"holiday_hours": {…}}], gosom "special_hours". */
const SPECIAL_LABEL = /holiday|special|exception|more[\s_-]?hours|feiertag/i;

/** "2026-12-25", "Friday 2026-12-25", "2026-12-25 (Christmas Day)" → "2026-12-25"; null when no real date is in it. */
function readDateKey(text: string): string | null {
  const date = DATE_IN_TEXT.exec(text)?.[1];
  if (!date || !ISO_DATE.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? date : null;
}

function addDay(days: Map<string, Array<[string, string]>>, date: string | null, value: unknown): void {
  if (date === null || days.size >= MAX_SPECIAL_DAYS) return;
  const ranges = value === true ? [] : parseDayHours(value);
  if (ranges !== null) days.set(date, ranges);
}

/** One record of the list form: {date, hours | open_hours | closed}. */
function readDatedRecord(days: Map<string, Array<[string, string]>>, record: Record<string, unknown>): boolean {
  if (typeof record.date !== "string") return false;
  const closed = record.closed === true || record.is_closed === true || record.isClosed === true;
  addDay(days, readDateKey(record.date), closed ? true : (record.hours ?? record.open_hours ?? record.openHours ?? record.time));
  return true;
}

function collect(days: Map<string, Array<[string, string]>>, value: unknown, depth: number): void {
  if (depth > 3 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === "object" && !Array.isArray(item) && readDatedRecord(days, item as Record<string, unknown>)) continue;
      collect(days, item, depth + 1);
    }
    return;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const date = readDateKey(key);
    if (date !== null) addDay(days, date, inner);
    else if (SPECIAL_LABEL.test(key)) collect(days, inner, depth + 1);
  }
}

/**
 * Any source value (object, array or JSON text) → its dated special days in date order, or null without any.
 * Recognised: {"2026-12-25": "Closed", "2026-12-31": "10 am–2 pm"}; a gosom week with such keys or a "special_hours" /
 * "holiday_hours" object inside; Outscraper other_hours [{"holiday_hours": {date: text}}, {"kitchen": {…}}] (the
 * kitchen set ignored); [{"date": "2026-12-25", "hours": "Closed"}] and {"date": …, "closed": true}.
 */
export function parseSpecialHours(input: unknown): SpecialHours | null {
  let value = input;
  if (typeof value === "string") {
    const text = value.trim();
    if (!text.startsWith("{") && !text.startsWith("[")) return null;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  const days = new Map<string, Array<[string, string]>>();
  collect(days, value, 0);
  if (days.size === 0) return null;
  const special: SpecialHours = {};
  for (const date of [...days.keys()].sort()) special[date] = days.get(date) as Array<[string, string]>;
  return special;
}

/** The special days of two sources (a special-hours column and dated keys inside the week), the first winning a date. */
export function mergeSpecialHours(first: SpecialHours | null, second: SpecialHours | null): SpecialHours | null {
  if (!first || !second) return first ?? second;
  const merged: SpecialHours = {};
  for (const date of [...new Set([...Object.keys(first), ...Object.keys(second)])].sort()) {
    merged[date] = (first[date] ?? second[date]) as Array<[string, string]>;
  }
  return merged;
}
