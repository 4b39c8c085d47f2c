import { describe, expect, it } from "vitest";
import { isAdminPath } from "./site-paths";

describe("isAdminPath", () => {
  it("covers the back-office pages, the legacy panel and the admin API, in any case", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/login",
      "/ADMIN/dashboard",
      "/admin-legacy",
      "/api/admin",
      "/api/admin/stats",
      "/Api/Admin/login",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
  });

  it("leaves public pages and look-alikes public", () => {
    for (const path of ["/", "/administrator", "/api/businesses", "/api/administer", "/business/admin", "/search"]) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });
});
