// Real-world opening-hours shapes → one canonical week (weekday → [open, close] "HH:MM" pairs; [] = closed).
// Handles 9AM-5PM, 11:30am-2:30pm,5:30-11pm, 09:00–17:00, en/em dashes, "to", U+202F/U+00A0 spaces,
// Closed, Open 24 hours, past-midnight closes, per-day arrays, pipe-joined text and non-English day names.
import type { WeekHours } from "../../../db/schema/businesses.ts";
import { WEEK_DAYS, type WeekDay } from "../../../db/rules/opening-hours.ts";

const DAY_NAMES: Record<string, WeekDay> = {};
const DAY_ALIASES: Record<WeekDay, string[]> = {
  monday: [
    "monday",
    "mon",
    "mo",
    "montag",
    "lundi",
    "lunes",
    "lunedi",
    "segunda",
    "segunda-feira",
    "maandag",
    "pazartesi",
    "poniedzialek",
    "mandag",
    "måndag",
    "δευτερα",
    "lunes",
  ],
  tuesday: [
    "tuesday",
    "tue",
    "tues",
    "tu",
    "di",
    "dienstag",
    "mardi",
    "martes",
    "martedi",
    "terca",
    "terca-feira",
    "dinsdag",
    "sali",
    "salı",
    "wtorek",
    "tirsdag",
    "tisdag",
    "τριτη",
  ],
  wednesday: [
    "wednesday",
    "wed",
    "we",
    "mi",
    "mittwoch",
    "mercredi",
    "miercoles",
    "mercoledi",
    "quarta",
    "quarta-feira",
    "woensdag",
    "carsamba",
    "çarşamba",
    "sroda",
    "onsdag",
    "τεταρτη",
  ],
  thursday: [
    "thursday",
    "thu",
    "thur",
    "thurs",
    "th",
    "do",
    "donnerstag",
    "jeudi",
    "jueves",
    "giovedi",
    "quinta",
    "quinta-feira",
    "donderdag",
    "persembe",
    "perşembe",
    "czwartek",
    "torsdag",
    "πεμπτη",
  ],
  friday: [
    "friday",
    "fri",
    "fr",
    "freitag",
    "vendredi",
    "viernes",
    "venerdi",
    "sexta",
    "sexta-feira",
    "vrijdag",
    "cuma",
    "piatek",
    "fredag",
    "παρασκευη",
  ],
  saturday: [
    "saturday",
    "sat",
    "sa",
    "samstag",
    "sonnabend",
    "samedi",
    "sabado",
    "sabato",
    "zaterdag",
    "cumartesi",
    "sobota",
    "lordag",
    "lørdag",
    "lördag",
    "σαββατο",
  ],
  sunday: [
    "sunday",
    "sun",
    "su",
    "so",
    "sonntag",
    "dimanche",
    "domingo",
    "domenica",
    "zondag",
    "pazar",
    "niedziela",
    "sondag",
    "søndag",
    "söndag",
    "κυριακη",
  ],
};
for (const [day, aliases] of Object.entries(DAY_ALIASES) as Array<[WeekDay, string[]]>) {
  for (const alias of aliases) DAY_NAMES[foldDayName(alias)] = day;
}

function foldDayName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ı/g, "i")
    .replace(/[^a-zα-ω-]/g, "");
}

/** "Montag", "lun.", "Pazartesi" → "monday"; null when it is not a day name. */
export function parseWeekday(text: string): WeekDay | null {
  return DAY_NAMES[foldDayName(text)] ?? null;
}

const CLOSED = /^(closed|geschlossen|ferme|fermé|cerrado|chiuso|fechado|gesloten|kapali|kapalı|zamkniete|stengt|stängt|κλειστο|κλειστό|-|—|–)$/i;
const ALWAYS_OPEN =
  /^(open 24 hours|24 hours|24 ?h|24\/7|open 24\/7|00:00\s*-\s*24:00|0:00\s*-\s*24:00|24 stunden geöffnet|ouvert 24h\/24|abierto 24 horas)$/i;

interface ClockTime {
  hour: number;
  minute: number;
  meridiem: "am" | "pm" | null;
}

function parseClock(text: string): ClockTime | null {
  const match = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|a|p)?$/i.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  const meridiem = match[3] ? (match[3].toLowerCase().startsWith("a") ? "am" : "pm") : null;
  if (minute > 59 || hour > 24 || (meridiem && (hour < 1 || hour > 12))) return null;
  return { hour, minute, meridiem };
}

function to24(time: ClockTime, meridiem: "am" | "pm" | null): number {
  let hour = time.hour;
  if (meridiem === "am" && hour === 12) hour = 0;
  else if (meridiem === "pm" && hour !== 12) hour += 12;
  return hour * 60 + time.minute;
}

function formatMinutes(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${String(hour).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "9AM-5PM" → ["09:00", "17:00"]; "5:30-11pm" → ["17:30", "23:00"]; "6pm-2am" → ["18:00", "02:00"]. */
export function parseTimeRange(text: string): [string, string] | null {
  const parts = text.split(/\s*[-–—‒]\s*|\s+(?:to|till|until|bis|à|a)\s+/i).filter((part) => part.length > 0);
  if (parts.length !== 2) return null;
  const start = parseClock(parts[0] as string);
  const end = parseClock(parts[1] as string);
  if (!start || !end) return null;
  const endMinutes = to24(end, end.meridiem);
  let startMinutes: number;
  if (start.meridiem || !end.meridiem) {
    startMinutes = to24(start, start.meridiem);
  } else {
    // "5:30-11pm": the start shares the end's meridiem unless that would open after closing the same day
    // ("11-2pm" opens at 11 am). A genuine past-midnight span always names both meridiems ("6pm-2am").
    const same = to24(start, end.meridiem);
    startMinutes = same < endMinutes ? same : to24(start, end.meridiem === "pm" ? "am" : "pm");
  }
  if (startMinutes >= 24 * 60 || endMinutes > 24 * 60) return null;
  const close = endMinutes === 0 && startMinutes > 0 ? 24 * 60 : endMinutes;
  return [formatMinutes(startMinutes), formatMinutes(close)];
}

function cleanHoursText(text: string): string {
  return text
    .replace(/[\u202f\u00a0\u2009\u2007]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** One day's text ("Closed", "Open 24 hours", "11:30am-2:30pm,5:30-11pm", ["9 AM–5 PM"]) → ranges, or null. */
export function parseDayHours(value: unknown): Array<[string, string]> | null {
  const pieces = (Array.isArray(value) ? value : [value])
    .filter((item): item is string => typeof item === "string")
    .flatMap((item) => cleanHoursText(item).split(/\s*[,;]\s*|\s+(?:and|und|et|y)\s+/i))
    .filter((item) => item.length > 0);
  if (pieces.length === 0) return null;
  if (pieces.every((piece) => CLOSED.test(piece))) return [];
  if (pieces.some((piece) => ALWAYS_OPEN.test(piece))) return [["00:00", "24:00"]];
  const ranges: Array<[string, string]> = [];
  for (const piece of pieces) {
    const range = parseTimeRange(piece);
    if (!range) return null;
    ranges.push(range);
  }
  return ranges;
}

function parseObject(entries: Array<[string, unknown]>): WeekHours | null {
  const week: WeekHours = {};
  let any = false;
  for (const [dayText, value] of entries) {
    const day = parseWeekday(dayText);
    if (!day) continue;
    const ranges = parseDayHours(value);
    if (ranges === null) continue;
    week[day] = ranges;
    any = true;
  }
  return any ? inWeekOrder(week) : null;
}

/**
 * The days monday → sunday, whatever order the source listed them in: the content hash covers the key order, and a
 * stored week (jsonb keeps its own key order) must hash the same when a re-import keeps it (kept-values.ts).
 */
export function inWeekOrder(week: WeekHours): WeekHours {
  const ordered: WeekHours = {};
  for (const day of WEEK_DAYS) if (week[day] !== undefined) ordered[day] = week[day];
  return ordered;
}

/** Parsed hours texts: real files repeat a few hundred shapes across millions of rows. */
const HOURS_CACHE = new Map<string, WeekHours | null>();
const HOURS_CACHE_LIMIT = 20_000;

/**
 * Any hours shape → canonical week, or null when nothing parses (treated as "no hours").
 * Accepts an object (weekday → text or text[]), JSON text of one, an array of {day, hours}, or
 * "Monday:Closed|Tuesday:9AM-5PM" text.
 * NOTE: a week parsed from text is shared by every row with the same text: callers must not modify it.
 */
export function parseWorkingHours(input: unknown): WeekHours | null {
  if (typeof input !== "string") return parseHoursValue(input);
  const cached = HOURS_CACHE.get(input);
  if (cached !== undefined) return cached;
  const week = parseHoursValue(input);
  // Clearing beats LRU bookkeeping here: a file with more distinct texts than this gains little from a cache anyway.
  if (HOURS_CACHE.size >= HOURS_CACHE_LIMIT) HOURS_CACHE.clear();
  HOURS_CACHE.set(input, week);
  return week;
}

function parseHoursValue(input: unknown): WeekHours | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "string") {
    const text = input.trim();
    if (text === "" || /^(none|null|n\/a|nan|\{\}|\[\])$/i.test(text)) return null;
    if (text.startsWith("{") || text.startsWith("[")) {
      try {
        return parseHoursValue(JSON.parse(text));
      } catch {
        return null;
      }
    }
    const segments = text.split(/\s*[|\n]\s*/).map((segment) => {
      const colon = segment.indexOf(":");
      return colon > 0 ? ([segment.slice(0, colon), segment.slice(colon + 1)] as [string, unknown]) : null;
    });
    return segments.every((segment) => segment !== null) ? parseObject(segments as Array<[string, unknown]>) : null;
  }
  if (Array.isArray(input)) {
    const entries: Array<[string, unknown]> = [];
    for (const item of input) {
      if (item && typeof item === "object" && "day" in item) {
        const record = item as { day: unknown; hours?: unknown };
        if (typeof record.day === "string") entries.push([record.day, record.hours]);
      }
    }
    return parseObject(entries);
  }
  if (typeof input === "object") return parseObject(Object.entries(input as Record<string, unknown>));
  return null;
}
