import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCE_ERROR_CODES } from "../../../ingest-cli/pipeline/read/source-error.ts";
import { describeCode, describeImportCounts, describeIssue, describeWarnings, findServerText } from "./server-text";

/**
 * The codes the server can emit, read from their sources: whole-request refusals and failures ("code": error
 * constructors, the admin's error helpers, `code: "…"` answers) and row issues of an import ("issue": the codes the
 * readers and the normaliser attach to a row, the lines the importer skips).
 */
const ROOT = path.resolve(__dirname, "../../..");

function listFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function matches(files: string[], patterns: RegExp[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const pattern of patterns) for (const match of source.matchAll(pattern)) if (match[1] && !found.has(match[1])) found.set(match[1], file);
  }
  return found;
}

const READERS = [...listFiles("ingest-cli/pipeline/read"), ...listFiles("ingest-cli/pipeline/normalize")];
const IMPORTER = listFiles("ingest-cli/pipeline/import");
const PIPELINE = [...READERS, ...IMPORTER];
/** What the admin's pages and calls reach: their models, routes, and the upload API. */
const ADMIN = [
  ...listFiles("app/models").filter((file) => /\/(admin-[\w-]+|business-suggestions|form-body)\.server\.ts$/.test(file)),
  ...listFiles("app/routes").filter((file) => /\/(admin[._-][^/]*|api\.admin\.[^/]*|api\.upload-excel[^/]*)$/.test(file)),
];
/**
 * SCREAMING_SNAKE words of the admin's files that are not refusal codes: HTTP methods, the upload's messageCode
 * values (worded by describeImportCounts), a row issue's fallback code (an issue), the public form's success code.
 */
const NOT_CODES = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "IMPORTED", "NO_DATA_ROWS", "INVALID_ROW", "SUGGESTION_SENT"]);
/** Session problems: logged and answered as ADMIN_SESSION_REQUIRED, never sent themselves. */
const SESSION_PROBLEMS = ["MISSING", "UNKNOWN", "REVOKED", "EXPIRED", "IDLE", "USER_DISABLED"];

const ERROR_CALL = /\b(?:ImportError|DirectoryError|SourceError|SourceRowError|[A-Za-z]+Error)\(\s*"([A-Z][A-Z0-9_]{2,})"/g;

function answerCodes(): Map<string, string> {
  const codes = matches(PIPELINE, [ERROR_CALL, /super\(\s*"([A-Z][A-Z0-9_]{2,})"/g]);
  // A run's failure ({ code, message }) built by the importer.
  for (const [code, file] of matches(IMPORTER, [/\{ code: "([A-Z][A-Z0-9_]{2,})", message/g])) codes.set(code, file);
  for (const code of SOURCE_ERROR_CODES) codes.set(code, "ingest-cli/pipeline/read/source-error.ts");
  const admin = matches(ADMIN, [/"([A-Z][A-Z0-9_]{3,})"/g]);
  for (const [code, file] of admin) if (!NOT_CODES.has(code) && !SESSION_PROBLEMS.includes(code)) codes.set(code, file);
  return codes;
}

function issueCodes(): Map<string, string> {
  const codes = matches(READERS, [/\bcode: "([A-Z][A-Z0-9_]{2,})"/g, /\bcode = "([A-Z][A-Z0-9_]{2,})"/g]);
  for (const [code, file] of matches(IMPORTER, [/\bcode: [\w?.]+ \?\? "([A-Z][A-Z0-9_]{2,})"/g, /\b(?:skip|reject)\([^;]*?"([A-Z][A-Z0-9_]{2,})"/g]))
    codes.set(code, file);
  // `COUNTRY_FROM_${evidence}`: the evidences the normaliser names in that branch.
  const normalizer = fs.readFileSync(path.join(ROOT, "ingest-cli/pipeline/normalize/business.ts"), "utf8");
  expect(normalizer).toContain("code: `COUNTRY_FROM_${place.evidence.toUpperCase()}`");
  const branch = /place\.evidence === "coordinates" \|\| place\.evidence === "phone" \|\| place\.evidence === "address"/;
  expect(normalizer).toMatch(branch);
  for (const evidence of ["COORDINATES", "PHONE", "ADDRESS"]) codes.set(`COUNTRY_FROM_${evidence}`, "ingest-cli/pipeline/normalize/business.ts");
  return codes;
}

describe("server codes in the admin's languages", () => {
  it("finds the codes in their sources (the scan itself works)", () => {
    const answers = answerCodes();
    const issues = issueCodes();
    for (const code of ["FILE_EMPTY", "FILE_TOO_LARGE", "INVALID_FILE_TYPE", "CSRF_TOKEN_INVALID", "IMPORT_RUN_NOT_INTERRUPTED", "RUN_FILE_CHANGED"])
      expect(answers.has(code), code).toBe(true);
    for (const code of ["NAME_REQUIRED", "OUT_OF_RANGE", "DUPLICATE_IN_FILE", "REPEATED_HEADER", "MALFORMED_QUOTES", "INVALID_ROW"])
      expect(issues.has(code), code).toBe(true);
    expect(answers.size).toBeGreaterThan(50);
    expect(issues.size).toBeGreaterThan(25);
  });

  for (const [kind, list] of [
    ["code", answerCodes],
    ["issue", issueCodes],
  ] as const) {
    it(`has a Turkish and an English text, differing, for every ${kind} the server can emit`, () => {
      const missing: string[] = [];
      for (const [code, file] of list()) {
        const tr = findServerText("tr", kind, code);
        const en = findServerText("en", kind, code);
        if (!tr) missing.push(`${code} (tr, from ${file})`);
        if (!en) missing.push(`${code} (en, from ${file})`);
        if (tr && en && tr === en) missing.push(`${code} (the same text in both)`);
      }
      expect(missing).toEqual([]);
    });
  }

  it("words refusals, rejected rows, warnings and an import's counts in each language", () => {
    expect(describeCode("tr", "FILE_EMPTY", { file: "a.csv" })).toBe("a.csv boş: satırlarıyla birlikte yeniden dışa aktarın.");
    expect(describeCode("tr", "FILE_TOO_LARGE", { file: "b.xlsx" })).toMatch(/^b\.xlsx - Maksimum dosya boyutu 150MB'dır/);
    expect(describeCode("en", "NO_SUCH_CODE")).toBe("Error NO_SUCH_CODE");
    expect(describeIssue("tr", { line: 5, field: "name", code: "NAME_REQUIRED" }, "Ad")).toBe("5. satır: Ad — her işletmenin bir adı olmalı");
    expect(describeIssue("en", { line: 5, field: "name", code: "NAME_REQUIRED" })).toBe("Line 5: name — every business needs a name");
    const counts = { total: 50000, inserted: 49000, updated: 687, unchanged: 0, suppressed: 0, skipped: 13, rejected: 300 };
    const tr = (value: number) => value.toLocaleString("tr-TR");
    expect(describeImportCounts("tr", counts, tr)).toBe(
      "50.000 satırın 49.687 tanesi içe aktarıldı: 49.000 yeni, 687 güncellenen, 13 atlanan, 300 reddedilen.",
    );
    expect(describeImportCounts("en", counts, (value) => value.toLocaleString("en-US"))).toBe(
      "Imported 49,687 of 50,000 rows: 49,000 new, 687 updated, 13 skipped, 300 rejected.",
    );
    // A dry run wrote nothing: it says what would have been imported.
    expect(describeImportCounts("tr", counts, tr, true)).toBe(
      "50.000 satırın 49.687 tanesi içe aktarılacaktı: 49.000 yeni, 687 güncellenen, 13 atlanan, 300 reddedilen.",
    );
    expect(describeImportCounts("en", counts, (value) => value.toLocaleString("en-US"), true)).toBe(
      "49,687 of 50,000 rows would be imported: 49,000 new, 687 updated, 13 skipped, 300 rejected.",
    );
    expect(describeWarnings("tr", 3, [{ code: "OUT_OF_RANGE", field: "latitude", count: 3, lines: [4, 9] }], tr, () => "Enlem")).toBe(
      "3 uyarı: 3 × Enlem — değer aralık dışında; yok sayıldı (kayıtlı değer korunur) (satırlar 4, 9, …)",
    );
  });
});
