import { describe, expect, it } from "vitest";
import { buildExportFileName } from "./file-name.ts";

const now = new Date("2026-11-21T14:05:09.456Z");

describe("buildExportFileName", () => {
  it("names routed exports after country, category count, range and a colon-free UTC timestamp", () => {
    expect(buildExportFileName({ layout: "routed", now })).toBe("businesses_all_2026-11-21T14-05-09.csv");
    expect(buildExportFileName({ layout: "routed", countryCode: "all", range: "all", categoryCount: 0, now })).toBe(
      "businesses_all_2026-11-21T14-05-09.csv",
    );
    expect(buildExportFileName({ layout: "routed", countryCode: "tr", categoryCount: 3, range: "last7days", now })).toBe(
      "businesses_TR_3kategoriler_last7days_2026-11-21T14-05-09.csv",
    );
    expect(buildExportFileName({ layout: "routed", countryCode: "DE", range: "custom", now })).toBe("businesses_DE_custom_2026-11-21T14-05-09.csv");
  });

  it("names panel exports by UTC date", () => {
    expect(buildExportFileName({ layout: "panel", now })).toBe("businesses_export_2026-11-21.csv");
    expect(buildExportFileName({ layout: "panel", now: new Date("2026-11-21T23:59:59-05:00") })).toBe("businesses_export_2026-11-22.csv");
  });
});
