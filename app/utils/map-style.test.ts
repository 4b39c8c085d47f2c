import { describe, expect, it } from "vitest";
import { parseAppEnv } from "../models/env.server";
import { DEFAULT_MAP_STYLE_URL, listMapOrigins } from "./map-style";

describe("map style", () => {
  it("defaults to OpenFreeMap's keyless style, is overridden by MAP_STYLE_URL and switched off by off/none", () => {
    expect(DEFAULT_MAP_STYLE_URL).toBe("https://tiles.openfreemap.org/styles/liberty");
    expect(parseAppEnv({}).MAP_STYLE_URL).toBe(DEFAULT_MAP_STYLE_URL);
    expect(parseAppEnv({ MAP_STYLE_URL: "" }).MAP_STYLE_URL).toBe(DEFAULT_MAP_STYLE_URL);
    expect(parseAppEnv({ MAP_STYLE_URL: "http://127.0.0.1:8080/style.json" }).MAP_STYLE_URL).toBe("http://127.0.0.1:8080/style.json");
    expect(parseAppEnv({ MAP_STYLE_URL: "off" }).MAP_STYLE_URL).toBeNull();
    expect(parseAppEnv({ MAP_STYLE_URL: "None" }).MAP_STYLE_URL).toBeNull();
  });

  it("refuses anything else, saying what it takes", () => {
    expect(() => parseAppEnv({ MAP_STYLE_URL: "ftp://tiles.example/style.json" })).toThrow(/MAP_STYLE_URL.*http:\/\/ or https:\/\/.*"off"/s);
    expect(() => parseAppEnv({ MAP_STYLE_URL: "tiles" })).toThrow(/MAP_STYLE_URL/);
  });

  it("lists the origins the style loads from", () => {
    expect(listMapOrigins(DEFAULT_MAP_STYLE_URL)).toEqual(["https://tiles.openfreemap.org"]);
    expect(listMapOrigins("http://127.0.0.1:8080/style.json")).toEqual(["http://127.0.0.1:8080"]);
    expect(listMapOrigins(null)).toEqual([]);
    expect(listMapOrigins("not a url")).toEqual([]);
  });
});
