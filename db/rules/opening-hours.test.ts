import { describe, expect, it } from "vitest";
import { describeOpenNow, isOpenAt, readLocalWeekTime, readNextChange, readOpenState } from "./opening-hours.ts";

const OFFICE = { monday: [["09:00", "17:00"]], tuesday: [["09:00", "17:00"]], saturday: [], sunday: [] } as const;
const BAR = { friday: [["18:00", "02:00"]], saturday: [["18:00", "24:00"]], sunday: [] } as const;

describe("isOpenAt", () => {
  it("is open inside a range and closed at the closing minute", () => {
    // 2024-01-08 is a Monday; Berlin is UTC+1 in winter.
    expect(isOpenAt(OFFICE, "Europe/Berlin", new Date("2024-01-08T08:00:00Z"))).toBe(true);
    expect(isOpenAt(OFFICE, "Europe/Berlin", new Date("2024-01-08T07:59:00Z"))).toBe(false);
    expect(isOpenAt(OFFICE, "Europe/Berlin", new Date("2024-01-08T16:00:00Z"))).toBe(false);
  });

  it("reads the clock in the business's zone, not the server's", () => {
    // 15:30 UTC on a Monday is 10:30 in New York (open) and 00:30 Tuesday in Tokyo (closed).
    const at = new Date("2024-01-08T15:30:00Z");
    expect(isOpenAt(OFFICE, "America/New_York", at)).toBe(true);
    expect(isOpenAt(OFFICE, "Asia/Tokyo", at)).toBe(false);
  });

  it("carries a past-midnight range into the next morning", () => {
    // Friday 2024-01-12 23:00 and Saturday 01:30 local (UTC here) are open; Saturday 02:00 is closed.
    expect(isOpenAt(BAR, "UTC", new Date("2024-01-12T23:00:00Z"))).toBe(true);
    expect(isOpenAt(BAR, "UTC", new Date("2024-01-13T01:30:00Z"))).toBe(true);
    expect(isOpenAt(BAR, "UTC", new Date("2024-01-13T02:00:00Z"))).toBe(false);
    expect(isOpenAt(BAR, "UTC", new Date("2024-01-13T23:59:00Z"))).toBe(true);
    // Saturday's "24:00" close does not spill into Sunday.
    expect(isOpenAt(BAR, "UTC", new Date("2024-01-14T00:30:00Z"))).toBe(false);
  });

  it("treats 00:00–24:00 as open all day and equal times as a 24-hour wrap", () => {
    const always = { monday: [["00:00", "24:00"]] } as const;
    expect(isOpenAt(always, "UTC", new Date("2024-01-08T00:00:00Z"))).toBe(true);
    expect(isOpenAt(always, "UTC", new Date("2024-01-08T23:59:00Z"))).toBe(true);
    expect(isOpenAt(always, "UTC", new Date("2024-01-09T00:00:00Z"))).toBe(false);
  });

  it("says null without hours, false for closed or missing days, and skips malformed ranges", () => {
    const monday = new Date("2024-01-08T12:00:00Z");
    expect(isOpenAt(null, "UTC", monday)).toBeNull();
    expect(isOpenAt({}, "UTC", monday)).toBeNull();
    expect(isOpenAt("9AM-5PM", "UTC", monday)).toBeNull();
    expect(isOpenAt({ tuesday: [["09:00", "17:00"]] }, "UTC", monday)).toBe(false);
    expect(isOpenAt({ monday: [] }, "UTC", monday)).toBe(false);
    expect(isOpenAt({ monday: "Closed" }, "UTC", monday)).toBe(false);
    expect(isOpenAt({ monday: [["9:00", "17:00"], ["x", "y"], ["11:00"]] }, "UTC", monday)).toBe(false);
  });

  it("reads an unknown time zone as UTC instead of throwing", () => {
    expect(isOpenAt(OFFICE, "Mars/Olympus_Mons", new Date("2024-01-08T09:30:00Z"))).toBe(true);
    expect(readLocalWeekTime(new Date("2024-01-08T09:30:00Z"), "")).toEqual({ day: "monday", minute: 570 });
  });

  it("follows daylight-saving changes", () => {
    // Europe/Berlin springs forward on 2024-03-31: 00:30 UTC is 01:30 CET, 01:30 UTC is 03:30 CEST.
    const night = { sunday: [["03:00", "04:00"]] } as const;
    expect(isOpenAt(night, "Europe/Berlin", new Date("2024-03-31T00:30:00Z"))).toBe(false);
    expect(isOpenAt(night, "Europe/Berlin", new Date("2024-03-31T01:30:00Z"))).toBe(true);
  });
});

describe("readOpenState (the business page)", () => {
  // A restaurant with a lunch and a dinner shift, a bar night into Sunday, and a 24-hour Saturday.
  const RESTAURANT = {
    monday: [
      ["11:30", "14:30"],
      ["17:30", "23:00"],
    ],
    friday: [["18:00", "02:00"]],
    saturday: [["00:00", "24:00"]],
    sunday: [["10:00", "10:00"]],
  } as const;

  it("reads split shifts on the business's clock, not the server's", () => {
    // 2024-01-08 (Monday) 06:00 UTC is 15:00 in Tokyo: between the shifts, closed; 09:00 UTC is 18:00, open.
    expect(readOpenState(RESTAURANT, "Asia/Tokyo", new Date("2024-01-08T06:00:00Z"))).toEqual({ open: false, today: "monday" });
    expect(readOpenState(RESTAURANT, "Asia/Tokyo", new Date("2024-01-08T09:00:00Z"))).toEqual({ open: true, today: "monday" });
    // The same instant in Los Angeles is Sunday 22:00, inside Sunday's 24-hour wrap (10:00 → Monday 10:00): open.
    expect(readOpenState(RESTAURANT, "America/Los_Angeles", new Date("2024-01-08T06:00:00Z"))).toEqual({ open: true, today: "sunday" });
    // And Tuesday 15:00 in Tokyo has no hours at all.
    expect(readOpenState(RESTAURANT, "Asia/Tokyo", new Date("2024-01-09T06:00:00Z"))).toEqual({ open: false, today: "tuesday" });
  });

  it("marks today in the business's zone when it differs from UTC's day", () => {
    // Sunday 2024-01-14 20:00 UTC is already Monday 09:00 in Auckland (UTC+13 in summer).
    expect(readOpenState(RESTAURANT, "Pacific/Auckland", new Date("2024-01-14T20:00:00Z")).today).toBe("monday");
    expect(readOpenState(RESTAURANT, "UTC", new Date("2024-01-14T20:00:00Z")).today).toBe("sunday");
  });

  it("keeps an overnight shift open after midnight and a 24-hour day open all day", () => {
    // Friday 18:00–02:00 in Berlin: Saturday 00:30 local (23:30 UTC Friday) is open through Friday's shift.
    expect(readOpenState(RESTAURANT, "Europe/Berlin", new Date("2024-01-12T23:30:00Z")).open).toBe(true);
    expect(readOpenState(RESTAURANT, "Europe/Berlin", new Date("2024-01-13T22:59:00Z")).open).toBe(true);
    // Sunday's equal open/close (10:00–10:00) is a 24-hour wrap ending Monday 10:00.
    expect(readOpenState(RESTAURANT, "UTC", new Date("2024-01-15T09:59:00Z")).open).toBe(true);
    expect(readOpenState(RESTAURANT, "UTC", new Date("2024-01-15T10:00:00Z")).open).toBe(false);
  });

  it("gives no badge without hours, but still a today", () => {
    expect(readOpenState(null, "Asia/Tokyo", new Date("2024-01-08T06:00:00Z"))).toEqual({ open: null, today: "monday" });
  });
});

describe("describeOpenNow (page and cards): the next change on the business's clock", () => {
  const WEEKDAYS_9_TO_22 = Object.fromEntries(
    (["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map((day) => [day, [["09:00", "22:00"]]]),
  );

  it("says when an open business closes and a closed one opens, in its zone, across the day and week boundary", () => {
    // Friday 2024-01-12 20:00 UTC is Saturday 05:00 in Tokyo: closed until Monday 09:00 (while UTC's Friday is open).
    const fridayEvening = new Date("2024-01-12T20:00:00Z");
    expect(describeOpenNow(WEEKDAYS_9_TO_22, "UTC", fridayEvening)).toBe("Open now · closes 22:00");
    expect(describeOpenNow(WEEKDAYS_9_TO_22, "Asia/Tokyo", fridayEvening)).toBe("Closed · opens Mon 09:00");
    // The same instant is Friday 12:00 in Los Angeles: open, closing at its own 22:00.
    expect(describeOpenNow(WEEKDAYS_9_TO_22, "America/Los_Angeles", fridayEvening)).toBe("Open now · closes 22:00");
    // Monday 2024-01-08 23:30 UTC is Tuesday 08:30 in Tokyo: opens later that (local) day, so no weekday.
    expect(describeOpenNow(WEEKDAYS_9_TO_22, "Asia/Tokyo", new Date("2024-01-08T23:30:00Z"))).toBe("Closed · opens 09:00");
    // Tuesday 2024-01-09 13:30 UTC is 22:30 in Tokyo: closed, opens tomorrow (a new local day), so Wed.
    expect(describeOpenNow(WEEKDAYS_9_TO_22, "Asia/Tokyo", new Date("2024-01-09T13:30:00Z"))).toBe("Closed · opens Wed 09:00");
    expect(readNextChange(WEEKDAYS_9_TO_22, "Asia/Tokyo", new Date("2024-01-09T13:30:00Z"))).toEqual({
      day: "wednesday",
      time: "09:00",
      minutesAway: 630,
      sameDay: false,
    });
  });

  it("joins a shift past midnight, a 24:00 close and a Sunday-night-to-Monday span", () => {
    const NIGHTS = { friday: [["18:00", "24:00"]], saturday: [["00:00", "03:00"]], sunday: [["22:00", "02:00"]], monday: [["02:00", "04:00"]] };
    // Friday 23:00 in Berlin (22:00 UTC): Friday's 24:00 runs on into Saturday 00:00–03:00, so it closes at 03:00.
    expect(describeOpenNow(NIGHTS, "Europe/Berlin", new Date("2024-01-12T22:00:00Z"))).toBe("Open now · closes 03:00");
    // Sunday 23:00 UTC: 22:00–02:00 then Monday 02:00–04:00 make one span to Monday 04:00.
    expect(describeOpenNow(NIGHTS, "UTC", new Date("2024-01-14T23:00:00Z"))).toBe("Open now · closes 04:00");
    // Monday 05:00: nothing until Friday 18:00.
    expect(describeOpenNow(NIGHTS, "UTC", new Date("2024-01-15T05:00:00Z"))).toBe("Closed · opens Fri 18:00");
    expect(describeOpenNow({ friday: [["18:00", "24:00"]] }, "UTC", new Date("2024-01-12T19:00:00Z"))).toBe("Open now · closes 00:00");
  });

  it("says Open 24 hours when it never closes, Closed now when it never opens, and nothing without hours", () => {
    const ALWAYS = Object.fromEntries(
      (["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const).map((day) => [day, [["00:00", "24:00"]]]),
    );
    expect(describeOpenNow(ALWAYS, "Asia/Tokyo", new Date("2024-01-10T12:00:00Z"))).toBe("Open 24 hours");
    // Open around the clock on weekdays only: it does close, on Saturday at 00:00, more than a day away.
    const { saturday: _saturday, sunday: _sunday, ...weekdays } = ALWAYS;
    expect(describeOpenNow(weekdays, "UTC", new Date("2024-01-10T12:00:00Z"))).toBe("Open now · closes Sat 00:00");
    expect(describeOpenNow({ monday: [] }, "UTC", new Date("2024-01-08T12:00:00Z"))).toBe("Closed now");
    expect(describeOpenNow(null, "UTC", new Date("2024-01-08T12:00:00Z"))).toBeNull();
    expect(readNextChange({}, "UTC", new Date("2024-01-08T12:00:00Z"))).toBeNull();
  });
});
