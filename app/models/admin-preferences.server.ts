// Request cookies → the admin's display preferences (language, dark mode), so the server renders them
// without a flash; the browser writes these cookies itself when the admin switches.
import { parseAdminPreferences, type AdminPreferences } from "~/utils/admin-preferences";

export function readAdminPreferences(request: Request): AdminPreferences {
  return parseAdminPreferences(request.headers.get("Cookie") ?? "");
}
