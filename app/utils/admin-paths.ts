// Untrusted redirect target → a same-site path under /admin (anything else becomes /admin): no open redirects.
export const ADMIN_HOME = "/admin";

export function safeRedirectPath(target: string | null | undefined, fallback = ADMIN_HOME): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  // NOTE: control characters could smuggle a second URL into the Location header.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  const path = target.split(/[?#]/)[0] ?? "";
  if (path !== ADMIN_HOME && !path.startsWith(`${ADMIN_HOME}/`)) return fallback;
  if (path === "/admin/login" || path.startsWith("/admin/login/")) return fallback;
  return target;
}
