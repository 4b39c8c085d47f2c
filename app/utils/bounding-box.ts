// A map's visible box ↔ the search URL's `bbox` param (west,south,east,north), as the search schema reads it.

export interface BoundingBoxEdges {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

export function formatBoundingBox(box: BoundingBoxEdges): string {
  return [box.minLng, box.minLat, box.maxLng, box.maxLat].join(",");
}

/** `href` with the box as its `bbox` (replacing any), back on page 1. */
export function buildBoundingBoxHref(href: string, box: BoundingBoxEdges): string {
  const url = new URL(href, "http://directory.invalid");
  url.searchParams.set("bbox", formatBoundingBox(box));
  url.searchParams.delete("page");
  return `${url.pathname}?${url.searchParams.toString()}`;
}
