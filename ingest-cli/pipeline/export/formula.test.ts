import { describe, expect, it } from "vitest";
import { needsFormulaGuard, neutraliseFormula } from "./formula.ts";

describe("neutraliseFormula", () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tfoo", "'\tfoo"],
    ["\rfoo", "'\rfoo"],
    ["=1+1", "'=1+1"],
    ["=", "'="],
    ["-", "'-"],
    ["+", "'+"],
    ["@", "'@"],
    ["-1-1", "'-1-1"],
    ["+1-2", "'+1-2"],
    ["+12 (3", "'+12 (3"],
    ["+44 20 7946 0958 ext. 12", "'+44 20 7946 0958 ext. 12"],
    ["-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"],
    ["=-12.5", "'=-12.5"],
    ["+1 555 010 9999; =1+1", "'+1 555 010 9999; =1+1"],
    ["-12.5\n=1", "'-12.5\n=1"],
    ["+1 (555) 010-9999 ", "'+1 (555) 010-9999 "],
  ])("guards %j", (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
    expect(needsFormulaGuard(input)).toBe(true);
  });

  it.each([
    "-12.5",
    "+3",
    "-0.000001",
    "+4.5e10",
    "-.5",
    "1e-4",
    "+44 20 7946 0958",
    "+1 (555) 010-9999",
    "+49-30-1234567",
    "+33.1.23.45.67.89",
    "+905321234567",
    "Café Zürich",
    "",
    " =1+1",
    "a=b",
    '{"Monday":"9AM-5PM"}',
    "'=already quoted",
    "Bahnhofstrasse 1, 8001 Zürich",
  ])("leaves %j as it is", (input) => {
    expect(neutraliseFormula(input)).toBe(input);
    expect(needsFormulaGuard(input)).toBe(false);
  });
});
