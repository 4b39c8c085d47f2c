// The names of every cookie the site sets → one list, so the session, the preference switches and the page cache
// (which must never serve or store an answer for a request carrying one) agree. The public site sets none.

/** The admin session; production adds the __Host- prefix (Secure, Path=/, no Domain). */
export const SESSION_COOKIE = "directory_admin";
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const THEME_COOKIE = "admin_theme";
export const LANGUAGE_COOKIE = "admin_lang";

/** Cookies only an admin's browser carries: a request with one of them is private. */
export const PRIVATE_COOKIE_NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE, THEME_COOKIE, LANGUAGE_COOKIE] as const;

/** True when a Cookie header carries one of the admin's cookies. */
export function hasPrivateCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => (PRIVATE_COOKIE_NAMES as readonly string[]).includes(pair.split("=", 1)[0]!.trim()));
}
