import { describe, expect, it } from "vitest";
import { sniffDelimiter } from "./sniff-delimiter.ts";

describe("delimiter sniffing", () => {
  it("picks the delimiter whose count per line is consistent", () => {
    expect(sniffDelimiter("a,b,c\n1,2,3\n")).toBe(",");
    expect(sniffDelimiter("name;rating\nA;4,5\nB;3,9\n")).toBe(";");
    expect(sniffDelimiter("name\taddress\nA\t1, Main St\n")).toBe("\t");
    expect(sniffDelimiter("id|name|city\n1|A|B\n")).toBe("|");
  });

  it("ignores delimiters inside quotes, including quoted newlines", () => {
    expect(sniffDelimiter('"name";"address"\n"A";"1, Main St, Springfield"\n"B";"x,\ny,z"\n')).toBe(";");
  });

  it("falls back to comma for a single column or an empty sample", () => {
    expect(sniffDelimiter("name\nA\nB\n")).toBe(",");
    expect(sniffDelimiter("")).toBe(",");
  });
});
