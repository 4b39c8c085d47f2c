import { describe, expect, it } from "vitest";
import { checkUploadFile, readImportedShare, splitNdjson } from "./upload-send";

describe("splitNdjson", () => {
  it("returns complete lines and keeps the unfinished tail for the next chunk", () => {
    expect(splitNdjson('{"a":1}\n{"b":2}\n{"c"')).toEqual({ lines: ['{"a":1}', '{"b":2}'], rest: '{"c"' });
    expect(splitNdjson("")).toEqual({ lines: [], rest: "" });
    expect(splitNdjson('{"a":1}\n\n')).toEqual({ lines: ['{"a":1}'], rest: "" });
  });
});

const RULES = { maxBytes: 150 * 1024 * 1024, extensions: [".xlsx", ".xls", ".csv"] };

describe("checkUploadFile", () => {
  it("refuses a file above 150 MB as too large and accepts one at the limit", () => {
    expect(checkUploadFile({ name: "big.xlsx", size: 150 * 1024 * 1024 + 1 }, RULES)).toEqual({ ok: false, reason: "tooLarge" });
    expect(checkUploadFile({ name: "ok.xlsx", size: 150 * 1024 * 1024 }, RULES)).toEqual({ ok: true });
  });
  it("accepts .xlsx, .xls and .csv in any letter case and refuses other types", () => {
    expect(checkUploadFile({ name: "a.XLSX", size: 1 }, RULES).ok).toBe(true);
    expect(checkUploadFile({ name: "a.xls", size: 1 }, RULES).ok).toBe(true);
    expect(checkUploadFile({ name: "a.csv", size: 1 }, RULES).ok).toBe(true);
    expect(checkUploadFile({ name: "a.pdf", size: 1 }, RULES)).toEqual({ ok: false, reason: "type" });
  });
});

describe("readImportedShare", () => {
  it("turns a progress line's bytes into the share of the file the import reached", () => {
    expect(readImportedShare({ bytesRead: 250, totalBytes: 1000 })).toBe(0.25);
    expect(readImportedShare({ bytesRead: 1200, totalBytes: 1000 })).toBe(1);
  });
  it("says nothing when the server sends no byte counts (the bar stays indeterminate)", () => {
    expect(readImportedShare({})).toBeUndefined();
    expect(readImportedShare({ bytesRead: 0, totalBytes: 0 })).toBeUndefined();
  });
});
