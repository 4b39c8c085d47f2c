import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOpenAt } from "../db/rules/opening-hours.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../db/testing/test-database.ts";

// SQL directory_is_open, directory_is_open_on and the stored week (open_week) that search filters read, and TS
// isOpenAt (page badges), must give the same answer everywhere.

const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const repeatEveryDay = (ranges: string[][]) => Object.fromEntries(WEEK.map((day) => [day, ranges]));

const HOURS: Record<string, unknown> = {
  office: {
    monday: [["09:00", "17:00"]],
    tuesday: [["09:00", "17:00"]],
    wednesday: [["09:00", "17:00"]],
    thursday: [["09:00", "17:00"]],
    friday: [["09:00", "17:00"]],
    saturday: [],
    sunday: [],
  },
  split: repeatEveryDay([
    ["11:30", "14:30"],
    ["17:30", "23:00"],
  ]),
  overnight: { friday: [["18:00", "02:00"]], saturday: [["18:00", "03:30"]], sunday: [] },
  allDay: repeatEveryDay([["00:00", "24:00"]]),
  untilMidnight: repeatEveryDay([["12:00", "24:00"]]),
  dstNight: repeatEveryDay([["01:30", "03:30"]]),
  wrap24: { sunday: [["06:00", "06:00"]] },
  partial: { saturday: [["10:00", "16:00"]] },
  malformed: { monday: "Closed", tuesday: [["9:00", "17:00"]], wednesday: [["09:00"]], thursday: [[9, 17]], friday: [["08:00", "25:00"]] },
  emptyObject: {},
  none: null,
};

const ZONES = [null, "UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kathmandu", "Not/AZone"];

/** Instants every 53 minutes across the 2024 spring-forward and fall-back weekends (Europe, US, Australia). */
function listInstants(): Date[] {
  const windows: Array<[string, string]> = [
    ["2024-03-08T12:00:00Z", "2024-03-11T12:00:00Z"], // America/New_York springs forward 2024-03-10
    ["2024-03-29T12:00:00Z", "2024-04-01T12:00:00Z"], // Europe/Berlin springs forward 2024-03-31
    ["2024-04-05T12:00:00Z", "2024-04-08T00:00:00Z"], // Australia/Sydney falls back 2024-04-07
    ["2024-10-25T12:00:00Z", "2024-10-28T12:00:00Z"], // Europe/Berlin falls back 2024-10-27
  ];
  const out: Date[] = [];
  for (const [from, to] of windows) {
    for (let t = Date.parse(from); t <= Date.parse(to); t += 53 * 60_000) out.push(new Date(t));
  }
  return out;
}

describe(`opening hours: SQL directory_is_open agrees with TS isOpenAt on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** Each case's answer from the three SQL forms: [directory_is_open, open_week's containment, directory_is_open_on]. */
  async function sqlAnswerSets(
    cases: Array<{ hours: unknown; zone: string | null; at: Date; special?: unknown }>,
  ): Promise<Array<[boolean | null, boolean | null, boolean | null]>> {
    const rows = await handle.query<{ i: number; open: boolean | null; week: boolean | null; special: boolean | null }>(
      // NOTE: text[] in, cast per row: postgres.js cannot serialize jsonb[] or timestamptz[] parameters.
      `select c.i::int as i, directory_is_open(c.hours::jsonb, c.zone, c.at::timestamptz) as open,
              directory_week_ranges(c.hours::jsonb) @> directory_week_minute(c.zone, c.at::timestamptz) as week,
              directory_is_open_on(c.hours::jsonb, c.special::jsonb, c.zone, c.at::timestamptz) as special
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) with ordinality as c(hours, zone, at, special, i)
        order by c.i`,
      [
        cases.map((c) => (c.hours === null ? null : JSON.stringify(c.hours))),
        cases.map((c) => c.zone),
        cases.map((c) => c.at.toISOString()),
        cases.map((c) => (c.special === undefined ? null : JSON.stringify(c.special))),
      ],
    );
    return rows.map((row) => [row.open, row.week, row.special]);
  }

  async function sqlAnswers(cases: Array<{ hours: unknown; zone: string | null; at: Date }>): Promise<Array<boolean | null>> {
    const sets = await sqlAnswerSets(cases);
    // The stored week and the special-days form agree with directory_is_open whenever there are no special days.
    for (const [i, [open, week, special]] of sets.entries()) expect([week, special], `case ${i}`).toEqual([open, open]);
    return sets.map(([open]) => open);
  }

  it("matches hand-checked cases: overnight spans, 24 hours, closed days, DST jumps", async () => {
    const table: Array<{ hours: string; zone: string | null; at: string; open: boolean | null }> = [
      { hours: "office", zone: "Europe/Berlin", at: "2024-01-08T08:00:00Z", open: true }, // Mon 09:00 local
      { hours: "office", zone: "Europe/Berlin", at: "2024-01-08T16:00:00Z", open: false }, // Mon 17:00 local: closed at the closing minute
      { hours: "office", zone: "America/New_York", at: "2024-01-08T15:30:00Z", open: true }, // Mon 10:30 local
      { hours: "office", zone: "Asia/Kathmandu", at: "2024-01-08T03:14:00Z", open: false }, // Mon 08:59 local (UTC+5:45)
      { hours: "office", zone: "Asia/Kathmandu", at: "2024-01-08T03:15:00Z", open: true }, // Mon 09:00 local
      { hours: "office", zone: "Europe/Berlin", at: "2024-01-13T10:00:00Z", open: false }, // Saturday: []
      { hours: "overnight", zone: "UTC", at: "2024-01-13T01:59:00Z", open: true }, // Sat 01:59, Friday's span
      { hours: "overnight", zone: "UTC", at: "2024-01-13T02:00:00Z", open: false },
      { hours: "overnight", zone: "UTC", at: "2024-01-14T03:00:00Z", open: true }, // Sun 03:00, Saturday's span, Sunday closed
      { hours: "allDay", zone: "Australia/Sydney", at: "2024-04-06T15:59:00Z", open: true },
      { hours: "untilMidnight", zone: null, at: "2024-01-09T00:00:00Z", open: false }, // "24:00" does not spill over
      { hours: "wrap24", zone: "UTC", at: "2024-01-15T05:59:00Z", open: true }, // Mon 05:59 from Sunday 06:00
      { hours: "dstNight", zone: "Europe/Berlin", at: "2024-03-31T00:45:00Z", open: true }, // 01:45 CET
      { hours: "dstNight", zone: "Europe/Berlin", at: "2024-03-31T01:15:00Z", open: true }, // 03:15 CEST (02:xx never happens)
      { hours: "dstNight", zone: "Europe/Berlin", at: "2024-03-31T01:30:00Z", open: false }, // 03:30 CEST
      { hours: "office", zone: "Not/AZone", at: "2024-01-08T09:30:00Z", open: true }, // unknown zone reads as UTC
      { hours: "malformed", zone: "UTC", at: "2024-01-09T10:00:00Z", open: false }, // unpadded "9:00" never opens
      { hours: "emptyObject", zone: "UTC", at: "2024-01-09T10:00:00Z", open: null },
      { hours: "none", zone: "UTC", at: "2024-01-09T10:00:00Z", open: null },
    ];
    const cases = table.map((row) => ({ hours: HOURS[row.hours], zone: row.zone, at: new Date(row.at) }));
    const fromSql = await sqlAnswers(cases);
    const fromTs = cases.map((c) => isOpenAt(c.hours, c.zone, c.at));
    expect(fromTs).toEqual(table.map((row) => row.open));
    expect(fromSql).toEqual(table.map((row) => row.open));
  });

  it("agrees on every hours shape × zone × instant across four DST weekends", async () => {
    const cases: Array<{ hours: unknown; zone: string | null; at: Date; label: string }> = [];
    for (const [name, hours] of Object.entries(HOURS)) {
      for (const zone of ZONES) {
        for (const at of listInstants()) cases.push({ hours, zone, at, label: `${name} ${zone} ${at.toISOString()}` });
      }
    }
    const fromSql = await sqlAnswers(cases);
    const disagreements = cases
      .map((c, i) => ({ label: c.label, sql: fromSql[i], ts: isOpenAt(c.hours, c.zone, c.at) }))
      .filter((row) => row.sql !== row.ts);
    expect(cases.length).toBeGreaterThan(10_000);
    expect(disagreements.slice(0, 10)).toEqual([]);
  });

  it("reads special days in place of their weekday, today and for yesterday's run past midnight (directory_is_open_on)", async () => {
    const special = {
      "2024-12-24": [["09:00", "12:00"]],
      "2024-12-25": [],
      "2024-12-31": [["20:00", "03:00"]],
      "2025-01-01": [],
      bogus: "x",
      "2024-12-26": "closed",
    };
    const cases: Array<{ hours: unknown; zone: string | null; at: Date; special?: unknown; label: string }> = [];
    for (const hours of [HOURS.office, HOURS.split, HOURS.overnight, HOURS.allDay, HOURS.none]) {
      for (const zone of ["UTC", "Europe/Berlin", "America/New_York", "Pacific/Kiritimati"]) {
        for (let t = Date.parse("2024-12-23T00:00:00Z"); t <= Date.parse("2025-01-02T12:00:00Z"); t += 37 * 60_000) {
          const at = new Date(t);
          cases.push({ hours, zone, at, special, label: `${JSON.stringify(hours)?.slice(0, 30)} ${zone} ${at.toISOString()}` });
          cases.push({ hours, zone, at, special: {}, label: `{} ${zone} ${at.toISOString()}` });
        }
      }
    }
    const sets = await sqlAnswerSets(cases);
    const disagreements = cases
      .map((c, i) => ({ label: c.label, sql: sets[i]?.[2], ts: isOpenAt(c.hours, c.zone, c.at, c.special) }))
      .filter((row) => row.sql !== row.ts);
    expect(disagreements.slice(0, 10)).toEqual([]);
    // The special days changed answers: Christmas closed, New Year's Eve open past 02:00 in the office's week.
    expect(cases.some((c) => isOpenAt(c.hours, c.zone, c.at, c.special) !== isOpenAt(c.hours, c.zone, c.at))).toBe(true);
  });
});
