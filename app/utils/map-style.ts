// MAP_STYLE_URL's value → the style the maps load (OpenFreeMap's keyless "liberty" style by default, none when
// switched off) and the origins its style, tiles, glyphs and sprites come from, which the CSP allows by name.

/**
 * OpenFreeMap (https://openfreemap.org): free vector tiles from OpenStreetMap, no key, no registration, no view
 * limits; its style names its attribution ("OpenFreeMap © OpenMapTiles Data from OpenStreetMap"), which the map shows.
 */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

/** The default style's TileJSON, tiles, glyphs and sprites are all served from its own origin. */
const DEFAULT_MAP_ORIGINS = ["https://tiles.openfreemap.org"];

/** How long a map waits for its style before it keeps the static card. */
export const MAP_STYLE_TIMEOUT_MS = 10_000;

/** A MapLibre style as fetched: checked only as far as the maps need before they hand it to maplibre. */
export interface MapStyleJson {
  version: 8;
  sources: Record<string, unknown>;
  layers: unknown[];
  [key: string]: unknown;
}

const loadedStyles = new Map<string, Promise<MapStyleJson>>();

async function fetchMapStyle(styleUrl: string): Promise<MapStyleJson> {
  const response = await fetch(styleUrl, { signal: AbortSignal.timeout(MAP_STYLE_TIMEOUT_MS), credentials: "omit" });
  if (!response.ok) throw new Error(`MAP_STYLE_FAILED: ${response.status}`);
  const style: unknown = await response.json().catch(() => null);
  const candidate = style as Partial<MapStyleJson> | null;
  if (
    !candidate ||
    typeof candidate !== "object" ||
    candidate.version !== 8 ||
    typeof candidate.sources !== "object" ||
    !Array.isArray(candidate.layers)
  )
    throw new Error("MAP_STYLE_INVALID: the style is not a MapLibre style (version 8 with sources and layers)");
  return candidate as MapStyleJson;
}

/**
 * The style's JSON, or a rejection when it does not answer with a valid style in time. Called before the map code is
 * even downloaded: a visitor whose browser cannot reach the style host never fetches maplibre (≈ 280 KB gzipped) or
 * starts its worker. NOTE: the maps hand this JSON to maplibre (`style:` takes an object), so the style is requested
 * once per page, not once here and again by maplibre; a failure is forgotten so that reopening a map tries again.
 */
export function loadMapStyle(styleUrl: string): Promise<MapStyleJson> {
  let loading = loadedStyles.get(styleUrl);
  if (!loading) {
    loading = fetchMapStyle(styleUrl);
    loadedStyles.set(styleUrl, loading);
    loading.catch(() => loadedStyles.delete(styleUrl));
  }
  // Each map gets its own copy: maplibre keeps the object it is given.
  return loading.then((style) => structuredClone(style));
}

/** MAP_STYLE_URL values that switch the interactive maps off (the static location card stays). */
export const MAP_OFF_WORDS = ["off", "none"] as const;

/**
 * The origins a map style's requests go to. NOTE: a custom style is trusted to serve its tiles, glyphs and sprites
 * from its own origin (a style that points elsewhere needs those hosts allowed too; the default one does not).
 */
export function listMapOrigins(styleUrl: string | null | undefined): string[] {
  if (!styleUrl) return [];
  if (styleUrl === DEFAULT_MAP_STYLE_URL) return DEFAULT_MAP_ORIGINS;
  try {
    const { origin } = new URL(styleUrl);
    return origin === "null" ? [] : [origin];
  } catch {
    return [];
  }
}
