// A link-ish cell in any scraper's shape → its first http(s) URL: a plain URL, "url1, url2", a JSON list of URLs,
// gosom's [{"link": …, "source": …}], Apify's [{"imageUrl": …}] or {"url": …}; nothing else is taken for a link.
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
