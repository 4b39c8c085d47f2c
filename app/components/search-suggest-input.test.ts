import { describe, expect, it } from "vitest";
import { formatPlaceText, moveActive } from "./search-suggest-input";

describe("moveActive", () => {
  it("cycles down through the options and back to the typed text", () => {
    expect([moveActive(-1, 1, 3), moveActive(0, 1, 3), moveActive(2, 1, 3)]).toEqual([0, 1, -1]);
  });

  it("cycles up from the typed text to the last option", () => {
    expect([moveActive(-1, -1, 3), moveActive(0, -1, 3)]).toEqual([2, -1]);
  });
});

describe("formatPlaceText", () => {
  it("names a city with its country so the location resolves to that one city", () => {
    expect(formatPlaceText({ kind: "city", label: "Dublin", url: "/cities/ie/dublin", detail: "Ireland" })).toBe("Dublin, Ireland");
    expect(formatPlaceText({ kind: "country", label: "Ireland", url: "/countries/ireland", detail: "12 businesses" })).toBe("Ireland");
  });
});
