import { describe, expect, it } from "vitest";
import { parseAbout } from "./amenities.ts";

describe("parseAbout", () => {
  it("cleans group and amenity names like any text: NUL and control characters out, NFC, trimmed", () => {
    const about = parseAbout(JSON.stringify({ " Service\u0000 options ": { "Take\u0000out": true, "Cafe\u0301 seating": "yes", "\u0000": true } }));
    expect(about.amenities).toEqual({ "Service options": { Takeout: true, "Café seating": true } });
  });

  it("cleans gosom option lists and prose the same way", () => {
    expect(parseAbout([{ name: "Access\u0000ibility", options: [{ name: "Ramp\u0007", enabled: true }] }]).amenities).toEqual({
      Accessibility: { Ramp: true },
    });
    expect(parseAbout("Family\u0000 run since 1990").text).toBe("Family run since 1990");
  });
});
