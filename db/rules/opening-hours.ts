// Canonical week ({"monday":[["09:00","17:00"]], …}) + time zone + instant → open? The one list of day names and
// the one open-now rule; the same rule as SQL `directory_is_open` (db/migrations/0004_open_now.sql): [] or a missing
// day = closed, close <= open runs past midnight into the next day, "24:00" closes at midnight.

export const WEEK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export type HoursRange = readonly [string, string];
export type WeekHoursInput = Partial<Record<WeekDay, ReadonlyArray<HoursRange>>>;

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
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    if (formatters.size < 500) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The weekday and minute of the day at `at` in `timeZone`; an unknown zone reads as UTC (as in SQL). */
export function readLocalWeekTime(at: Date, timeZone: string | null | undefined): { day: WeekDay; minute: number } {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = getFormatter(timeZone?.trim() ? timeZone.trim() : "UTC");
  } catch {
    formatter = getFormatter("UTC");
  }
  let day: WeekDay = "monday";
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(at)) {
    if (part.type === "weekday") day = part.value.toLowerCase() as WeekDay;
    else if (part.type === "hour") hour = Number(part.value) % 24;
    else if (part.type === "minute") minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

/** True when `hours` holds a weekday key: the only shape open/closed can be computed for. */
export function hasOpeningHours(hours: unknown): hours is WeekHoursInput {
  if (!hours || typeof hours !== "object" || Array.isArray(hours)) return false;
  return WEEK_DAYS.some((day) => day in hours);
}

/**
 * Open at `at` in the business's own time zone? null when there are no hours to say (no badge).
 * A range with close <= open started that day and ends the next day at `close` (so equal times = 24 hours).
 */
export function isOpenAt(hours: unknown, timeZone: string | null | undefined, at: Date): boolean | null {
  if (!hasOpeningHours(hours)) return null;
  const week = hours as Record<string, unknown>;
  const { day, minute } = readLocalWeekTime(at, timeZone);
  const index = WEEK_DAYS.indexOf(day);
  const yesterday = WEEK_DAYS[(index + 6) % 7] as WeekDay;
  for (const [open, close] of readRanges(week[day])) {
    if (open <= minute && (minute < close || close <= open)) return true;
  }
  for (const [open, close] of readRanges(week[yesterday])) {
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
export function readOpenState(hours: unknown, timeZone: string | null | undefined, at: Date): OpenState {
  return { open: isOpenAt(hours, timeZone, at), today: readLocalWeekTime(at, timeZone).day };
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

/**
 * The week's open spans in minutes from Monday 00:00, with a copy a week before and after (so Sunday night meets
 * Monday morning), merged where one ends as the next starts: 22:00–24:00 then 00:00–02:00 is one span to 02:00.
 */
function readWeekSpans(week: Record<string, unknown>): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const [index, day] of WEEK_DAYS.entries()) {
    for (const [open, close] of readRanges(week[day])) {
      const start = index * DAY_MINUTES + open;
      const end = (close <= open ? index + 1 : index) * DAY_MINUTES + close;
      for (const shift of [-WEEK_MINUTES, 0, WEEK_MINUTES]) spans.push([start + shift, end + shift]);
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

function toChange(target: number, now: number): OpenChange {
  const inWeek = ((target % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  const minute = inWeek % DAY_MINUTES;
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    day: WEEK_DAYS[Math.floor(inWeek / DAY_MINUTES)] as WeekDay,
    time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`,
    minutesAway: target - now,
    sameDay: Math.floor(target / DAY_MINUTES) === Math.floor(now / DAY_MINUTES),
  };
}

/**
 * When an open business closes, or a closed one opens next, on its own clock (the same ranges as isOpenAt). null
 * without hours, and when the state never flips (open around the clock all week, or never open).
 */
export function readNextChange(hours: unknown, timeZone: string | null | undefined, at: Date): OpenChange | null {
  const open = isOpenAt(hours, timeZone, at);
  if (open === null) return null;
  const { day, minute } = readLocalWeekTime(at, timeZone);
  const now = WEEK_DAYS.indexOf(day) * DAY_MINUTES + minute;
  const spans = readWeekSpans(hours as Record<string, unknown>);
  if (open) {
    const span = spans.find(([start, end]) => start <= now && now < end);
    return span && span[1] - span[0] < WEEK_MINUTES ? toChange(span[1], now) : null;
  }
  const next = spans.find(([start]) => start > now);
  return next ? toChange(next[0], now) : null;
}

/**
 * The open-now line of a page or card: "Open now · closes 22:00", "Closed · opens Mon 09:00" (the day only when it
 * is not today; for a close, only when it is a day or more away), "Open 24 hours", "Closed now"; null without hours.
 */
export function describeOpenNow(hours: unknown, timeZone: string | null | undefined, at: Date): string | null {
  const open = isOpenAt(hours, timeZone, at);
  if (open === null) return null;
  const change = readNextChange(hours, timeZone, at);
  if (!change) return open ? "Open 24 hours" : "Closed now";
  if (open) return `Open now · closes ${change.minutesAway >= DAY_MINUTES ? `${SHORT_DAY_LABELS[change.day]} ` : ""}${change.time}`;
  return `Closed · opens ${change.sameDay ? "" : `${SHORT_DAY_LABELS[change.day]} `}${change.time}`;
}

/** The page's open state with its line, read once on the business's clock. */
export interface OpenNow extends OpenState {
  label: string | null;
}

export function readOpenNow(hours: unknown, timeZone: string | null | undefined, at: Date): OpenNow {
  return { ...readOpenState(hours, timeZone, at), label: describeOpenNow(hours, timeZone, at) };
}
