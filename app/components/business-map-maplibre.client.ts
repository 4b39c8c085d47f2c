// Container + coordinates + style URL → a MapLibre map with one marker; resolves once the style has loaded and
// rejects when it cannot (unreachable style, no WebGL, timeout) so the caller keeps its static fallback.
// Browser-only and loaded with import() when the map scrolls into view: maplibre never weighs on the first paint.
import { getVersion, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from "maplibre-gl";
import maplibreStylesheet from "maplibre-gl/dist/maplibre-gl.css";

export const MAP_ZOOM = 15;
/** The spec: map creation is retried up to 10 times, 100 ms apart (the container may not be laid out yet). */
const CREATE_ATTEMPTS = 10;
const CREATE_RETRY_MS = 100;
const LOAD_TIMEOUT_MS = 10_000;

export interface BusinessMapOptions {
  container: HTMLElement;
  latitude: number;
  longitude: number;
  styleUrl: string;
  /** Accessible name of the marker. */
  label: string;
}

export interface BusinessMapHandle {
  remove(): void;
}

/** NOTE: maplibre 6 looks for its worker beside its own module, which bundling moves; the app serves it instead. */
function configureMaplibre(): void {
  setWorkerUrl(`/assets/maplibre-gl/${getVersion()}/maplibre-gl-worker.mjs`);
  if (!document.querySelector("link[data-maplibre]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = maplibreStylesheet;
    link.dataset.maplibre = "";
    document.head.appendChild(link);
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createBusinessMap(options: BusinessMapOptions): Promise<BusinessMapHandle> {
  configureMaplibre();
  let map: MapLibreMap | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < CREATE_ATTEMPTS && !map; attempt++) {
    if (attempt > 0) await wait(CREATE_RETRY_MS);
    if (!options.container.isConnected || options.container.clientWidth === 0) continue;
    try {
      map = new MapLibreMap({
        container: options.container,
        style: options.styleUrl,
        center: [options.longitude, options.latitude],
        zoom: MAP_ZOOM,
        cooperativeGestures: true,
        attributionControl: { compact: true },
      });
    } catch (error) {
      // No WebGL is not a retryable condition; anything else may be a container still settling.
      lastError = error;
    }
  }
  if (!map) throw lastError instanceof Error ? lastError : new Error("MAP_CONTAINER_NOT_READY");
  const created = map;
  created.addControl(new NavigationControl({ showCompass: false }), "top-right");
  const marker = new Marker({ color: "#1d5ef1" }).setLngLat([options.longitude, options.latitude]).addTo(created);
  marker.getElement().setAttribute("aria-label", options.label);
  marker.getElement().setAttribute("role", "img");
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("MAP_STYLE_TIMEOUT")), LOAD_TIMEOUT_MS);
    created.once("load", () => {
      clearTimeout(timer);
      resolve();
    });
    created.once("error", (event) => {
      clearTimeout(timer);
      reject(event.error instanceof Error ? event.error : new Error("MAP_STYLE_FAILED"));
    });
  }).catch((error: unknown) => {
    created.remove();
    throw error;
  });
  return { remove: () => created.remove() };
}
