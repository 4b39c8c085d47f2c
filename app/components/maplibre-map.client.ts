// Container + style + view → a loaded MapLibre map, or a rejection the caller turns into its fallback (unreachable
// style, no WebGL, timeout); shared by the business map and the results map. Browser-only, loaded with import().
import { getVersion, Map as MapLibreMap, NavigationControl, setWorkerUrl, type MapOptions } from "maplibre-gl";
import maplibreStylesheet from "maplibre-gl/dist/maplibre-gl.css";

/** The spec: map creation is retried up to 10 times, 100 ms apart (the container may not be laid out yet). */
const CREATE_ATTEMPTS = 10;
const CREATE_RETRY_MS = 100;
const LOAD_TIMEOUT_MS = 10_000;

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

/** A map with zoom buttons, resolved once its style has loaded; removed again when it cannot load. */
export async function openMaplibreMap(options: Omit<MapOptions, "container"> & { container: HTMLElement }): Promise<MapLibreMap> {
  configureMaplibre();
  let map: MapLibreMap | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < CREATE_ATTEMPTS && !map; attempt++) {
    if (attempt > 0) await wait(CREATE_RETRY_MS);
    if (!options.container.isConnected || options.container.clientWidth === 0) continue;
    try {
      map = new MapLibreMap({ cooperativeGestures: true, attributionControl: { compact: true }, ...options });
    } catch (error) {
      // No WebGL is not a retryable condition; anything else may be a container still settling.
      lastError = error;
    }
  }
  if (!map) throw lastError instanceof Error ? lastError : new Error("MAP_CONTAINER_NOT_READY");
  const created = map;
  created.addControl(new NavigationControl({ showCompass: false }), "top-right");
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
  return created;
}
