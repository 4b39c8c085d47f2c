// A pathname → whether it belongs to the back-office: no public navigation, footer or site code there.

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin-");
}
