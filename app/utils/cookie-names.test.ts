import { describe, expect, it } from "vitest";
import { hasPrivateCookie } from "./cookie-names";

describe("hasPrivateCookie", () => {
  it("sees the session (plain or __Host-) and the preference cookies anywhere in the header", () => {
    for (const header of ["directory_admin=x", "__Host-directory_admin=x", "a=1; admin_theme=dark", "a=1;admin_lang=tr"])
      expect(hasPrivateCookie(header), header).toBe(true);
  });

  it("ignores other cookies, look-alike names and values", () => {
    for (const header of [undefined, "", "a=1", "x_directory_admin=1", "a=directory_admin=1", "admin_themes=dark"])
      expect(hasPrivateCookie(header), String(header)).toBe(false);
  });
});
