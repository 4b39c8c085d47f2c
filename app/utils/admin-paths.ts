// Untrusted redirect target → a same-site path under /admin (anything else becomes /admin): no open redirects.
export const ADMIN_HOME = "/admin";

export function safeRedirectPath(target: string | null | undefined, fallback = ADMIN_HOME): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  // NOTE: control characters could smuggle a second URL into the Location header, and a header cannot carry
  // anything outside Latin-1 (the redirect would throw): only visible ASCII passes; a real path arrives %-encoded.
  if (!/^[\x21-\x7e]+$/.test(target)) return fallback;
  const path = target.split(/[?#]/)[0] ?? "";
  if (path !== ADMIN_HOME && !path.startsWith(`${ADMIN_HOME}/`)) return fallback;
  if (path === "/admin/login" || path.startsWith("/admin/login/")) return fallback;
  return target;
}
