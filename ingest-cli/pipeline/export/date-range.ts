// A date-range preset (all, today, …, custom) and "now" → a created_at window [from, to) in UTC.
// All day and week boundaries are UTC midnights (weeks start on Monday), whatever the machine's time zone.
import { DirectoryError } from "../../../db/rules/directory-error.ts";

export const DATE_RANGE_PRESETS = ["all", "today", "yesterday", "last24hours", "last7days", "thisweek", "thismonth", "custom"] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** from is inclusive, to exclusive; a missing end is open. */
export interface CreatedAtWindow {
  from?: Date;
  to?: Date;
}

export class DateRangeError extends DirectoryError {
  constructor(
    override readonly code: "CUSTOM_RANGE_INCOMPLETE" | "INVALID_DATE" | "RANGE_REVERSED" | "DATES_NEED_CUSTOM",
    message: string,
  ) {
    super(code, message);
    this.name = "DateRangeError";
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfUtcDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
}

/** "2026-11-21" → that UTC midnight; anything else (or an impossible day like 2026-02-30) → error. */
export function parseUtcDate(text: string, label: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.toISOString().slice(0, 10) !== text.trim()) {
    throw new DateRangeError("INVALID_DATE", `${label} "${text}" is not a date; use YYYY-MM-DD, e.g. 2026-01-31.`);
  }
  return date;
}

/**
 * The spec's presets: today/yesterday are whole UTC days, last24hours and last7days are rolling windows ending now,
 * thisweek starts Monday 00:00 UTC, thismonth the 1st; custom covers startDate 00:00 to the end of endDate (both
 * needed, inclusive).
 */
export function resolveDateRange(preset: DateRangePreset, now: Date, startDate?: string, endDate?: string): CreatedAtWindow {
  if (preset !== "custom" && (startDate || endDate)) {
    throw new DateRangeError("DATES_NEED_CUSTOM", `Start and end dates only apply to the custom range, not "${preset}".`);
  }
  const today = startOfUtcDay(now);
  switch (preset) {
    case "all":
      return {};
    case "today":
      return { from: today, to: new Date(today.getTime() + DAY_MS) };
    case "yesterday":
      return { from: new Date(today.getTime() - DAY_MS), to: today };
    case "last24hours":
      return { from: new Date(now.getTime() - DAY_MS) };
    case "last7days":
      return { from: new Date(now.getTime() - 7 * DAY_MS) };
    case "thisweek": {
      const sinceMonday = (today.getUTCDay() + 6) % 7;
      return { from: new Date(today.getTime() - sinceMonday * DAY_MS) };
    }
    case "thismonth":
      return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) };
    case "custom": {
      if (!startDate || !endDate) {
        throw new DateRangeError("CUSTOM_RANGE_INCOMPLETE", "The custom range needs both a start and an end date (YYYY-MM-DD).");
      }
      const from = parseUtcDate(startDate, "Start date");
      const last = parseUtcDate(endDate, "End date");
      if (last < from) throw new DateRangeError("RANGE_REVERSED", `The end date ${endDate} is before the start date ${startDate}.`);
      return { from, to: new Date(last.getTime() + DAY_MS) };
    }
  }
}
