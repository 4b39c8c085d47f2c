import { describe, expect, it } from "vitest";
import { formatClockTime, formatDayHours, listSpecialDays, listWeekHours } from "./opening-hours.ts";

describe("formatDayHours", () => {
  it("prints the spec's day texts", () => {
    expect(formatDayHours([["09:00", "17:00"]])).toBe("9:00 AM – 5:00 PM");
    expect(
      formatDayHours([
        ["11:30", "14:30"],
        ["17:30", "23:00"],
      ]),
    ).toBe("11:30 AM – 2:30 PM, 5:30 PM – 11:00 PM");
    expect(formatDayHours([["18:00", "02:00"]])).toBe("6:00 PM – 2:00 AM");
    expect(formatDayHours([["12:00", "24:00"]])).toBe("12:00 PM – 12:00 AM");
    expect(formatDayHours([])).toBe("Closed");
    expect(formatDayHours(undefined)).toBe("Closed");
    expect(formatDayHours([["00:00", "24:00"]])).toBe("Open 24 hours");
    expect(formatDayHours([["bad", "17:00"]])).toBe("Closed");
  });

  it("formats clock times in 12-hour form", () => {
    expect(formatClockTime("00:00")).toBe("12:00 AM");
    expect(formatClockTime("12:05")).toBe("12:05 PM");
    expect(formatClockTime("24:00")).toBe("12:00 AM");
    expect(formatClockTime("25:00")).toBeNull();
  });
});

describe("listWeekHours (the business page)", () => {
  const RESTAURANT = {
    monday: [
      ["11:30", "14:30"],
      ["17:30", "23:00"],
    ],
    friday: [["18:00", "02:00"]],
    saturday: [["00:00", "24:00"]],
    sunday: [["10:00", "10:00"]],
  } as const;

  it("lists all seven days Monday first with the spec's texts", () => {
    expect(listWeekHours(RESTAURANT)).toEqual([
      { day: "monday", label: "Monday", text: "11:30 AM – 2:30 PM, 5:30 PM – 11:00 PM" },
      { day: "tuesday", label: "Tuesday", text: "Closed" },
      { day: "wednesday", label: "Wednesday", text: "Closed" },
      { day: "thursday", label: "Thursday", text: "Closed" },
      { day: "friday", label: "Friday", text: "6:00 PM – 2:00 AM" },
      { day: "saturday", label: "Saturday", text: "Open 24 hours" },
      { day: "sunday", label: "Sunday", text: "Open 24 hours" },
    ]);
    expect(listWeekHours(null)).toBeNull();
    expect(listWeekHours({ notADay: [] })).toBeNull();
  });
});

describe("listSpecialDays", () => {
  it("labels the next 30 days' special days on the business's calendar, with the year only when it changes", () => {
    // 2026-12-24T20:00Z is Friday 25 December 09:00 in Auckland.
    const rows = listSpecialDays(
      { "2026-12-25": [], "2027-01-02": [["10:00", "14:00"]], "2027-03-01": [] },
      "Pacific/Auckland",
      new Date("2026-12-24T20:00:00Z"),
    );
    expect(rows).toEqual([
      { date: "2026-12-25", label: "Friday 25 December", text: "Closed", isToday: true },
      { date: "2027-01-02", label: "Saturday 2 January 2027", text: "10:00 AM – 2:00 PM", isToday: false },
    ]);
  });
});
