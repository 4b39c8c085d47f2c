import { describe, expect, it } from "vitest";
import { DateRangeError, resolveDateRange } from "./date-range.ts";

// A Saturday afternoon in UTC (and already Sunday in Tokyo: the machine's zone must not matter).
const now = new Date("2026-11-21T20:05:09.123Z");
const iso = (window: { from?: Date; to?: Date }) => ({ from: window.from?.toISOString(), to: window.to?.toISOString() });

describe("resolveDateRange", () => {
  it("resolves every preset in UTC", () => {
    expect(iso(resolveDateRange("all", now))).toEqual({ from: undefined, to: undefined });
    expect(iso(resolveDateRange("today", now))).toEqual({ from: "2026-11-21T00:00:00.000Z", to: "2026-11-22T00:00:00.000Z" });
    expect(iso(resolveDateRange("yesterday", now))).toEqual({ from: "2026-11-20T00:00:00.000Z", to: "2026-11-21T00:00:00.000Z" });
    expect(iso(resolveDateRange("last24hours", now))).toEqual({ from: "2026-11-20T20:05:09.123Z", to: undefined });
    expect(iso(resolveDateRange("last7days", now))).toEqual({ from: "2026-11-14T20:05:09.123Z", to: undefined });
    expect(iso(resolveDateRange("thisweek", now))).toEqual({ from: "2026-11-16T00:00:00.000Z", to: undefined });
    expect(iso(resolveDateRange("thismonth", now))).toEqual({ from: "2026-11-01T00:00:00.000Z", to: undefined });
  });

  it("starts the week on Monday, also when today is Monday or Sunday", () => {
    expect(resolveDateRange("thisweek", new Date("2026-11-16T00:00:00Z")).from?.toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(resolveDateRange("thisweek", new Date("2026-11-22T23:59:59Z")).from?.toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(resolveDateRange("thismonth", new Date("2026-01-01T00:00:00Z")).from?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("makes custom ranges cover whole days, the end date included", () => {
    expect(iso(resolveDateRange("custom", now, "2026-01-01", "2026-01-31"))).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-02-01T00:00:00.000Z",
    });
    expect(iso(resolveDateRange("custom", now, "2026-03-05", "2026-03-05"))).toEqual({
      from: "2026-03-05T00:00:00.000Z",
      to: "2026-03-06T00:00:00.000Z",
    });
  });

  it.each([
    [["custom", undefined, undefined], "CUSTOM_RANGE_INCOMPLETE"],
    [["custom", "2026-01-01", undefined], "CUSTOM_RANGE_INCOMPLETE"],
    [["custom", undefined, "2026-01-01"], "CUSTOM_RANGE_INCOMPLETE"],
    [["custom", "2026-02-30", "2026-03-01"], "INVALID_DATE"],
    [["custom", "01/02/2026", "2026-03-01"], "INVALID_DATE"],
    [["custom", "2026-03-02", "2026-03-01"], "RANGE_REVERSED"],
    [["today", "2026-03-02", undefined], "DATES_NEED_CUSTOM"],
  ] as const)("refuses %j with %s", ([preset, start, end], code) => {
    let caught: unknown;
    try {
      resolveDateRange(preset, now, start, end);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DateRangeError);
    expect((caught as DateRangeError).code).toBe(code);
  });
});
