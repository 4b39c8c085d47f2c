// Canonical week ({"monday":[["09:00","17:00"]], …}) + dated special days + time zone + instant → open? The one list
// of day names and the one open-now rule; the same rule as SQL `directory_is_open` (db/migrations/0004_open_now.sql):
// [] or a missing day = closed, close <= open runs past midnight into the next day, "24:00" closes at midnight. A
// special day ({"2026-12-25": []}) replaces the week's hours on that local date (SQL: directory_is_open_on, and the
// stored week open_week for rows without special days, migration 0024).

export const WEEK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export type HoursRange = readonly [string, string];
export type WeekHoursInput = Partial<Record<WeekDay, ReadonlyArray<HoursRange>>>;
/** Dated special hours: local date "YYYY-MM-DD" → that day's ranges ([] = closed), replacing the week's day. */
export type SpecialHoursInput = Readonly<Record<string, ReadonlyArray<HoursRange>>>;

export const DAY_LABELS: Record<WeekDay, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const CLOCK = /^([01][0-9]|2[0-4]):([0-5][0-9])$/;

/** "09:30" → 570, "24:00" → 1440; null for anything that is not a canonical "HH:MM" (≤ "24:59", as SQL). */
export function parseClock(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = CLOCK.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The valid [open, close] minute pairs of one day's value; anything malformed is skipped, never guessed. */
function readRanges(value: unknown): Array<[number, number]> {
  if (!Array.isArray(value)) return [];
  const ranges: Array<[number, number]> = [];
  for (const range of value as unknown[]) {
    if (!Array.isArray(range) || range.length !== 2) continue;
    const open = parseClock(range[0]);
    const close = parseClock(range[1]);
    if (open !== null && close !== null) ranges.push([open, close]);
  }
  return ranges;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    if (formatters.size < 500) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date ("YYYY-MM-DD"), weekday and minute of the day at `at` in `timeZone`; an unknown zone reads as UTC (as in SQL). */
export function readLocalDateTime(at: Date, timeZone: string | null | undefined): { date: string; day: WeekDay; minute: number } {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = getFormatter(timeZone?.trim() ? timeZone.trim() : "UTC");
  } catch {
    formatter = getFormatter("UTC");
  }
  let day: WeekDay = "monday";
  let hour = 0;
  let minute = 0;
  let year = "1970";
  let month = "01";
  let dayOfMonth = "01";
  for (const part of formatter.formatToParts(at)) {
    if (part.type === "weekday") day = part.value.toLowerCase() as WeekDay;
    else if (part.type === "hour") hour = Number(part.value) % 24;
    else if (part.type === "minute") minute = Number(part.value);
    else if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") dayOfMonth = part.value;
  }
  return { date: `${year.padStart(4, "0")}-${month}-${dayOfMonth}`, day, minute: hour * 60 + minute };
}

/** The weekday and minute of the day at `at` in `timeZone`; an unknown zone reads as UTC (as in SQL). */
export function readLocalWeekTime(at: Date, timeZone: string | null | undefined): { day: WeekDay; minute: number } {
  const { day, minute } = readLocalDateTime(at, timeZone);
  return { day, minute };
}

/** "2026-12-31" + 1 → "2027-01-01": calendar arithmetic on a local date, free of any zone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The special days as a record, or null when there are none (then no date arithmetic is needed at all). */
function readSpecialRecord(special: unknown): Record<string, unknown> | null {
  if (!special || typeof special !== "object" || Array.isArray(special)) return null;
  for (const key in special) if (Object.hasOwn(special, key)) return special as Record<string, unknown>;
  return null;
}

/** The ranges that apply `offset` days from the local `today`: its special day's when it has one, else its weekday's. */
function readDateRanges(
  week: Record<string, unknown>,
  special: Record<string, unknown> | null,
  today: string,
  offset: number,
  day: WeekDay,
): Array<[number, number]> {
  const value = special ? special[offset === 0 ? today : addDays(today, offset)] : undefined;
  return Array.isArray(value) ? readRanges(value) : readRanges(week[day]);
}

/** True when `hours` holds a weekday key: the only shape open/closed can be computed for. */
export function hasOpeningHours(hours: unknown): hours is WeekHoursInput {
  if (!hours || typeof hours !== "object" || Array.isArray(hours)) return false;
  return WEEK_DAYS.some((day) => day in hours);
}

/** Stored special days ({"2026-12-25": []}) as read back from jsonb, or null for anything else. */
export function readSpecialHours(value: unknown): SpecialHoursInput | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as SpecialHoursInput) : null;
}

/**
 * Open at `at` in the business's own time zone? null when there are no hours to say (no badge).
 * A range with close <= open started that day and ends the next day at `close` (so equal times = 24 hours).
 */
export function isOpenAt(hours: unknown, timeZone: string | null | undefined, at: Date, special?: unknown): boolean | null {
  if (!hasOpeningHours(hours)) return null;
  const week = hours as Record<string, unknown>;
  const days = readSpecialRecord(special);
  const { date, day, minute } = readLocalDateTime(at, timeZone);
  const index = WEEK_DAYS.indexOf(day);
  const yesterday = WEEK_DAYS[(index + 6) % 7] as WeekDay;
  for (const [open, close] of readDateRanges(week, days, date, 0, day)) {
    if (open <= minute && (minute < close || close <= open)) return true;
  }
  for (const [open, close] of readDateRanges(week, days, date, -1, yesterday)) {
    if (close <= open && minute < close) return true;
  }
  return false;
}

export interface OpenState {
  /** null: no hours to say (no badge). */
  open: boolean | null;
  /** The weekday at `at` in the business's own time zone (the row marked "(Today)"). */
  today: WeekDay;
}

/** The badge and the highlighted row, both read on the business's clock so a visitor abroad sees local truth. */
export function readOpenState(hours: unknown, timeZone: string | null | undefined, at: Date, special?: unknown): OpenState {
  return { open: isOpenAt(hours, timeZone, at, special), today: readLocalWeekTime(at, timeZone).day };
}

const DAY_MINUTES = 1440;
const WEEK_MINUTES = 7 * DAY_MINUTES;
const SHORT_DAY_LABELS: Record<WeekDay, string> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};

/** The next time the open state flips, on the business's clock. */
export interface OpenChange {
  day: WeekDay;
  /** "HH:MM" local; a close at "24:00" reads "00:00" of the next day. */
  time: string;
  /** Minutes from now (wall clock of the business's zone). */
  minutesAway: number;
  /** On the same local calendar day as now. */
  sameDay: boolean;
}

/** Days before and after today whose ranges can reach now or the next change (a week ahead, plus overnight spill). */
const SPAN_DAYS_BEFORE = 1;
const SPAN_DAYS_AFTER = 8;

/**
 * The open spans in minutes from today 00:00 (local), yesterday through eight days ahead, each date with its own
 * ranges (a special day's or its weekday's), merged where one ends as the next starts: 22:00–24:00 then 00:00–02:00
 * is one span to 02:00.
 */
function readDateSpans(week: Record<string, unknown>, special: unknown, today: string, todayIndex: number): Array<[number, number]> {
  const days = readSpecialRecord(special);
  const spans: Array<[number, number]> = [];
  for (let offset = -SPAN_DAYS_BEFORE; offset <= SPAN_DAYS_AFTER; offset++) {
    const day = WEEK_DAYS[(todayIndex + offset + 7 * SPAN_DAYS_BEFORE) % 7] as WeekDay;
    for (const [open, close] of readDateRanges(week, days, today, offset, day)) {
      spans.push([offset * DAY_MINUTES + open, (close <= open ? offset + 1 : offset) * DAY_MINUTES + close]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function toChange(target: number, now: number, todayIndex: number): OpenChange {
  const dayOffset = Math.floor(target / DAY_MINUTES);
  const minute = target - dayOffset * DAY_MINUTES;
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    day: WEEK_DAYS[(((todayIndex + dayOffset) % 7) + 7) % 7] as WeekDay,
    time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`,
    minutesAway: target - now,
    sameDay: dayOffset === 0,
  };
}

/**
 * When an open business closes, or a closed one opens next, on its own clock (the same ranges as isOpenAt, special
 * days included). null without hours, and when the state does not flip within a week (open around the clock, or never open).
 */
export function readNextChange(hours: unknown, timeZone: string | null | undefined, at: Date, special?: unknown): OpenChange | null {
  const open = isOpenAt(hours, timeZone, at, special);
  if (open === null) return null;
  const { date, day, minute } = readLocalDateTime(at, timeZone);
  const todayIndex = WEEK_DAYS.indexOf(day);
  const spans = readDateSpans(hours as Record<string, unknown>, special, date, todayIndex);
  if (open) {
    const span = spans.find(([start, end]) => start <= minute && minute < end);
    return span && span[1] - span[0] < WEEK_MINUTES ? toChange(span[1], minute, todayIndex) : null;
  }
  const next = spans.find(([start]) => start > minute);
  return next && next[0] - minute < WEEK_MINUTES ? toChange(next[0], minute, todayIndex) : null;
}

/**
 * The open-now line of a page or card: "Open now · closes 22:00", "Closed · opens Mon 09:00" (the day only when it
 * is not today; for a close, only when it is a day or more away), "Open 24 hours", "Closed now"; null without hours.
 */
export function describeOpenNow(hours: unknown, timeZone: string | null | undefined, at: Date, special?: unknown): string | null {
  const open = isOpenAt(hours, timeZone, at, special);
  if (open === null) return null;
  const change = readNextChange(hours, timeZone, at, special);
  if (!change) return open ? "Open 24 hours" : "Closed now";
  if (open) return `Open now · closes ${change.minutesAway >= DAY_MINUTES ? `${SHORT_DAY_LABELS[change.day]} ` : ""}${change.time}`;
  return `Closed · opens ${change.sameDay ? "" : `${SHORT_DAY_LABELS[change.day]} `}${change.time}`;
}

/** The page's open state with its line, read once on the business's clock. */
export interface OpenNow extends OpenState {
  label: string | null;
}

export function readOpenNow(hours: unknown, timeZone: string | null | undefined, at: Date, special?: unknown): OpenNow {
  return { ...readOpenState(hours, timeZone, at, special), label: describeOpenNow(hours, timeZone, at, special) };
}

/** One upcoming special day on the business's calendar. */
export interface SpecialDay {
  date: string;
  day: WeekDay;
  ranges: ReadonlyArray<HoursRange>;
}

/**
 * The special days from today (local) through `days` − 1 days ahead, in date order; [] without any. Entries whose
 * key is not a date or whose value is not a list are skipped, never guessed.
 */
export function listUpcomingSpecialDays(special: unknown, timeZone: string | null | undefined, at: Date, days = 30): SpecialDay[] {
  if (!special || typeof special !== "object" || Array.isArray(special)) return [];
  const { date: today, day } = readLocalDateTime(at, timeZone);
  const last = addDays(today, days - 1);
  const todayIndex = WEEK_DAYS.indexOf(day);
  const todayTime = Date.parse(`${today}T00:00:00Z`);
  const upcoming: SpecialDay[] = [];
  for (const [date, ranges] of Object.entries(special as Record<string, unknown>)) {
    if (!ISO_DATE.test(date) || date < today || date > last || !Array.isArray(ranges)) continue;
    const offset = Math.round((Date.parse(`${date}T00:00:00Z`) - todayTime) / (DAY_MINUTES * 60_000));
    upcoming.push({ date, day: WEEK_DAYS[(todayIndex + offset) % 7] as WeekDay, ranges: ranges as HoursRange[] });
  }
  return upcoming.sort((a, b) => (a.date < b.date ? -1 : 1));
}
