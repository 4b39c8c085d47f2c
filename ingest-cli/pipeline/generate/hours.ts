// Hours profile + random → weekday → Google-style time text ("9AM-5PM", "11:30AM-2:30PM,5:30-11PM", "Closed").
// Also the real-world variants a scraper produces (en dash + U+202F, lowercase), as text rewrites of that form.
import { DAY_LABELS, WEEK_DAYS } from "../../../db/rules/opening-hours.ts";
import type { HoursProfile } from "./categories.ts";
import type { Random } from "./random.ts";

/** The source files' day keys ("Monday" … "Sunday"): the canonical week's labels, Monday first. */
export const WEEKDAYS: readonly string[] = WEEK_DAYS.map((day) => DAY_LABELS[day]);

/** Minutes after midnight; an end ≤ start means "past midnight". */
type Interval = readonly [number, number];
type Day = "closed" | "24h" | readonly Interval[];
type Week = readonly Day[];

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

/** A start or end time nudged by -30/0/+30 minutes so not every shop opens at 9 sharp. */
function nudge(random: Random, minutes: number, spread = 30): number {
  return minutes + random.pick([-spread, 0, 0, spread]);
}

function sameEveryDay(day: Day): Week {
  return [day, day, day, day, day, day, day];
}

function weekdaysThen(weekday: Day, saturday: Day, sunday: Day): Week {
  return [weekday, weekday, weekday, weekday, weekday, saturday, sunday];
}

function buildWeek(profile: HoursProfile, random: Random): Week {
  switch (profile) {
    case "restaurant": {
      const variant = random.next();
      let week: Day[];
      if (variant < 0.4) {
        const lunch: Interval = [random.pick([h(11, 30), h(12)]), random.pick([h(14), h(14, 30), h(15)])];
        const dinner: Interval = [random.pick([h(17), h(17, 30), h(18), h(18, 30)]), random.pick([h(22), h(22, 30), h(23)])];
        const saturday: Interval[] = [
          [h(12), h(15)],
          [dinner[0], (dinner[1] + 60) % h(24)],
        ];
        week = [[lunch, dinner], [lunch, dinner], [lunch, dinner], [lunch, dinner], [lunch, dinner], saturday, [dinner]];
      } else if (variant < 0.85) {
        const open = random.pick([h(11), h(11, 30), h(12)]);
        const close = random.pick([h(21), h(22), h(23)]);
        const late: Interval = [open, (close + 60) % h(24)];
        week = [[[open, close]], [[open, close]], [[open, close]], [[open, close]], [late], [late], [[open, close - 60]]];
      } else {
        const breakfast: Interval = [random.pick([h(6), h(7), h(8)]), random.pick([h(14), h(15)])];
        week = [...sameEveryDay([breakfast])];
      }
      if (random.chance(0.4)) week[0] = "closed";
      else if (random.chance(0.15)) week[6] = "closed";
      return week;
    }
    case "fast_food": {
      if (random.chance(0.15)) return sameEveryDay("24h");
      const open = random.pick([h(10), h(10, 30), h(11)]);
      const close = random.pick([h(22), h(23), 0]);
      const weekend: Interval = [open, random.pick([h(1), h(2), 0])];
      return [[[open, close]], [[open, close]], [[open, close]], [[open, close]], [weekend], [weekend], [[open, close]]];
    }
    case "cafe": {
      const weekday: Interval = [random.pick([h(7), h(7, 30), h(8)]), random.pick([h(17), h(18), h(19)])];
      const saturday: Interval = [h(8), random.pick([h(17), h(18)])];
      return weekdaysThen([weekday], [saturday], random.chance(0.2) ? "closed" : [[h(9), random.pick([h(15), h(16), h(17)])]]);
    }
    case "bar": {
      const open = random.pick([h(16), h(17), h(18)]);
      const weekday: Interval = [open, random.pick([0, h(1)])];
      const weekend: Interval = [random.pick([h(12), open]), h(2)];
      const week: Day[] = [[weekday], [weekday], [weekday], [weekday], [weekend], [weekend], [[open, h(23)]]];
      if (random.chance(0.3)) week[0] = "closed";
      return week;
    }
    case "nightlife": {
      const night: Interval = [random.pick([h(22), h(23)]), random.pick([h(4), h(5), h(6)])];
      return ["closed", "closed", "closed", [night], [night], [night], random.chance(0.3) ? [night] : "closed"];
    }
    case "bakery": {
      const weekday: Interval = [random.pick([h(6), h(6, 30), h(7)]), random.pick([h(18), h(18, 30), h(19)])];
      const saturday: Interval = [h(7), random.pick([h(14), h(16)])];
      return weekdaysThen([weekday], [saturday], random.chance(0.4) ? "closed" : [[h(7), h(12)]]);
    }
    case "retail": {
      if (random.chance(0.1)) {
        // Mediterranean shape: closed over lunch.
        const split: Interval[] = [
          [h(9), h(12, 30)],
          [random.pick([h(14), h(15), h(16)]), h(19, 30)],
        ];
        return weekdaysThen(split, [[h(9), h(13)]], "closed");
      }
      const weekday: Interval = [nudge(random, h(10)), random.pick([h(18), h(19), h(20)])];
      const sunday: Day = random.chance(0.4) ? "closed" : [[random.pick([h(11), h(12)]), random.pick([h(17), h(18)])]];
      return weekdaysThen([weekday], [[nudge(random, h(10)), h(18)]], sunday);
    }
    case "supermarket": {
      if (random.chance(0.1)) return sameEveryDay("24h");
      const day: Interval = [random.pick([h(7), h(8)]), random.pick([h(21), h(22), h(23)])];
      return weekdaysThen([day], [day], random.chance(0.15) ? "closed" : [[h(9), h(20)]]);
    }
    case "convenience":
      return random.chance(0.4) ? sameEveryDay("24h") : sameEveryDay([[random.pick([h(6), h(7)]), random.pick([0, h(23)])]]);
    case "office": {
      const day: Interval = [random.pick([h(8), h(8, 30), h(9)]), random.pick([h(17), h(17, 30), h(18)])];
      return weekdaysThen([day], random.chance(0.2) ? [[h(9), h(13)]] : "closed", "closed");
    }
    case "health": {
      const open = random.pick([h(8), h(8, 30), h(9)]);
      const close = random.pick([h(17), h(18), h(19)]);
      const weekday: Interval[] = random.chance(0.25)
        ? [
            [open, h(12)],
            [h(14), close],
          ]
        : [[open, close]];
      return weekdaysThen(weekday, random.chance(0.3) ? [[h(9), h(13)]] : "closed", "closed");
    }
    case "pharmacy": {
      if (random.chance(0.12)) return sameEveryDay("24h");
      const day: Interval = [random.pick([h(8), h(9)]), random.pick([h(20), h(21), h(22)])];
      return weekdaysThen([day], [day], random.chance(0.4) ? "closed" : [[h(10), h(18)]]);
    }
    case "gas":
      return random.chance(0.7) ? sameEveryDay("24h") : sameEveryDay([[random.pick([h(5), h(6)]), random.pick([h(22), h(23)])]]);
    case "always":
      return sameEveryDay("24h");
    case "fitness": {
      if (random.chance(0.15)) return sameEveryDay("24h");
      const weekday: Interval = [random.pick([h(5), h(6)]), random.pick([h(22), h(23)])];
      const weekend: Interval = [random.pick([h(7), h(8)]), random.pick([h(20), h(21)])];
      return weekdaysThen([weekday], [weekend], [weekend]);
    }
    case "beauty": {
      const day: Interval = [random.pick([h(9), h(10)]), random.pick([h(18), h(19), h(20)])];
      const week: Day[] = [random.chance(0.6) ? "closed" : [day], [day], [day], [day], [day], [[day[0], h(17)]], "closed"];
      if (random.chance(0.15)) week[6] = [[h(10), h(16)]];
      return week;
    }
    case "auto": {
      const day: Interval = [random.pick([h(7, 30), h(8)]), random.pick([h(17), h(18)])];
      return weekdaysThen([day], random.chance(0.5) ? [[h(8), random.pick([h(12), h(13)])]] : "closed", "closed");
    }
    case "bank": {
      const day: Interval = [h(9), random.pick([h(16), h(17)])];
      return weekdaysThen([day], random.chance(0.3) ? [[h(9), random.pick([h(12), h(13)])]] : "closed", "closed");
    }
    case "school":
      return weekdaysThen([[h(8), random.pick([h(15), h(16), h(17)])]], "closed", "closed");
    case "worship":
      return random.chance(0.3)
        ? ["closed", "closed", "closed", "closed", "closed", "closed", [[h(8), h(13)]]]
        : sameEveryDay([[random.pick([h(7), h(8)]), random.pick([h(19), h(20)])]]);
    case "culture": {
      const day: Interval = [h(10), random.pick([h(17), h(18)])];
      return ["closed", [day], [day], [[day[0], h(20)]], [day], [day], [day]];
    }
    case "services": {
      const day: Interval = [random.pick([h(8), h(9)]), random.pick([h(18), h(19)])];
      return weekdaysThen([day], [[h(9), random.pick([h(14), h(17)])]], "closed");
    }
  }
}

function formatClock(minutes: number): { text: string; meridiem: "AM" | "PM" } {
  const normalised = ((minutes % h(24)) + h(24)) % h(24);
  const hours24 = Math.floor(normalised / 60);
  const mins = normalised % 60;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return { text: mins === 0 ? `${hours12}` : `${hours12}:${String(mins).padStart(2, "0")}`, meridiem: hours24 < 12 ? "AM" : "PM" };
}

/** Google's compact form: the start's AM/PM is dropped when it matches the end's ("5:30-11PM"), never past midnight. */
function formatInterval([start, end]: Interval): string {
  const from = formatClock(start);
  const to = formatClock(end);
  const sameHalfDay = from.meridiem === to.meridiem && end > start;
  const fromText = sameHalfDay ? from.text : `${from.text}${from.meridiem}`;
  return `${fromText}-${to.text}${to.meridiem}`;
}

function formatDay(day: Day): string {
  if (day === "closed") return "Closed";
  if (day === "24h") return "Open 24 hours";
  return day.map(formatInterval).join(",");
}

/** Weekday → time text for one business, in the clean Outscraper shape. */
export function buildWorkingHours(profile: HoursProfile, random: Random): Record<string, string> {
  const week = buildWeek(profile, random);
  const hours: Record<string, string> = {};
  WEEKDAYS.forEach((weekday, index) => {
    hours[weekday] = formatDay(week[index] ?? "closed");
  });
  return hours;
}

/** "11:30AM-2:30PM,5:30-11PM" → "11:30 AM–2:30 PM, 5:30–11 PM" with U+202F before AM/PM, as Google's UI shows it. */
export function toUnicodeHoursText(text: string): string {
  return text
    .replace(/(\d)(AM|PM)/g, "$1\u202F$2")
    .replace(/-/g, "\u2013")
    .replace(/,/g, ", ");
}

/** "11:30AM-2:30PM,5:30-11PM" → "11:30am-2:30pm,5:30pm-11pm": lowercase, every time with its own am/pm. */
export function toLowercaseHoursText(text: string): string {
  return text
    .split(",")
    .map((range) => {
      const match = /^([\d:]+)(AM|PM)?-([\d:]+)(AM|PM)$/.exec(range);
      if (!match) return range;
      const [, start, startMeridiem, end, endMeridiem] = match;
      return `${start}${(startMeridiem ?? endMeridiem ?? "").toLowerCase()}-${end}${(endMeridiem ?? "").toLowerCase()}`;
    })
    .join(",");
}
