// Cookie header ↔ the admin's display preferences (language, theme); shared by the server render and the
// browser switches, so both read and write the same names and values.
import { LANGUAGE_COOKIE, THEME_COOKIE } from "./cookie-names";

export type AdminTheme = "light" | "dark";
export type AdminLanguage = "tr" | "en";

export interface AdminPreferences {
  theme: AdminTheme;
  locale: AdminLanguage;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function parseAdminPreferences(cookieHeader: string): AdminPreferences {
  const theme = readCookie(cookieHeader, THEME_COOKIE);
  const locale = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return { theme: theme === "dark" ? "dark" : "light", locale: locale === "en" ? "en" : "tr" };
}

/** Browser only: remembers a preference for a year (not HttpOnly: it holds no secret). */
export function storeAdminPreference(name: typeof THEME_COOKIE | typeof LANGUAGE_COOKIE, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
