import { describe, expect, it } from "vitest";
import { AMENITY_GROUP_ORDER, orderAmenityGroups, rankAmenityGroup } from "./amenity-order.ts";

describe("amenity group order", () => {
  it("puts accessibility, payments, service options and parking first, in that order", () => {
    expect(AMENITY_GROUP_ORDER.slice(0, 4)).toEqual(["accessibility", "payments", "service options", "parking"]);
    // As PostgreSQL's jsonb hands the groups back: shortest key first.
    const stored = ["Crowd", "Parking", "Payments", "Planning", "Amenities", "Atmosphere", "Accessibility", "Popular for", "Service options"];
    expect(orderAmenityGroups(stored.map((group) => [group, null])).map(([group]) => group)).toEqual([
      "Accessibility",
      "Payments",
      "Service options",
      "Parking",
      "Amenities",
      "Planning",
      "Popular for",
      "Atmosphere",
      "Crowd",
    ]);
  });

  it("places unknown groups after the known ones and the crowd after everything, whatever the spelling", () => {
    expect(rankAmenityGroup("  SERVICE   options ")).toBe(rankAmenityGroup("Service options"));
    expect(rankAmenityGroup("Something new")).toBeGreaterThan(rankAmenityGroup("From the business"));
    expect(rankAmenityGroup("crowd")).toBeGreaterThan(rankAmenityGroup("Something new"));
    const ordered = orderAmenityGroups([
      ["Zeta", 1],
      ["Crowd", 2],
      ["Alpha", 3],
    ]).map(([group]) => group);
    expect(ordered).toEqual(["Zeta", "Alpha", "Crowd"]);
  });
});
