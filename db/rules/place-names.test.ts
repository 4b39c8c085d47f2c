import { describe, expect, it } from "vitest";
import { cityFromAddress } from "./place-names.ts";

describe("city from address", () => {
  it("takes the city from the second-to-last address segment", () => {
    expect(cityFromAddress("Bahnhofstrasse 1, 8001 Zürich, Switzerland")).toBe("Zürich");
    expect(cityFromAddress("12 Main St, Springfield, IL 62701, United States")).toBe("Springfield");
    expect(cityFromAddress("Nowhere")).toBeNull();
  });

  it("reads the city as the second-to-last address segment", () => {
    expect(cityFromAddress("Hauptstraße 1, Berlin, Germany")).toBe("Berlin");
    expect(cityFromAddress("Germany")).toBeNull();
  });
});
