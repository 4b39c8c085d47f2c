// Container + coordinates + style JSON → a MapLibre map with one marker; resolves once the style has loaded and
// rejects when it cannot (unreachable style, no WebGL, timeout) so the caller keeps its static fallback.
// Browser-only and loaded with import() when the map scrolls into view: maplibre never weighs on the first paint.
import { Marker, type StyleSpecification } from "maplibre-gl";
import type { MapStyleJson } from "~/utils/map-style";
import { openMaplibreMap } from "./maplibre-map.client";

export const MAP_ZOOM = 15;

export interface BusinessMapOptions {
  container: HTMLElement;
  latitude: number;
  longitude: number;
  /** The style JSON the caller already fetched and checked (maplibre would otherwise fetch it a second time). */
  style: MapStyleJson;
  /** Accessible name of the marker. */
  label: string;
}

export interface BusinessMapHandle {
  remove(): void;
}

export async function createBusinessMap(options: BusinessMapOptions): Promise<BusinessMapHandle> {
  const map = await openMaplibreMap({
    container: options.container,
    style: options.style as StyleSpecification,
    center: [options.longitude, options.latitude],
    zoom: MAP_ZOOM,
  });
  const marker = new Marker({ color: "#1d5ef1" }).setLngLat([options.longitude, options.latitude]).addTo(map);
  marker.getElement().setAttribute("aria-label", options.label);
  marker.getElement().setAttribute("role", "img");
  return { remove: () => map.remove() };
}
