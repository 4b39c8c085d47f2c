import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./admin-paths";

describe("safeRedirectPath", () => {
  it("keeps same-site admin paths with their query", () => {
    expect(safeRedirectPath("/admin/settings?tab=ads")).toBe("/admin/settings?tab=ads");
    expect(safeRedirectPath("/admin")).toBe("/admin");
  });

  it("turns anything that could leave the admin or the site into /admin", () => {
    for (const target of [
      null,
      "",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example",
      "/admin\\..",
      "/adminx",
      "/business/x",
      "/admin/login",
      "/admin\n/x",
      "admin",
      "/admin/\u65e5\u672c",
      "/admin?q=\u0130stanbul",
      "/admin/x y",
      "/admin\u2028",
    ]) {
      expect(safeRedirectPath(target)).toBe("/admin");
    }
  });
});
