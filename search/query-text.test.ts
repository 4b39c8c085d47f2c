import { describe, expect, it } from "vitest";
import {
  foldLastWord,
  matchLastWordExactly,
  buildCorrectedText,
  buildCorrectedTsquery,
  buildTextMatch,
  selectCorrectableWords,
  normalizeSuggestPrefix,
  splitLocationPhrase,
  tokenize,
  usesWebsearchSyntax,
} from "./query-text.ts";

describe("query text", () => {
  it("tokenizes into lower-case letter/digit words, keeping accents for the database to fold", () => {
    expect(tokenize("Café  Zürich! 24/7")).toEqual(["café", "zürich", "24", "7"]);
    expect(tokenize("O'Neil's & co.")).toEqual(["o", "neil", "s", "co"]);
    expect(tokenize("東京 タワー")).toEqual(["東京", "タワー"]);
    // Devanagari vowel signs are combining marks: a word must not break at them.
    expect(tokenize("नमस्ते दुनिया")).toEqual(["नमस्ते", "दुनिया"]);
    expect(tokenize("  --  ")).toEqual([]);
  });

  it("matches the last word as a prefix and the rest through websearch_to_tsquery", () => {
    expect(buildTextMatch("bakery berl")).toEqual({ websearch: "bakery", tsquery: "'berl':*", words: ["bakery", "berl"] });
    expect(buildTextMatch("Zürich")).toEqual({ websearch: null, tsquery: "'zürich':*", words: ["zürich"] });
    expect(buildTextMatch("pizza!")).toEqual({ websearch: null, tsquery: "'pizza':*", words: ["pizza"] });
    expect(buildTextMatch("coca-cola")).toEqual({ websearch: "coca-", tsquery: "'cola':*", words: ["coca", "cola"] });
  });

  it("matches short last words exactly and leaves websearch syntax alone", () => {
    expect(buildTextMatch("hotel 5")).toEqual({ websearch: "hotel 5", tsquery: null, words: ["hotel", "5"] });
    expect(buildTextMatch('"coffee shop" -chain')).toEqual({ websearch: '"coffee shop" -chain', tsquery: null, words: ["coffee", "shop", "chain"] });
    expect(buildTextMatch("pizza or burger")?.tsquery).toBeNull();
    expect(buildTextMatch("   ")).toBeNull();
  });

  it("never lets operator characters reach tsquery text", () => {
    const match = buildTextMatch("x & y | !z:* 'abc'");
    expect(match?.tsquery).toBe("'abc':*");
    expect(buildCorrectedTsquery(tokenize("a'b & c|d"), new Map())).toBe("'a' & 'b' & 'c' & 'd'");
  });

  it("detects websearch syntax", () => {
    expect(usesWebsearchSyntax('"exact phrase"')).toBe(true);
    expect(usesWebsearchSyntax("tea or coffee")).toBe(true);
    expect(usesWebsearchSyntax("bakery -chain")).toBe(true);
    expect(usesWebsearchSyntax("orange juice")).toBe(false);
    expect(usesWebsearchSyntax("coca-cola")).toBe(false);
  });

  it("builds typo-corrected tsqueries and the did-you-mean text", () => {
    const corrections = new Map([["restuarant", "restaurant"]]);
    expect(buildCorrectedTsquery(["restuarant", "berlin"], corrections)).toBe("('restuarant' | 'restaurant') & 'berlin':*");
    expect(buildCorrectedTsquery(["cheap", "restuarant"], corrections)).toBe("'cheap' & ('restuarant':* | 'restaurant')");
    expect(buildCorrectedText(["restuarant", "berlin"], corrections)).toBe("restaurant berlin");
    expect(buildCorrectedText(["bakery"], corrections)).toBeNull();
  });

  it("corrects only real words of four letters or more", () => {
    expect(selectCorrectableWords(["the", "bakry", "2024", "bakry", "zürich"])).toEqual(["bakry", "zürich"]);
  });

  it("splits 'what in where' phrases", () => {
    expect(splitLocationPhrase("pizza in Berlin")).toEqual({ what: "pizza", where: "Berlin" });
    expect(splitLocationPhrase("dentist near New York")).toEqual({ what: "dentist", where: "New York" });
    expect(splitLocationPhrase("bed and breakfast in the old town")).toEqual({ what: "bed and breakfast", where: "the old town" });
    expect(splitLocationPhrase("in berlin")).toBeNull();
    expect(splitLocationPhrase("pizza berlin")).toBeNull();
  });

  it("normalizes suggest prefixes but keeps a typed trailing space", () => {
    expect(normalizeSuggestPrefix("  New   Yo")).toBe("new yo");
    expect(normalizeSuggestPrefix("new ")).toBe("new ");
    expect(normalizeSuggestPrefix("x".repeat(150))).toHaveLength(100);
  });

  it("matches a finished last word exactly and folds it like the index", () => {
    const match = buildTextMatch("Hotel Zürich");
    expect(match && foldLastWord(match)).toBe("zurich");
    expect(match && matchLastWordExactly(match)).toMatchObject({ websearch: "Hotel", tsquery: "'zürich'" });
    const exact = buildTextMatch("bar de");
    expect(exact && matchLastWordExactly(exact)).toEqual(exact);
  });
});
