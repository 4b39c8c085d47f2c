import { describe, expect, it } from "vitest";
import { parseDayHours, parseTimeRange, parseWeekday, parseWorkingHours } from "./hours.ts";

describe("time ranges", () => {
  it("reads 12-hour times with and without minutes and spaces", () => {
    expect(parseTimeRange("9AM-5PM")).toEqual(["09:00", "17:00"]);
    expect(parseTimeRange("11:30am-2:30pm")).toEqual(["11:30", "14:30"]);
    expect(parseTimeRange("9 AM–5 PM")).toEqual(["09:00", "17:00"]);
    expect(parseTimeRange("12PM-12AM")).toEqual(["12:00", "24:00"]);
  });
  it("infers the start's meridiem from the end", () => {
    expect(parseTimeRange("5:30-11pm")).toEqual(["17:30", "23:00"]);
    expect(parseTimeRange("11-2pm")).toEqual(["11:00", "14:00"]);
    expect(parseTimeRange("8-11am")).toEqual(["08:00", "11:00"]);
  });
  it("keeps past-midnight closes and 24-hour clocks", () => {
    expect(parseTimeRange("6pm-2am")).toEqual(["18:00", "02:00"]);
    expect(parseTimeRange("09:00–17:30")).toEqual(["09:00", "17:30"]);
    expect(parseTimeRange("9 AM to 5 PM")).toEqual(["09:00", "17:00"]);
  });
  it("rejects nonsense", () => {
    expect(parseTimeRange("sometimes")).toBeNull();
    expect(parseTimeRange("25:00-26:00")).toBeNull();
  });
});

describe("day hours", () => {
  it("reads closed, 24 hours and split shifts with odd spaces", () => {
    expect(parseDayHours("Closed")).toEqual([]);
    expect(parseDayHours("Open 24 hours")).toEqual([["00:00", "24:00"]]);
    expect(parseDayHours("11:30am-2:30pm,5:30-11pm")).toEqual([
      ["11:30", "14:30"],
      ["17:30", "23:00"],
    ]);
    expect(parseDayHours(["11\u202fam–11\u202fpm"])).toEqual([["11:00", "23:00"]]);
    expect(parseDayHours("garbage")).toBeNull();
  });
});

describe("working hours", () => {
  it("reads the Outscraper JSON object", () => {
    const week = parseWorkingHours('{"Monday":"Closed","Tuesday":"11:30am-2:30pm,5:30-11pm","Sunday":"Open 24 hours"}');
    expect(week).toEqual({
      monday: [],
      tuesday: [
        ["11:30", "14:30"],
        ["17:30", "23:00"],
      ],
      sunday: [["00:00", "24:00"]],
    });
  });
  it("reads the pipe-separated old format", () => {
    expect(parseWorkingHours("Monday:Closed|Tuesday:9AM-5PM")).toEqual({ monday: [], tuesday: [["09:00", "17:00"]] });
  });
  it("reads gosom arrays per day and Apify {day, hours} lists", () => {
    expect(parseWorkingHours({ Friday: ["11\u202fam–11\u202fpm"] })).toEqual({ friday: [["11:00", "23:00"]] });
    expect(parseWorkingHours([{ day: "Saturday", hours: "10 AM to 4 PM" }])).toEqual({ saturday: [["10:00", "16:00"]] });
  });
  it("reads non-English day names", () => {
    expect(parseWeekday("Montag")).toBe("monday");
    expect(parseWeekday("Çarşamba")).toBe("wednesday");
    expect(parseWeekday("dimanche")).toBe("sunday");
    expect(parseWorkingHours({ Montag: "09:00–18:00", Sonntag: "Geschlossen" })).toEqual({ monday: [["09:00", "18:00"]], sunday: [] });
  });
  it("treats empty, None and unparsable input as no hours", () => {
    for (const value of [null, "", "None", "{}", "not hours", { Funday: "9-5" }, "{broken json"]) expect(parseWorkingHours(value)).toBeNull();
  });
  it("answers a repeated text from its cache with the same week, and tells similar texts apart", () => {
    const text = '{"Monday": "9AM-5PM", "Tuesday": "Closed"}';
    const first = parseWorkingHours(text);
    expect(first).toEqual({ monday: [["09:00", "17:00"]], tuesday: [] });
    expect(parseWorkingHours(text)).toEqual(first);
    expect(parseWorkingHours(text.replace("5PM", "6PM"))).toEqual({ monday: [["09:00", "18:00"]], tuesday: [] });
    expect(parseWorkingHours("nonsense")).toBeNull();
    expect(parseWorkingHours("nonsense")).toBeNull();
  });
});
