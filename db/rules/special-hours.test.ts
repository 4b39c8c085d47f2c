// Special days ({"2026-12-25": []}) replace the week's day on that local date: open-now, its line, and the list ahead.
import { describe, expect, it } from "vitest";
import { describeOpenNow, isOpenAt, listUpcomingSpecialDays, readNextChange } from "./opening-hours.ts";

const NINE_TO_FIVE = [["09:00", "17:00"]] as const;
const EVERY_DAY = {
  monday: NINE_TO_FIVE,
  tuesday: NINE_TO_FIVE,
  wednesday: NINE_TO_FIVE,
  thursday: NINE_TO_FIVE,
  friday: NINE_TO_FIVE,
  saturday: NINE_TO_FIVE,
  sunday: NINE_TO_FIVE,
} as const;

describe("special days in open-now", () => {
  it("closes on a holiday by the business's own date, far east of UTC", () => {
    // 2026-12-24T21:00Z is Friday 25 December 10:00 in Auckland (UTC+13): still the 24th in UTC.
    const at = new Date("2026-12-24T21:00:00Z");
    const special = { "2026-12-25": [] };
    expect(describeOpenNow(EVERY_DAY, "Pacific/Auckland", at)).toBe("Open now · closes 17:00");
    expect(isOpenAt(EVERY_DAY, "Pacific/Auckland", at, special)).toBe(false);
    expect(describeOpenNow(EVERY_DAY, "Pacific/Auckland", at, special)).toBe("Closed · opens Sat 09:00");
    // The same instant in New York is the 24th, 16:00: the holiday is not there yet.
    expect(describeOpenNow(EVERY_DAY, "America/New_York", at, special)).toBe("Open now · closes 17:00");
  });

  it("says when a holiday closes the business early, on the eve", () => {
    // Kiritimati is UTC+14: 2026-12-23T22:00Z is Thursday 24 December 12:00 there.
    const special = { "2026-12-24": [["09:00", "13:00"]], "2026-12-25": [] };
    const at = new Date("2026-12-23T22:00:00Z");
    expect(describeOpenNow(EVERY_DAY, "Pacific/Kiritimati", at, special)).toBe("Open now · closes 13:00");
    // At 14:00 it has closed, skips the closed 25th and opens on Saturday the 26th.
    expect(describeOpenNow(EVERY_DAY, "Pacific/Kiritimati", new Date("2026-12-24T00:00:00Z"), special)).toBe("Closed · opens Sat 09:00");
  });

  it("carries a special day's late range past midnight, and the next day's special replaces its week day", () => {
    // New Year's Eve 20:00–02:00; New Year's Day closed; the week would open Friday 1 January at 09:00.
    const special = { "2026-12-31": [["20:00", "02:00"]], "2027-01-01": [] };
    const zone = "Asia/Tokyo"; // UTC+9
    expect(describeOpenNow(EVERY_DAY, zone, new Date("2026-12-31T07:00:00Z"), special)).toBe("Closed · opens 20:00");
    expect(describeOpenNow(EVERY_DAY, zone, new Date("2026-12-31T14:00:00Z"), special)).toBe("Open now · closes 02:00");
    // 01:30 local on the 1st: still open from the eve's range.
    expect(isOpenAt(EVERY_DAY, zone, new Date("2026-12-31T16:30:00Z"), special)).toBe(true);
    // 02:00 local on the 1st: closed for the holiday, opens Saturday the 2nd.
    expect(describeOpenNow(EVERY_DAY, zone, new Date("2026-12-31T17:00:00Z"), special)).toBe("Closed · opens Sat 09:00");
    // Without the special days, 10:00 on the 1st is an ordinary open Friday.
    expect(isOpenAt(EVERY_DAY, zone, new Date("2027-01-01T01:00:00Z"))).toBe(true);
    expect(isOpenAt(EVERY_DAY, zone, new Date("2027-01-01T01:00:00Z"), special)).toBe(false);
  });

  it("opens on a special day the week keeps closed", () => {
    const week = { monday: NINE_TO_FIVE, sunday: [] };
    // Saturday 2026-12-19 18:00 UTC; Sunday the 20th is a special shopping Sunday 11:00–16:00.
    const change = readNextChange(week, "UTC", new Date("2026-12-19T18:00:00Z"), { "2026-12-20": [["11:00", "16:00"]] });
    expect(change).toMatchObject({ day: "sunday", time: "11:00", sameDay: false });
    expect(describeOpenNow(week, "UTC", new Date("2026-12-20T12:00:00Z"), { "2026-12-20": [["11:00", "16:00"]] })).toBe("Open now · closes 16:00");
  });

  it("ignores malformed special entries and keeps the week", () => {
    const at = new Date("2026-12-24T21:00:00Z");
    expect(describeOpenNow(EVERY_DAY, "Pacific/Auckland", at, { "2026-12-25": "Closed" })).toBe("Open now · closes 17:00");
    expect(describeOpenNow(EVERY_DAY, "Pacific/Auckland", at, ["2026-12-25"])).toBe("Open now · closes 17:00");
  });
});

describe("listUpcomingSpecialDays", () => {
  it("lists the special days from the local today through 30 days ahead, in date order", () => {
    const special = {
      "2027-01-01": [],
      "2026-12-24": [["09:00", "13:00"]],
      "2026-12-20": [], // before today in Auckland
      "2027-01-30": [], // 31 days ahead: outside the window
      "not-a-date": [],
    };
    // Auckland: 2026-12-20T12:00Z is Monday 21 December 01:00.
    expect(listUpcomingSpecialDays(special, "Pacific/Auckland", new Date("2026-12-20T12:00:00Z"))).toEqual([
      { date: "2026-12-24", day: "thursday", ranges: [["09:00", "13:00"]] },
      { date: "2027-01-01", day: "friday", ranges: [] },
    ]);
    expect(listUpcomingSpecialDays(null, "UTC", new Date())).toEqual([]);
  });
});
