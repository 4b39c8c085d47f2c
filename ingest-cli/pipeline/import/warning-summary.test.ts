import { describe, expect, it } from "vitest";
import { describeColumnExtraction, buildColumnMapping } from "../map/columns.ts";
import { countWarnings, createTally, WARNING_SAMPLE_LIMIT } from "./import-tally.ts";
import { summariseWarnings } from "./reports.ts";

describe("warnings: counted by code and field, sampled, summarised in one line", () => {
  it("groups, samples and words them", () => {
    const tally = createTally({
      fileName: "a.csv",
      fileSizeBytes: 1,
      startedAt: new Date(0),
      columnExtraction: describeColumnExtraction(buildColumnMapping(["name"])),
    });
    countWarnings(tally, 4, [{ field: "latitude", code: "OUT_OF_RANGE", reason: "r" }]);
    countWarnings(tally, 7, [{ field: "working_hours", code: "HOURS_UNREADABLE", reason: "r" }]);
    countWarnings(tally, 9, [{ field: "latitude", code: "OUT_OF_RANGE", reason: "r" }]);
    expect(tally.warnings).toBe(3);
    expect(tally.warningSample.map((w) => w.line)).toEqual([4, 7, 9]);
    expect(summariseWarnings(tally.warnings, [...tally.warningGroups.values()])).toBe(
      "3 warnings: 2 OUT_OF_RANGE latitude (lines 4, 9), 1 HOURS_UNREADABLE working_hours (line 7)",
    );
  });

  it("keeps a bounded sample and five lines per group, and counts every one", () => {
    const tally = createTally({
      fileName: "a.csv",
      fileSizeBytes: 1,
      startedAt: new Date(0),
      columnExtraction: describeColumnExtraction(buildColumnMapping(["name"])),
    });
    for (let line = 2; line < 102; line++) countWarnings(tally, line, [{ field: "rating", code: "OUT_OF_RANGE", reason: "r" }]);
    expect(tally.warningSample).toHaveLength(WARNING_SAMPLE_LIMIT);
    expect(summariseWarnings(tally.warnings, [...tally.warningGroups.values()])).toBe(
      "100 warnings: 100 OUT_OF_RANGE rating (lines 2, 3, 4, 5, 6, …)",
    );
  });

  it("says nothing without warnings, and 'warning' for one", () => {
    expect(summariseWarnings(0, [])).toBe("");
    expect(summariseWarnings(1, [{ code: "STATUS_UNKNOWN", field: "business_status", count: 1, lines: [5] }])).toBe(
      "1 warning: 1 STATUS_UNKNOWN business_status (line 5)",
    );
  });
});
