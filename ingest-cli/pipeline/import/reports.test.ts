// Made-up import counters → the exact report objects, rates and list capping.
import { describe, expect, it } from "vitest";
import { buildColumnMapping, describeColumnExtraction } from "../map/columns.ts";
import {
  buildBatchResult,
  buildDashboardReport,
  buildSingleFileResult,
  computeRate,
  formatRejection,
  summariseList,
  type ImportCounters,
} from "./reports.ts";

const templateExtraction = describeColumnExtraction(
  buildColumnMapping(["name", "address", "phone", "category", "latitude", "longitude", "rating", "reviewCount", "place_id", "country_code"]),
);

// 12 rows: 6 new + 2 updated + 1 unchanged + 2 skipped (repeats of earlier lines) + 1 rejected.
// 9 rows carry a place id: 2 repeat the file, 3 were in the database, 4 are new.
const counters: ImportCounters = {
  totalRows: 12,
  inserted: 6,
  updated: 2,
  unchanged: 1,
  suppressed: 0,
  skipped: { count: 2, names: ["Café Twice", "Bakery Again"] },
  rejected: { count: 1, rows: [{ line: 17, field: "name", reason: "every business needs a name" }] },
  excelDuplicates: {
    count: 2,
    records: [
      { line: 8, name: "Café Twice", placeId: "ChIJmadeUpPlace0001", firstLine: 3 },
      { line: 11, name: "Bakery Again", placeId: "ChIJmadeUpPlace0002", firstLine: 5 },
    ],
  },
  databaseDuplicates: 3,
  recordsWithPlaceId: 9,
  uniquePlaceIds: 7,
  newPlaceIds: 4,
  fileName: "made-up.xlsx",
  fileSizeBytes: 1_572_864,
  startedAt: new Date("2025-01-02T03:04:05.000Z"),
  finishedAt: new Date("2025-01-02T03:04:07.250Z"),
  columnExtraction: templateExtraction,
};

const singleFile = {
  success: true,
  message: "Imported 9 of 12 rows: 6 new, 2 updated, 1 unchanged, 2 skipped, 1 rejected.",
  totalRows: 12,
  successCount: 9,
  errorCount: 1,
  skippedCount: 2,
  suppressedCount: 0,
  skippedBusinesses: ["Café Twice", "Bakery Again"],
  errors: ["Line 17: name — every business needs a name"],
};

describe("single-file result", () => {
  it("builds the spec's object", () => {
    expect(buildSingleFileResult(counters)).toEqual(singleFile);
  });

  it("words the message as in the back-office", () => {
    const result = buildSingleFileResult({
      ...counters,
      totalRows: 500,
      inserted: 450,
      updated: 30,
      unchanged: 0,
      skipped: { count: 15, names: [] },
      rejected: { count: 5, rows: [] },
    });
    expect(result.message).toBe("Imported 480 of 500 rows: 450 new, 30 updated, 15 skipped, 5 rejected.");
    expect(result.successCount).toBe(480);
    expect(result.skippedBusinesses).toEqual(["... and 15 more"]);
  });

  it("caps errors at 100 with a final '... and N more', counting past the sample", () => {
    const rows = Array.from({ length: 120 }, (_, index) => ({ line: index + 2, field: "rating", reason: '"seven" is not a number from 0 to 5' }));
    const result = buildSingleFileResult({
      ...counters,
      totalRows: 300,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      skipped: { count: 0, names: [] },
      rejected: { count: 300, rows },
    });
    expect(result.errors).toHaveLength(101);
    expect(result.errors[0]).toBe('Line 2: rating — "seven" is not a number from 0 to 5');
    expect(result.errors[99]).toBe('Line 101: rating — "seven" is not a number from 0 to 5');
    expect(result.errors[100]).toBe("... and 200 more");
    expect(result.success).toBe(false);
    expect(result.message).toBe("Imported 0 of 300 rows: 0 new, 0 updated, 0 skipped, 300 rejected.");
  });

  it("reports an empty file as a failure", () => {
    const empty = {
      ...counters,
      totalRows: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      skipped: { count: 0, names: [] },
      rejected: { count: 0, rows: [] },
    };
    expect(buildSingleFileResult(empty)).toEqual({
      success: false,
      message: "The file has no data rows.",
      totalRows: 0,
      successCount: 0,
      errorCount: 0,
      skippedCount: 0,
      suppressedCount: 0,
      skippedBusinesses: [],
      errors: [],
    });
  });
});

describe("batch result", () => {
  it("adds column extraction and the duplicate analysis with 1-decimal rates", () => {
    expect(buildBatchResult(counters)).toEqual({
      ...singleFile,
      columnExtraction: {
        extractedCount: 10,
        totalColumns: 23,
        extractionRate: 43.5,
        successful: ["name", "category", "full_address", "country_code", "phone", "latitude", "longitude", "rating", "reviews", "place_id"],
        missing: [
          "type",
          "street",
          "city",
          "postal_code",
          "country",
          "reviews_link",
          "photo",
          "logo",
          "located_in",
          "working_hours",
          "verified",
          "about",
          "url",
        ],
      },
      duplicateAnalysis: {
        totalRecords: 12,
        recordsWithPlaceId: 9,
        databaseDuplicateCount: 3,
        databaseDuplicateRate: 33.3,
        newPlaceIdCount: 4,
        newPlaceIdRate: 44.4,
        excelDuplicateCount: 2,
        excelDuplicateRecords: [
          { line: 8, name: "Café Twice", placeId: "ChIJmadeUpPlace0001", firstLine: 3 },
          { line: 11, name: "Bakery Again", placeId: "ChIJmadeUpPlace0002", firstLine: 5 },
        ],
      },
    });
  });

  it("caps the repeated-row list at 100 and gives 0 rates without place ids", () => {
    const records = Array.from({ length: 130 }, (_, index) => ({ line: index + 10, name: `Shop ${index}`, placeId: null, firstLine: 2 }));
    const result = buildBatchResult({
      ...counters,
      recordsWithPlaceId: 0,
      databaseDuplicates: 0,
      newPlaceIds: 0,
      excelDuplicates: { count: 130, records },
    });
    expect(result.duplicateAnalysis.excelDuplicateRecords).toHaveLength(100);
    expect(result.duplicateAnalysis.excelDuplicateCount).toBe(130);
    expect(result.duplicateAnalysis.databaseDuplicateRate).toBe(0);
    expect(result.duplicateAnalysis.newPlaceIdRate).toBe(0);
  });
});

describe("dashboard report", () => {
  it("splits rows into written and not written", () => {
    expect(buildDashboardReport(counters)).toEqual({
      success: true,
      timestamp: "2025-01-02T03:04:07.250Z",
      summary: { fileName: "made-up.xlsx", fileSizeMB: 1.5, processingTimeSeconds: 2.25, totalRecords: 12 },
      results: { updated: 8, skipped: 4, updateRate: 66.7, skipRate: 33.3 },
      duplicateAnalysis: {
        excelDuplicateCount: 2,
        databaseDuplicateCount: 3,
        newPlaceIdCount: 4,
        uniquePlaceIds: 7,
        totalDuplicateRecords: 5,
        duplicateRate: 41.7,
      },
    });
  });
});

describe("helpers", () => {
  it("summarises a list the way the upload panel does", () => {
    expect(summariseList(["a", "b", "c", "d", "e", "f", "g"], 5)).toEqual(["a", "b", "c", "d", "e", "... and 2 more"]);
    expect(summariseList(["a", "b"], 5)).toEqual(["a", "b"]);
    expect(summariseList(["a", "b"], 5, 9)).toEqual(["a", "b", "... and 7 more"]);
    expect(summariseList([], 5)).toEqual([]);
  });

  it("formats rejections with and without a field", () => {
    expect(formatRejection({ line: 17, field: "rating", reason: '"seven" is not a number from 0 to 5' })).toBe(
      'Line 17: rating — "seven" is not a number from 0 to 5',
    );
    expect(formatRejection({ line: 4, field: null, reason: "the row is empty" })).toBe("Line 4: the row is empty");
  });

  it("rounds rates to 1 decimal and avoids dividing by zero", () => {
    expect(computeRate(1, 3)).toBe(33.3);
    expect(computeRate(2, 3)).toBe(66.7);
    expect(computeRate(1, 8)).toBe(12.5);
    expect(computeRate(5, 0)).toBe(0);
  });
});
