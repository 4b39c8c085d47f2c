import { describe, expect, it } from "vitest";
import { parseWorkingHours } from "../normalize/hours.ts";
import { parseSpecialHours } from "../normalize/special-hours.ts";
import { formatClock, formatSpecialHours, formatWorkingHours } from "./hours-text.ts";

describe("formatClock", () => {
  it.each([
    ["00:00", "12AM"],
    ["00:30", "12:30AM"],
    ["09:00", "9AM"],
    ["11:30", "11:30AM"],
    ["12:00", "12PM"],
    ["12:45", "12:45PM"],
    ["17:30", "5:30PM"],
    ["23:59", "11:59PM"],
    ["24:00", "12AM"],
  ])("%s → %s", (input, expected) => expect(formatClock(input)).toBe(expected));

  it.each(["9:00", "25:00", "24:30", "12:60", "noon", ""])("refuses %j", (input) => expect(formatClock(input)).toBeNull());
});

describe("formatWorkingHours", () => {
  it("writes Google's export shape, Monday first", () => {
    expect(
      formatWorkingHours({
        sunday: [],
        tuesday: [
          ["11:30", "14:30"],
          ["17:30", "23:00"],
        ],
        monday: [["09:00", "17:00"]],
        saturday: [["00:00", "24:00"]],
        friday: [["18:00", "02:00"]],
      }),
    ).toBe('{"Monday":"9AM-5PM","Tuesday":"11:30AM-2:30PM,5:30PM-11PM","Friday":"6PM-2AM","Saturday":"Open 24 hours","Sunday":"Closed"}');
  });

  it("gives null for nothing readable and skips days it cannot read", () => {
    expect(formatWorkingHours(null)).toBeNull();
    expect(formatWorkingHours({})).toBeNull();
    expect(formatWorkingHours([["09:00", "17:00"]])).toBeNull();
    expect(formatWorkingHours({ monday: "9-5", tuesday: [["09:00", "17:00"]], wednesday: [["x", "y"]] })).toBe('{"Tuesday":"9AM-5PM"}');
  });

  it("reads back through the importer's parser to the same week", () => {
    const weeks = [
      {
        monday: [["09:00", "17:00"]],
        tuesday: [
          ["11:30", "14:30"],
          ["17:30", "23:00"],
        ],
        sunday: [],
      },
      { friday: [["18:00", "24:00"]], saturday: [["22:00", "04:00"]], sunday: [["00:00", "24:00"]] },
      {
        monday: [["00:00", "05:00"]],
        tuesday: [["12:00", "12:30"]],
        wednesday: [
          ["06:15", "13:45"],
          ["14:00", "20:05"],
        ],
      },
      { thursday: [["11:00", "14:00"]], friday: [["05:30", "11:00"]] },
    ];
    for (const week of weeks) expect(parseWorkingHours(formatWorkingHours(week))).toEqual(week);
  });
});

describe("formatSpecialHours", () => {
  it("writes Outscraper's other_hours shape, dates in order", () => {
    expect(formatSpecialHours({ "2026-12-31": [["10:00", "14:00"]], "2026-12-25": [] })).toBe(
      '[{"holiday_hours":{"2026-12-25":"Closed","2026-12-31":"10AM-2PM"}}]',
    );
  });

  it("leaves out what it cannot read", () => {
    expect(formatSpecialHours(null)).toBeNull();
    expect(formatSpecialHours({})).toBeNull();
    expect(formatSpecialHours([["09:00", "17:00"]])).toBeNull();
    expect(formatSpecialHours({ monday: [["09:00", "17:00"]], "2026-13-01": [], "2026-12-24": "9-5" })).toBeNull();
  });

  it("reads back through the importer's parser to the same days", () => {
    const sets = [
      { "2026-12-24": [["08:00", "12:00"]], "2026-12-25": [], "2027-01-01": [["00:00", "24:00"]] },
      {
        "2026-05-01": [
          ["10:00", "14:00"],
          ["18:00", "23:30"],
        ],
        "2026-12-31": [["22:00", "03:00"]],
      },
    ];
    for (const days of sets) expect(parseSpecialHours(formatSpecialHours(days))).toEqual(days);
  });
});
