// A link-ish cell in any scraper's shape → its first http(s) URL, or all of them (a photo gallery): a plain URL,
// "url1, url2", a JSON list of URLs, gosom's [{"link": …, "source": …}], Apify's [{"imageUrl": …}] or {"url": …}; nothing
// else is taken for a link.
const URL_IN_TEXT = /https?:\/\/[^\s,"'<>\]}]+/i;
const LINK_KEYS = ["link", "url", "href", "imageUrl", "image_url", "image", "src", "photo", "thumbnail", "value"];

function parseJsonText(text: string): unknown {
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function firstWebUrl(value: unknown, depth = 0): string | null {
  if (value === null || value === undefined || depth > 4) return null;
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return null;
    const parsed = parseJsonText(text);
    if (parsed !== undefined) return firstWebUrl(parsed, depth + 1);
    const withScheme = text.startsWith("//") ? `https:${text}` : text;
    return URL_IN_TEXT.exec(withScheme)?.[0] ?? null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const url = firstWebUrl(item, depth + 1);
      if (url !== null) return url;
    }
    return null;
  }
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of LINK_KEYS) {
      const url = firstWebUrl(record[key], depth + 1);
      if (url !== null) return url;
    }
  }
  return null;
}

/** gosom's image tabs include "Videos": a video's still frame, not a photo of the place. */
const VIDEO_TITLE = /\bvideos?\b/i;
const URLS_IN_TEXT = new RegExp(URL_IN_TEXT.source, "gi");

function collectWebUrls(value: unknown, depth: number, into: string[]): void {
  if (value === null || value === undefined || depth > 4) return;
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return;
    const parsed = parseJsonText(text);
    if (parsed !== undefined) return collectWebUrls(parsed, depth + 1, into);
    const withScheme = text.startsWith("//") ? `https:${text}` : text;
    for (const match of withScheme.matchAll(URLS_IN_TEXT)) into.push(match[0]);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectWebUrls(item, depth + 1, into);
    return;
  }
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.title === "string" && VIDEO_TITLE.test(record.title)) return;
    // One link per object: its keys often repeat one photo in other sizes.
    const link = LINK_KEYS.map((key) => firstWebUrl(record[key], depth + 1)).find((url) => url !== null);
    if (link) into.push(link);
  }
}

/**
 * Google's photo links carry the size after "=" (…/p/AF1Qip…=w408-h408-k-no): one photo at two sizes is one photo.
 * Other links compare whole.
 */
function photoIdentity(url: string): string {
  return /^https?:\/\/[^/]*googleusercontent\.com\//i.test(url) ? url.replace(/=[^/]*$/, "") : url;
}

/**
 * Every http(s) URL in any of the values, in order: plain URLs, "url1, url2", JSON lists, [{imageUrl}], [{image}],
 * [{url}]; the same photo once (also at another size), none longer than maxLength, at most `limit`; the URLs of
 * `exclude` (the main photo) are left out.
 */
export function listWebUrls(values: readonly unknown[], options: { limit: number; maxLength: number; exclude?: string | null }): string[] {
  const found: string[] = [];
  for (const value of values) collectWebUrls(value, 0, found);
  const seen = new Set<string>(options.exclude ? [photoIdentity(options.exclude)] : []);
  const urls: string[] = [];
  for (const url of found) {
    const identity = photoIdentity(url);
    if (url.length > options.maxLength || seen.has(identity)) continue;
    seen.add(identity);
    urls.push(url);
    if (urls.length === options.limit) break;
  }
  return urls;
}
