import { describe, expect, it } from "vitest";
import { WEEKDAYS, buildWorkingHours, toLowercaseHoursText, toUnicodeHoursText } from "./hours.ts";
import { Random } from "./random.ts";

describe("opening hours text", () => {
  it("writes Google's compact shape, dropping a repeated AM/PM but never across midnight", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      for (const text of Object.values(buildWorkingHours("restaurant", new Random(i)))) seen.add(text);
      for (const text of Object.values(buildWorkingHours("bar", new Random(i)))) seen.add(text);
    }
    const all = [...seen];
    expect(all).toContain("Closed");
    expect(all.some((text) => /^\d{1,2}(:\d{2})?(AM|PM)?-\d{1,2}(:\d{2})?(AM|PM),\d{1,2}(:\d{2})?(AM|PM)?-\d{1,2}(:\d{2})?(AM|PM)$/.test(text))).toBe(
      true,
    );
    // A late shift keeps both halves of the day: "5PM-2AM", never the ambiguous "5-2AM".
    expect(all.some((text) => /PM-\d{1,2}(:\d{2})?AM/.test(text))).toBe(true);
    for (const text of all) expect(text).not.toMatch(/(^|,)\d{1,2}(:\d{2})?-(1[0-2]|[1-9])(:\d{2})?AM/);
  });

  it("gives every weekday a value and fits the category (gas stations 24 h, offices closed on Sunday)", () => {
    const gas = buildWorkingHours("gas", new Random(1));
    expect(Object.keys(gas)).toEqual([...WEEKDAYS]);
    let allDay = 0;
    for (let i = 0; i < 200; i++) if (buildWorkingHours("gas", new Random(i)).Monday === "Open 24 hours") allDay++;
    expect(allDay).toBeGreaterThan(100);
    for (let i = 0; i < 50; i++) expect(buildWorkingHours("office", new Random(i)).Sunday).toBe("Closed");
  });

  it("rewrites to the en-dash + narrow no-break space form and to lowercase with explicit am/pm", () => {
    expect(toUnicodeHoursText("11:30AM-2:30PM,5:30-11PM")).toBe("11:30\u202FAM\u20132:30\u202FPM, 5:30\u201311\u202FPM");
    expect(toUnicodeHoursText("Open 24 hours")).toBe("Open 24 hours");
    expect(toLowercaseHoursText("11:30AM-2:30PM,5:30-11PM")).toBe("11:30am-2:30pm,5:30pm-11pm");
    expect(toLowercaseHoursText("Closed")).toBe("Closed");
  });
});
