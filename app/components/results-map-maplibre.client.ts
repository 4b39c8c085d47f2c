// Container + style + a page of results → a MapLibre map of them: nearby results merge into cluster buttons (the
// GeoJSON source's own clustering) that zoom in, single results are buttons that select their card in the list; every
// marker is an HTML element, so Tab reaches it and its name is read out; `highlight` marks the marker (or cluster) of a
// card. Browser-only, loaded with import() when the map is opened.
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
  /** Marks the marker of `slug`, or the cluster holding it, as the one the visitor points at; null clears it. */
  highlight(slug: string | null): void;
  /** The visible area, clamped to the world and rounded outward to 5 decimals (about a metre). */
  readBounds(): ResultsMapBox;
  remove(): void;
}

const SOURCE = "results";
const ANCHOR_LAYER = `${SOURCE}-anchor`;
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

/** NOTE: maplibre positions a marker with a transform on its element: the highlight scales an inner element instead. */
const ACTIVE_MARKER_ATTRIBUTE = "data-active";

function createClusterElement(count: number): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  const size = count < 10 ? "h-9 w-9 text-sm" : "h-11 w-11 text-sm";
  button.className = `group flex ${size} items-center justify-center rounded-full ${MARKER_FOCUS}`;
  button.setAttribute("aria-label", `${count} results here: zoom in`);
  const disc = document.createElement("span");
  disc.className =
    "flex h-full w-full items-center justify-center rounded-full border-[3px] border-white bg-brand-700 font-bold text-white shadow-md ring-4 ring-brand-700/25 transition group-hover:bg-brand-800 group-data-[active]:scale-110 group-data-[active]:bg-slate-900 group-data-[active]:ring-amber-400";
  disc.setAttribute("aria-hidden", "true");
  disc.textContent = String(count);
  button.appendChild(disc);
  return button;
}

function createPlaceElement(slug: string, name: string): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  // A 28 px target around a 20 px dot: easier to hit, the same look.
  button.className = `group relative flex h-7 w-7 items-center justify-center rounded-full ${MARKER_FOCUS}`;
  button.setAttribute("aria-label", `${name}: show in the list`);
  button.dataset.mapPlace = slug;
  const dot = document.createElement("span");
  dot.className =
    "block h-5 w-5 rounded-full border-[3px] border-white bg-brand-600 shadow-md transition group-hover:bg-brand-800 group-data-[active]:scale-125 group-data-[active]:bg-slate-900 group-data-[active]:ring-4 group-data-[active]:ring-amber-400";
  dot.setAttribute("aria-hidden", "true");
  const label = document.createElement("span");
  label.className =
    "pointer-events-none absolute bottom-full left-1/2 mb-1 hidden -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow group-hover:block group-focus-visible:block group-data-[active]:block";
  label.setAttribute("aria-hidden", "true");
  label.textContent = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  button.append(dot, label);
  return button;
}

interface MarkerState {
  markers: Map<string, Marker>;
  /** The slugs each cluster marker holds (filled in as the source answers), to highlight a clustered card's marker. */
  clusterSlugs: Map<string, Set<string>>;
  highlighted: string | null;
}

function applyHighlight(state: MarkerState): void {
  for (const [key, marker] of state.markers) {
    const slug = state.highlighted;
    const active = slug !== null && (key === `place:${slug}` || state.clusterSlugs.get(key)?.has(slug) === true);
    const element = marker.getElement();
    element.toggleAttribute(ACTIVE_MARKER_ATTRIBUTE, active);
    // Over its neighbours while highlighted.
    element.style.zIndex = active ? "2" : "";
  }
}

/** Keeps one HTML marker per cluster and per single result the source currently shows. */
function syncMarkers(map: MapLibreMap, state: MarkerState, onSelect: (slug: string) => void): void {
  const { markers, clusterSlugs } = state;
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
      void source
        .getClusterLeaves(clusterId, Number.MAX_SAFE_INTEGER, 0)
        .then((leaves) => {
          if (!markers.has(key)) return;
          clusterSlugs.set(key, new Set(leaves.map((leaf) => String((leaf.properties as Record<string, unknown> | null)?.slug))));
          applyHighlight(state);
        })
        // A cluster gone before it answered (new results, zoomed past it) has nothing to highlight.
        .catch(() => undefined);
    } else {
      const slug = String(properties.slug);
      element = createPlaceElement(slug, String(properties.name));
      element.addEventListener("click", () => onSelect(slug));
    }
    markers.set(key, new Marker({ element }).setLngLat(point).addTo(map));
  }
  for (const [key, marker] of markers) {
    if (!seen.has(key)) {
      marker.remove();
      markers.delete(key);
      clusterSlugs.delete(key);
    }
  }
  applyHighlight(state);
}

const roundDown = (value: number) => Math.floor(value * 1e5) / 1e5;
const roundUp = (value: number) => Math.ceil(value * 1e5) / 1e5;
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

export async function createResultsMap(options: {
  container: HTMLElement;
  style: MapStyleJson;
  places: PlottedPlace[];
  /** A single result's marker was activated (click, Enter, Space). */
  onSelect: (slug: string) => void;
  /** The wheel zooms without Ctrl (a map beside the list); otherwise gestures are cooperative. */
  wheelZoom?: boolean;
}): Promise<ResultsMapHandle> {
  const initial = boundsOf(options.places);
  const map = await openMaplibreMap({
    container: options.container,
    style: options.style as StyleSpecification,
    cooperativeGestures: !options.wheelZoom,
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
  map.addLayer({ id: ANCHOR_LAYER, type: "circle", source: SOURCE, paint: { "circle-radius": 1, "circle-opacity": 0 } });
  const state: MarkerState = { markers: new Map(), clusterSlugs: new Map(), highlighted: null };
  const sync = () => syncMarkers(map, state, options.onSelect);
  // NOTE: "idle", once the view has settled and every tile is loaded (after a move, a zoom or new results). While tiles
  // load, the source also answers from the parent tiles standing in for them: syncing then (on "moveend" or
  // "sourcedata") drew a cluster beside its own members, and nothing removed it once the tiles had loaded.
  map.on("idle", sync);
  return {
    update(places, fit) {
      map.getSource<GeoJSONSource>(SOURCE)?.setData(toFeatureCollection(places));
      const bounds = boundsOf(places);
      if (fit && bounds) map.fitBounds(bounds, FIT_OPTIONS);
    },
    highlight(slug) {
      state.highlighted = slug;
      applyHighlight(state);
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
      for (const marker of state.markers.values()) marker.remove();
      map.remove();
    },
  };
}
