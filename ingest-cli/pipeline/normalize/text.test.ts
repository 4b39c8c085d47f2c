import { describe, expect, it } from "vitest";
import { cleanText, parseNumber } from "./text.ts";

describe("cleanText", () => {
  it("trims plain text and reads scraper null words as blank", () => {
    expect(cleanText("  Blue Cafe  ")).toEqual({ value: "Blue Cafe", repaired: [] });
    for (const blank of ["", "   ", "None", " null ", "N/A", "-"]) expect(cleanText(blank).value).toBeNull();
  });

  it("composes accents to NFC and reports removed NUL, control and broken surrogate characters", () => {
    expect(cleanText("Cafe\u0301 ").value).toBe("Café");
    expect(cleanText("A\u0000B\u0007C\ud800")).toEqual({ value: "ABC", repaired: ["nul", "surrogate", "control"] });
    expect(cleanText("line\tone\nline two").value).toBe("line\tone\nline two");
  });

  it("turns numbers and objects into text", () => {
    expect(cleanText(4.5).value).toBe("4.5");
    expect(cleanText({ a: 1 }).value).toBe('{"a":1}');
    expect(parseNumber(" 56.0 ")).toBe(56);
  });
});
