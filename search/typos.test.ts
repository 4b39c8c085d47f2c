import { describe, expect, it } from "vitest";
import { countAllowedTypos, chooseCorrections, measureEditDistance, measureTrigramSimilarity } from "./typos.ts";

describe("typo corrections", () => {
  it("measures trigram similarity as pg_trgm does (values from PostgreSQL 15)", () => {
    expect(measureTrigramSimilarity("saoln", "saolxyz")).toBeCloseTo(0.4, 6);
    expect(measureTrigramSimilarity("saoln", "saolnx")).toBeCloseTo(0.625, 6);
    expect(measureTrigramSimilarity("saoln", "saolin")).toBeCloseTo(0.4444444, 6);
    expect(measureTrigramSimilarity("saoln", "salomon")).toBeCloseTo(0.16666667, 6);
    expect(measureTrigramSimilarity("saoln", "salon")).toBeCloseTo(0.2, 6);
    expect(measureTrigramSimilarity("bakry", "bakery")).toBeCloseTo(0.44444445, 6);
    expect(measureTrigramSimilarity("zürich", "zurich")).toBeCloseTo(0.4, 6);
    expect(measureTrigramSimilarity("aaaa", "aa")).toBeCloseTo(0.75, 6);
    expect(measureTrigramSimilarity("aaa", "aaa")).toBe(1);
    expect(measureTrigramSimilarity("", "")).toBe(0);
  });

  it("counts insertions, deletions, substitutions and adjacent swaps as one edit", () => {
    expect(measureEditDistance("musuem", "museum")).toBe(1);
    expect(measureEditDistance("restuarant", "restaurant")).toBe(1);
    expect(measureEditDistance("bakry", "bakery")).toBe(1);
    expect(measureEditDistance("hotell", "hotel")).toBe(1);
    expect(measureEditDistance("florist", "dentist")).toBe(4);
    expect(measureEditDistance("café", "cafe")).toBe(1);
    expect(measureEditDistance("", "abc")).toBe(3);
  });

  it("stops early past the limit", () => {
    expect(measureEditDistance("pharmacy", "bakery", 2)).toBe(3);
    expect(measureEditDistance("a", "abcdef", 1)).toBe(2);
  });

  it("allows one typo in short words and two in long ones", () => {
    expect(countAllowedTypos("bakry")).toBe(1);
    expect(countAllowedTypos("restuarant")).toBe(2);
  });

  it("prefers a popular category word over an obscure place of similar spelling", () => {
    const chosen = chooseCorrections(
      ["bakry"],
      [
        { word: "bakry", term: "bakri", similarity: 0.5, businessCount: 3 },
        { word: "bakry", term: "bakery", similarity: 0.44, businessCount: 4800 },
      ],
      [{ term: "bakery", businessCount: 4800 }],
    );
    expect(chosen).toEqual(new Map([["bakry", "bakery"]]));
  });

  it("catches swapped letters trigrams miss, and leaves words without a close term alone", () => {
    const vocabulary = [
      { term: "museum", businessCount: 300 },
      { term: "restaurant", businessCount: 50_000 },
    ];
    expect(chooseCorrections(["musuem", "xylophone"], [], vocabulary)).toEqual(new Map([["musuem", "museum"]]));
    expect(chooseCorrections(["museum"], [], vocabulary)).toEqual(new Map());
  });
});
