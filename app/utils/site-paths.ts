// A pathname → whether it belongs to the back-office (its pages, /admin-legacy and /api/admin): no public
// navigation, footer, site code, page cache, page-view count or public CSP there; the admin never queues.
// NOTE: the one definition server and browser share; routes match case-insensitively, so this does too.

export function isAdminPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin-") || path === "/api/admin" || path.startsWith("/api/admin/");
}
