import { describe, expect, it } from "vitest";
import { BUSINESS_INDEX_SETTINGS } from "./settings.ts";
import {
  countAllowedTypos,
  chooseCorrections,
  isShortWordSlip,
  isWithinTypoAllowance,
  measureEditDistance,
  measureTrigramSimilarity,
} from "./typos.ts";

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

  it("allows typos as Meilisearch does: none below 5 letters, one from 5, two from 9", () => {
    expect(countAllowedTypos("hitl")).toBe(0);
    expect(countAllowedTypos("bakry")).toBe(1);
    expect(countAllowedTypos("restuarn")).toBe(1);
    expect(countAllowedTypos("restuarnt")).toBe(2);
    expect(countAllowedTypos("restuarant")).toBe(2);
    expect(countAllowedTypos("zürch")).toBe(1);
  });

  it("uses the word sizes the Meilisearch index is given, so both engines forgive the same typos", () => {
    expect(BUSINESS_INDEX_SETTINGS.typoTolerance.minWordSizeForTypos).toEqual({ oneTypo: 5, twoTypos: 9 });
    const { oneTypo, twoTypos } = BUSINESS_INDEX_SETTINGS.typoTolerance.minWordSizeForTypos;
    expect([oneTypo - 1, oneTypo, twoTypos - 1, twoTypos].map((n) => countAllowedTypos("x".repeat(n)))).toEqual([0, 1, 1, 2]);
  });

  it("lets a 4-letter word drop or swap a letter, never substitute one", () => {
    expect(isShortWordSlip("hitl", "hiltl")).toBe(true);
    expect(isShortWordSlip("hlit", "hilt")).toBe(true);
    expect(isShortWordSlip("hant", "hans")).toBe(false);
    expect(isShortWordSlip("cafe", "care")).toBe(false);
    expect(isShortWordSlip("hitl", "hitl")).toBe(false);
    expect(isShortWordSlip("hitl", "hiltls")).toBe(false);
    expect(isShortWordSlip("kebap", "kebab")).toBe(false);
    expect(isWithinTypoAllowance("kebap", "kebab")).toEqual({ ok: true, distance: 1 });
    expect(isWithinTypoAllowance("hiltel", "hiltl")).toEqual({ ok: true, distance: 1 });
    expect(isWithinTypoAllowance("hiltel", "hotel").ok).toBe(false);
    expect(isWithinTypoAllowance("spruengli", "sprungli")).toEqual({ ok: true, distance: 1 });
  });

  it("corrects to a name word within the allowance, shown as usually written, and ignores loose trigram neighbours", () => {
    const name = (word: string, term: string, similarity: number, businessCount: number, spelling = term) =>
      ({ word, term, similarity, businessCount, kind: "name", spelling }) as const;
    expect(chooseCorrections(["spruengli"], [name("spruengli", "sprungli", 0.58, 3, "sprüngli")], [])).toEqual(new Map([["spruengli", "sprüngli"]]));
    // Similar by trigrams but two edits from a 6-letter word: not a typo of it.
    expect(chooseCorrections(["hiltel"], [name("hiltel", "hilton", 0.4, 900), name("hiltel", "hiltl", 0.44, 2)], [])).toEqual(
      new Map([["hiltel", "hiltl"]]),
    );
    expect(chooseCorrections(["hant"], [name("hant", "hans", 0.4, 50)], [])).toEqual(new Map());
    // A spelling that is not one plain word never reaches a tsquery.
    expect(chooseCorrections(["kebap"], [name("kebap", "kebab", 0.5, 3, "keb'ab")], [])).toEqual(new Map([["kebap", "kebab"]]));
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
