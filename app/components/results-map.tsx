// A page of results (slug, name, coordinates) + the /search href they came from → a "Show map" button that opens a
// clustered map of them and a "Search this area" button that re-runs the search inside the visible box (`bbox`).
// The map is an enhancement: nothing renders without JavaScript or with maps off, and maplibre loads only on open.
import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { buildBoundingBoxHref } from "~/utils/bounding-box";
import { loadMapStyle } from "~/utils/map-style";
import { useHydrated } from "~/utils/use-hydrated";
import type { PlottedPlace, ResultsMapHandle } from "./results-map-maplibre.client";

export interface ResultsMapPlace {
  slug: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface ResultsMapProps {
  places: ResultsMapPlace[];
  /** The search these results answer, as a /search href; "Search this area" adds the visible box to it. */
  searchHref: string;
}

type MapState = "closed" | "loading" | "ready" | "failed";

export function ResultsMap({ places, searchHref }: ResultsMapProps) {
  const hydrated = useHydrated();
  const styleUrl = useRouteLoaderData<{ mapStyleUrl?: string | null }>("root")?.mapStyleUrl ?? null;
  const navigate = useNavigate();
  const boxed = new URLSearchParams(useLocation().search).has("bbox");
  const panelId = useId();
  const canvas = useRef<HTMLDivElement>(null);
  const handle = useRef<ResultsMapHandle | null>(null);
  /** Set by "Search this area": the next results keep the view the visitor chose instead of refitting it. */
  const keepView = useRef(false);
  const [state, setState] = useState<MapState>("closed");
  const plotted = useMemo(
    () =>
      places.flatMap((place): PlottedPlace[] =>
        place.latitude !== null && place.longitude !== null
          ? [{ slug: place.slug, name: place.name, latitude: place.latitude, longitude: place.longitude }]
          : [],
      ),
    [places],
  );
  const plottedRef = useRef(plotted);
  plottedRef.current = plotted;
  const open = state !== "closed";

  useEffect(() => {
    const container = canvas.current;
    if (!open || !styleUrl || !container) return;
    let cancelled = false;
    // The style first, as on the business map: no map code is downloaded when its host cannot be reached.
    loadMapStyle(styleUrl)
      .then(async (style) => {
        const { createResultsMap } = await import("./results-map-maplibre.client");
        return createResultsMap({ container, style, places: plottedRef.current });
      })
      .then((created) => {
        if (cancelled) created.remove();
        else {
          handle.current = created;
          setState("ready");
        }
      })
      .catch((error: unknown) => {
        console.warn("Results map unavailable:", error instanceof Error ? error.message : error);
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      handle.current?.remove();
      handle.current = null;
    };
    // Opening creates the map; new results update it (below) rather than re-creating it.
  }, [open, styleUrl]);

  useEffect(() => {
    handle.current?.update(plotted, !keepView.current);
    keepView.current = false;
  }, [plotted]);

  if (!hydrated || !styleUrl || (plotted.length === 0 && !boxed)) return null;

  const searchThisArea = () => {
    const box = handle.current?.readBounds();
    if (!box) return;
    keepView.current = true;
    navigate(buildBoundingBoxHref(searchHref, box), { preventScrollReset: true });
  };

  return (
    <div className="results-map">
      <button
        type="button"
        className="btn-secondary py-2"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setState(open ? "closed" : "loading")}
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="m7 3.5-4.5 2v11l4.5-2 6 2 4.5-2v-11l-4.5 2-6-2Zm0 0v11m6-9v11" strokeLinejoin="round" />
        </svg>
        {open ? "Hide map" : "Show map"}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Map of these results"
          data-results-map-state={state}
          className="relative mt-4 h-80 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-[26rem]"
        >
          <div ref={canvas} className={`absolute inset-0 ${state === "ready" ? "" : "invisible"}`} />
          {state === "ready" ? (
            <button
              type="button"
              onClick={searchThisArea}
              className="absolute left-1/2 top-3 z-10 -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-md ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Search this area
            </button>
          ) : (
            <p role="status" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-600">
              {state === "failed" ? "The map could not be loaded. The results are listed below." : "Loading map…"}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
