// A business's phone, place id, coordinates and stored URLs → the outbound links of its page (tel:, directions, map
// search, website, photo); a stored URL becomes a link or an image source only when it is http(s), and a website
// never carries click-tracking parameters.
// Maps links use the public Google Maps URL scheme, which needs no key and opens the app on phones.

export interface MapTarget {
  name: string;
  fullAddress: string | null;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
}

const MAPS_DIRECTIONS = "https://www.google.com/maps/dir/";
const MAPS_SEARCH = "https://www.google.com/maps/search/";

/** "+44 20 7946 0958" → "tel:+442079460958"; null when no digit is left. */
export function buildTelHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/(?!^\+)[^\d]/g, "");
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/** "www.example.com/menu" or "example.co.uk": a bare host name (letters, digits, hyphens, a dot and a TLD), maybe a path. */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * A stored website or image URL → itself when a browser would read it as http(s), else null. A bare host name,
 * as scrapers often store websites ("www.example.com"), becomes an https link.
 * NOTE: imports keep URLs exactly as given, and React 18 renders `href="javascript:…"` as is; the scheme is read the
 * way browsers read it (tabs and newlines dropped, any case), so "java\tscript:" and "data:" never become links.
 */
export function readWebUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const candidate = BARE_HOST.test(trimmed) ? `https://${trimmed}` : trimmed;
  try {
    const { protocol } = new URL(candidate);
    return protocol === "https:" || protocol === "http:" ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * Click and campaign tracking parameters, as browsers' query stripping and ClearURLs remove them: Google, Meta,
 * Microsoft, Yandex, Mailchimp, HubSpot, Marketo, TikTok, X, LinkedIn, Instagram. `ref` is kept: sites use it too.
 */
const TRACKING_PARAMS = new Set([
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "srsltid",
  "_ga",
  "_gl",
  "fbclid",
  "msclkid",
  "yclid",
  "ysclid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ttclid",
  "twclid",
  "li_fat_id",
  "igshid",
]);
const TRACKING_PREFIXES = ["utm_", "hsa_"];

function isTrackingParam(rawKey: string): boolean {
  let key: string;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return false;
  }
  return TRACKING_PARAMS.has(key) || TRACKING_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * "https://x.ch/?utm_source=gmb&lang=de#top" → "https://x.ch/?lang=de#top": tracking parameters dropped, every
 * other character of the URL kept as written (the query is filtered as text, never re-encoded).
 */
export function dropTrackingParams(url: string): string {
  const match = /^([^?#]*)\?([^#]*)(#.*)?$/.exec(url);
  if (!match) return url;
  const [, base, query, hash = ""] = match;
  const pairs = (query ?? "").split("&");
  const kept = pairs.filter((pair) => pair !== "" && !isTrackingParam(pair.split("=")[0] ?? ""));
  if (kept.length === pairs.length) return url;
  return `${base}${kept.length > 0 ? `?${kept.join("&")}` : ""}${hash}`;
}

/** A stored website → an http(s) link without tracking parameters, or null (see readWebUrl). */
export function readWebsiteUrl(value: string | null | undefined): string | null {
  const url = readWebUrl(value);
  return url === null ? null : dropTrackingParams(url);
}

/** What the maps service should look for: the coordinates when known (exact), else the name and address. */
function describeDestination(target: MapTarget): string | null {
  if (target.latitude !== null && target.longitude !== null) return `${target.latitude},${target.longitude}`;
  const text = [target.name, target.fullAddress].filter(Boolean).join(", ");
  return text.trim() ? text : null;
}

/**
 * Directions by place id (the spec's rule); the destination text is still required by the URL scheme and is what
 * the service falls back to when it does not know the place id. null when there is nothing to route to.
 */
export function buildDirectionsUrl(target: MapTarget): string | null {
  const destination = describeDestination(target);
  if (!destination && !target.placeId) return null;
  const params = new URLSearchParams({ api: "1", destination: destination ?? target.name });
  if (target.placeId) params.set("destination_place_id", target.placeId);
  return `${MAPS_DIRECTIONS}?${params.toString()}`;
}

/** The place on a full map (the static fallback's "Open in maps" link). */
export function buildMapSearchUrl(target: MapTarget): string | null {
  const query = describeDestination(target);
  if (!query) return null;
  const params = new URLSearchParams({ api: "1", query });
  if (target.placeId) params.set("query_place_id", target.placeId);
  return `${MAPS_SEARCH}?${params.toString()}`;
}
