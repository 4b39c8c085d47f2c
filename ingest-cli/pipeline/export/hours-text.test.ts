import { describe, expect, it } from "vitest";
import { parseWorkingHours } from "../normalize/hours.ts";
import { formatClock, formatWorkingHours } from "./hours-text.ts";

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
