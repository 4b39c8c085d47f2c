import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { encodeCsvCell, encodeCsvRecord } from "./csv-cell.ts";

/** What an attacker puts in a cell, and the phone number that must survive. */
const FORMULAS = [`=cmd|' /C calc'!A0`, `=HYPERLINK("http://x","y")`, "@SUM(1+1)", "+cmd|x", "-2+3", "\t=1+1", "\r=1+1"];
const PHONE = "+44 20 7946 0958";

describe("encodeCsvCell", () => {
  it("quotes only when COPY would", () => {
    expect(encodeCsvCell("plain")).toBe("plain");
    expect(encodeCsvCell("")).toBe('""');
    expect(encodeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(encodeCsvCell("a,b")).toBe('"a,b"');
    expect(encodeCsvCell("a\nb")).toBe('"a\nb"');
  });

  it("guards formula cells and leaves numbers and phone numbers alone", () => {
    expect(encodeCsvCell("\rb")).toBe(`"'\rb"`);
    expect(encodeCsvCell("\tb")).toBe("'\tb");
    expect(encodeCsvCell(`=HYPERLINK("http://x","y")`)).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(encodeCsvCell(PHONE)).toBe(PHONE);
    expect(encodeCsvCell("-12.5")).toBe("-12.5");
  });

  it("a record parses back to the guarded values", () => {
    const [record] = parse(encodeCsvRecord([...FORMULAS, PHONE]), { relax_quotes: false }) as string[][];
    expect(record).toEqual([...FORMULAS.map((value) => `'${value}`), PHONE]);
  });
});
