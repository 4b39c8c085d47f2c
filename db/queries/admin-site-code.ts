// site_settings (one row) → the four site-wide code snippets; empty strings before the first save.
import type { DatabaseHandle } from "../client.ts";

export interface SiteSettingsRow {
  head_tags: string;
  footer_tags: string;
  analytics_code: string;
  facebook_pixel: string;
}

export async function getSiteSettings(handle: DatabaseHandle): Promise<SiteSettingsRow> {
  const [row] = await handle.query<SiteSettingsRow>("select head_tags, footer_tags, analytics_code, facebook_pixel from site_settings where id = 1");
  return row ?? { head_tags: "", footer_tags: "", analytics_code: "", facebook_pixel: "" };
}
