// Container + style + a page of results → a MapLibre map of them: nearby results merge into cluster buttons (the
// GeoJSON source's own clustering) that zoom in, single results are links to their page; every marker is an HTML
// element, so Tab reaches it and its name is read out. Browser-only, loaded with import() when the map is opened.
import { LngLatBounds, Marker, type GeoJSONSource, type StyleSpecification, type Map as MapLibreMap, type MapGeoJSONFeature } from "maplibre-gl";
import type { MapStyleJson } from "~/utils/map-style";
import { openMaplibreMap } from "./maplibre-map.client";

export interface PlottedPlace {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}

export interface ResultsMapBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

export interface ResultsMapHandle {
  /** Shows these places; `fit` moves the view onto them (a new search), else the view stays (searched this area). */
  update(places: PlottedPlace[], fit: boolean): void;
  /** The visible area, clamped to the world and rounded outward to 5 decimals (about a metre). */
  readBounds(): ResultsMapBox;
  remove(): void;
}

const SOURCE = "results";
/** Results this close (in pixels) merge into one cluster; below this zoom only. */
const CLUSTER_RADIUS = 44;
const CLUSTER_MAX_ZOOM = 15;
/** The top padding leaves room for the "Search this area" button over the map. */
const FIT_OPTIONS = { padding: { top: 72, bottom: 40, left: 40, right: 40 }, maxZoom: 15, duration: 0 } as const;

const MARKER_FOCUS = "focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-brand-800";

function toFeatureCollection(places: PlottedPlace[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: "FeatureCollection",
    features: places.map((place) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [place.longitude, place.latitude] },
      properties: { slug: place.slug, name: place.name },
    })),
  };
}

function boundsOf(places: PlottedPlace[]): LngLatBounds | null {
  if (places.length === 0) return null;
  const bounds = new LngLatBounds();
  for (const place of places) bounds.extend([place.longitude, place.latitude]);
  return bounds;
}

function createClusterElement(count: number): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  const size = count < 10 ? "h-9 w-9 text-sm" : "h-11 w-11 text-sm";
  button.className = `flex ${size} items-center justify-center rounded-full border-[3px] border-white bg-brand-700 font-bold text-white shadow-md ring-4 ring-brand-700/25 transition hover:bg-brand-800 ${MARKER_FOCUS}`;
  button.textContent = String(count);
  button.setAttribute("aria-label", `${count} results here: zoom in`);
  return button;
}

function createPlaceElement(slug: string, name: string): HTMLAnchorElement {
  const link = document.createElement("a");
  link.href = `/business/${encodeURIComponent(slug)}`;
  link.className = `group relative block h-5 w-5 rounded-full border-[3px] border-white bg-brand-600 shadow-md ${MARKER_FOCUS}`;
  link.setAttribute("aria-label", name);
  const label = document.createElement("span");
  label.className =
    "pointer-events-none absolute bottom-full left-1/2 mb-1.5 hidden -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow group-hover:block group-focus-visible:block";
  label.setAttribute("aria-hidden", "true");
  label.textContent = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  link.appendChild(label);
  return link;
}

/** Keeps one HTML marker per cluster and per single result the source currently shows. */
function syncMarkers(map: MapLibreMap, markers: Map<string, Marker>): void {
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (!source) return;
  const seen = new Set<string>();
  // NOTE: querySourceFeatures repeats a feature for every tile it touches: the key dedupes.
  for (const feature of map.querySourceFeatures(SOURCE) as MapGeoJSONFeature[]) {
    const properties = feature.properties as Record<string, unknown>;
    const point = feature.geometry.type === "Point" ? (feature.geometry.coordinates as [number, number]) : null;
    if (!point) continue;
    const clusterId = properties.cluster ? Number(properties.cluster_id) : null;
    const key = clusterId !== null ? `cluster:${clusterId}:${String(properties.point_count)}` : `place:${String(properties.slug)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (markers.has(key)) continue;
    let element: HTMLElement;
    if (clusterId !== null) {
      element = createClusterElement(Number(properties.point_count));
      element.addEventListener("click", () => {
        void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: point, zoom: Math.min(zoom, 18) }));
      });
    } else {
      element = createPlaceElement(String(properties.slug), String(properties.name));
    }
    markers.set(key, new Marker({ element }).setLngLat(point).addTo(map));
  }
  for (const [key, marker] of markers) {
    if (!seen.has(key)) {
      marker.remove();
      markers.delete(key);
    }
  }
}

const roundDown = (value: number) => Math.floor(value * 1e5) / 1e5;
const roundUp = (value: number) => Math.ceil(value * 1e5) / 1e5;
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

export async function createResultsMap(options: { container: HTMLElement; style: MapStyleJson; places: PlottedPlace[] }): Promise<ResultsMapHandle> {
  const initial = boundsOf(options.places);
  const map = await openMaplibreMap({
    container: options.container,
    style: options.style as StyleSpecification,
    ...(initial ? { bounds: initial, fitBoundsOptions: FIT_OPTIONS } : { center: [0, 20] as [number, number], zoom: 1 }),
  });
  map.addSource(SOURCE, {
    type: "geojson",
    data: toFeatureCollection(options.places),
    cluster: true,
    clusterRadius: CLUSTER_RADIUS,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
  });
  // NOTE: a source no layer uses is never tiled; this invisible layer makes the clusters exist for the markers.
  map.addLayer({ id: `${SOURCE}-anchor`, type: "circle", source: SOURCE, paint: { "circle-radius": 1, "circle-opacity": 0 } });
  const markers = new Map<string, Marker>();
  const sync = () => syncMarkers(map, markers);
  map.on("moveend", sync);
  map.on("sourcedata", (event) => {
    if (event.sourceId === SOURCE && event.isSourceLoaded) sync();
  });
  return {
    update(places, fit) {
      map.getSource<GeoJSONSource>(SOURCE)?.setData(toFeatureCollection(places));
      const bounds = boundsOf(places);
      if (fit && bounds) map.fitBounds(bounds, FIT_OPTIONS);
    },
    readBounds() {
      const bounds = map.getBounds();
      const west = bounds.getWest();
      const east = bounds.getEast();
      const wholeWorld = east - west >= 360;
      return {
        minLng: wholeWorld ? -180 : roundDown(clamp(west, 180)),
        minLat: roundDown(clamp(bounds.getSouth(), 90)),
        maxLng: wholeWorld ? 180 : roundUp(clamp(east, 180)),
        maxLat: roundUp(clamp(bounds.getNorth(), 90)),
      };
    },
    remove() {
      for (const marker of markers.values()) marker.remove();
      map.remove();
    },
  };
}
