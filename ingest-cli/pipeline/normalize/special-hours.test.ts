// The source shapes read as dated special days, and the labelled weekly sets (kitchen, delivery) that are not.
import { describe, expect, it } from "vitest";
import { mergeSpecialHours, parseSpecialHours } from "./special-hours.ts";

describe("parseSpecialHours", () => {
  it("reads a date-keyed object, as text or value, in date order", () => {
    const text = '{"2026-12-31": "10 am\u2013\u202f2 pm", "2026-12-25": "Closed", "2026-12-26": ["12:00-15:00", "18:00-23:00"]}';
    expect(parseSpecialHours(text)).toEqual({
      "2026-12-25": [],
      "2026-12-26": [
        ["12:00", "15:00"],
        ["18:00", "23:00"],
      ],
      "2026-12-31": [["10:00", "14:00"]],
    });
  });

  it("reads Outscraper other_hours' holiday set and ignores its kitchen and delivery sets", () => {
    const otherHours = JSON.stringify([
      { kitchen: { Monday: "11:30 am-2 pm,6-10 pm", Sunday: "Closed" } },
      { holiday_hours: { "2026-12-25": "Closed", "2027-01-01": "5-11 pm" } },
      { delivery: { Monday: "6-10 pm" } },
    ]);
    expect(parseSpecialHours(otherHours)).toEqual({ "2026-12-25": [], "2027-01-01": [["17:00", "23:00"]] });
    expect(parseSpecialHours(JSON.stringify([{ kitchen: { Monday: "11:30 am-2 pm" } }]))).toBeNull();
  });

  it("reads gosom week variants: dated keys beside the weekdays and a special_hours object", () => {
    expect(
      parseSpecialHours({ Monday: ["9 am–5 pm"], "Friday 2026-12-25 (Christmas Day)": ["Closed"], special_hours: { "2026-12-24": ["9 am–1 pm"] } }),
    ).toEqual({ "2026-12-24": [["09:00", "13:00"]], "2026-12-25": [] });
    expect(parseSpecialHours({ Monday: ["9 am–5 pm"] })).toBeNull();
  });

  it("reads a list of {date, hours} and {date, closed} records", () => {
    expect(
      parseSpecialHours([
        { date: "2026-12-25", closed: true, label: "Christmas Day" },
        { date: "2026-12-24", hours: "09:00-13:00" },
      ]),
    ).toEqual({ "2026-12-24": [["09:00", "13:00"]], "2026-12-25": [] });
  });

  it("skips impossible dates, unreadable hours and plain text", () => {
    expect(parseSpecialHours({ "2026-02-30": "Closed", "2026-12-25": "whenever", "2026-12-26": "Closed" })).toEqual({ "2026-12-26": [] });
    expect(parseSpecialHours("Monday:Closed|Tuesday:9AM-5PM")).toBeNull();
    expect(parseSpecialHours("{not json")).toBeNull();
    expect(parseSpecialHours(null)).toBeNull();
  });

  it("bounds the number of days kept", () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) many[new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)] = "Closed";
    expect(Object.keys(parseSpecialHours(many) ?? {})).toHaveLength(400);
  });
});

describe("mergeSpecialHours", () => {
  it("keeps the first source's day where both name a date", () => {
    expect(mergeSpecialHours({ "2026-12-25": [] }, { "2026-12-25": [["09:00", "12:00"]], "2026-12-24": [] })).toEqual({
      "2026-12-24": [],
      "2026-12-25": [],
    });
    expect(mergeSpecialHours(null, null)).toBeNull();
  });
});
