import { describe, expect, it } from "vitest";
import { sanitizeFileName } from "./file-name.ts";

describe("sanitizeFileName", () => {
  it.each([
    ["evil\u202Egnp.csv", "evilgnp.csv"],
    ["a\u202Ab\u202Bc\u202Cd\u202De.csv", "abcde.csv"],
    ["\u2066x\u2067y\u2068z\u2069.csv", "xyz.csv"],
    ["left\u200Eright\u200F\u061C.xlsx", "leftright.xlsx"],
    ["zero\u200Bwidth\uFEFF\u00AD.csv", "zerowidth.csv"],
    ["line\u2028para\u2029.csv", "linepara.csv"],
    ["a\u0000b\u0007c\u001Bd\u007Fe\u0085.csv", "abcde.csv"],
    ["tab\tand\r\nnewline.csv", "tabandnewline.csv"],
    ["../../etc/passwd.csv", "passwd.csv"],
    ["C:\\Users\\x\\report.xlsx", "report.xlsx"],
    ['"<b>|:*?.csv', "__b_____.csv"],
    ["...hidden.csv", "hidden.csv"],
    ["\u202E", "upload"],
    ["Cafe\u0301.csv", "Café.csv"],
  ])("%j → %j", (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
    expect(sanitizeFileName(expected)).toBe(expected);
  });

  it("keeps joiners that shape words and emoji", () => {
    expect(sanitizeFileName("می\u200Cخواهم 👩\u200D💻.csv")).toBe("می\u200Cخواهم 👩\u200D💻.csv");
  });

  it("keeps the last 200 characters, whole code points only", () => {
    const name = sanitizeFileName(`${"😀".repeat(300)}.csv`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith(".csv")).toBe(true);
    expect(name.isWellFormed()).toBe(true);
  });
});
