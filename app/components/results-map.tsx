// A page of results (slug, name, coordinates) + the /search href they came from + the list of them → the list with a
// clustered map: beside the list on wide screens (≥ 1024 px) from the start, behind a "Show map" button on narrow
// ones; hovering or focusing a card highlights its marker, activating a marker highlights and focuses its card, and
// "Search this area" re-runs the search inside the visible box (`bbox`). The map is an enhancement: without
// JavaScript or with maps off the list is all there is, and maplibre loads only when the map opens.
import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
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
  /** The list of these places; each card's element carries `data-result-slug` (RESULT_SLUG_ATTRIBUTE). */
  children: ReactNode;
}

/** Set on each result card's element (the list item) so the map can find the card of a marker and back. */
export const RESULT_SLUG_ATTRIBUTE = "data-result-slug";
/** Set on the card a marker was activated for; the stylesheet outlines it (no size change: no layout shift). */
const ACTIVE_CARD_ATTRIBUTE = "data-map-active";
/** The width from which the map sits beside the list (Tailwind's `lg`). */
const BESIDE_QUERY = "(min-width: 1024px)";
/** A visitor who hid the map on a wide screen keeps it hidden on the next results page of this visit. */
const HIDDEN_KEY = "results-map-hidden";
/** The sticky map's top (Tailwind's `top-24`), the space kept under it, and its height limits (24rem, 46rem). */
const STICKY_TOP_PX = 96;
const FOLD_GAP_PX = 16;
const MIN_HEIGHT_PX = 384;
const MAX_HEIGHT_PX = 736;
/** Heights move in steps of this many pixels while the page scrolls: fewer canvas resizes, no visible jump. */
const HEIGHT_STEP_PX = 8;

/** "auto": not decided yet (server HTML, first render): the stylesheet shows the map column on wide screens only. */
type Choice = "auto" | "open" | "closed";
type MapState = "idle" | "loading" | "ready" | "failed";

/**
 * NOTE: without JavaScript the server's map column and button would stay empty: this hides them and gives the list
 * back its full width and columns (the grids' own sm/xl columns, see search-results.tsx and business-grid.tsx).
 */
const NO_SCRIPT_CSS = [
  "[data-results-map-js]{display:none!important}",
  "[data-results-map-grid]{display:block!important}",
  "@media (min-width:1024px){[data-map-beside] ul:has(>[data-result-slug]){grid-template-columns:repeat(2,minmax(0,1fr))!important}}",
  "@media (min-width:1280px){[data-map-beside] ul:has(>[data-result-slug]){grid-template-columns:repeat(3,minmax(0,1fr))!important}}",
].join("");

function readHiddenChoice(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === "1";
  } catch {
    return false;
  }
}

function storeHiddenChoice(hidden: boolean): void {
  try {
    if (hidden) sessionStorage.setItem(HIDDEN_KEY, "1");
    else sessionStorage.removeItem(HIDDEN_KEY);
  } catch {
    // Storage refused (private mode, quota): the choice simply lasts for this page.
  }
}

export function ResultsMap({ places, searchHref, children }: ResultsMapProps) {
  const hydrated = useHydrated();
  const styleUrl = useRouteLoaderData<{ mapStyleUrl?: string | null }>("root")?.mapStyleUrl ?? null;
  const navigate = useNavigate();
  const boxed = new URLSearchParams(useLocation().search).has("bbox");
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const handle = useRef<ResultsMapHandle | null>(null);
  /** Set by "Search this area": the next results keep the view the visitor chose instead of refitting it. */
  const keepView = useRef(false);
  const [choice, setChoice] = useState<Choice>("auto");
  const [state, setState] = useState<MapState>("idle");
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
  const available = Boolean(styleUrl) && (plotted.length > 0 || boxed);
  const open = choice === "open";

  // Wide screens open the map beside the list (unless the visitor hid it this visit); narrow ones wait for the button.
  useEffect(() => {
    if (choice === "auto") setChoice(window.matchMedia(BESIDE_QUERY).matches && !readHiddenChoice() ? "open" : "closed");
  }, [choice]);

  useEffect(() => {
    const container = canvas.current;
    if (!open || !styleUrl || !container) return;
    let cancelled = false;
    setState("loading");
    // The style first, as on the business map: no map code is downloaded when its host cannot be reached.
    loadMapStyle(styleUrl)
      .then(async (style) => {
        const { createResultsMap } = await import("./results-map-maplibre.client");
        return createResultsMap({
          container,
          style,
          places: plottedRef.current,
          onSelect: (slug) => selectCard(root.current, slug),
          // Beside the list the page scrolls over the list, so the wheel zooms the map (as on map sites); stacked above
          // the list, a wheel or one finger over the map must still scroll the page (cooperative gestures).
          wheelZoom: window.matchMedia(BESIDE_QUERY).matches,
        });
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
      setState("idle");
    };
    // Opening creates the map; new results update it (below) rather than re-creating it.
  }, [open, styleUrl]);

  useEffect(() => {
    handle.current?.update(plotted, !keepView.current);
    keepView.current = false;
    // A card selected from the map belongs to the previous results.
    for (const card of root.current?.querySelectorAll(`[${ACTIVE_CARD_ATTRIBUTE}]`) ?? []) card.removeAttribute(ACTIVE_CARD_ATTRIBUTE);
  }, [plotted]);

  // Beside the list the map ends above the fold: it starts where the list starts (below the search form and the
  // summary), so a height of the whole viewport left its lower half out of view; it grows as the page scrolls, up to
  // the viewport under the header once it sticks there.
  useEffect(() => {
    const element = panel.current;
    if (!open || state === "failed" || !element) return;
    let frame = 0;
    const fit = () => {
      frame = 0;
      if (!window.matchMedia(BESIDE_QUERY).matches) {
        element.style.height = "";
        return;
      }
      const top = Math.max(element.getBoundingClientRect().top, STICKY_TOP_PX);
      const room = Math.floor((window.innerHeight - top - FOLD_GAP_PX) / HEIGHT_STEP_PX) * HEIGHT_STEP_PX;
      const height = `${Math.min(Math.max(room, MIN_HEIGHT_PX), MAX_HEIGHT_PX)}px`;
      if (element.style.height !== height) element.style.height = height;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    fit();
    window.addEventListener("resize", schedule);
    window.addEventListener("scroll", schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", schedule);
      window.removeEventListener("scroll", schedule);
      element.style.height = "";
    };
  }, [open, state]);

  // Card → marker: pointing at or focusing a card highlights its marker (or the cluster holding it).
  useEffect(() => {
    const element = root.current;
    if (state !== "ready" || !element) return;
    const slugOf = (target: EventTarget | null) =>
      target instanceof Element ? (target.closest(`[${RESULT_SLUG_ATTRIBUTE}]`)?.getAttribute(RESULT_SLUG_ATTRIBUTE) ?? null) : null;
    const enter = (event: Event) => {
      const slug = slugOf(event.target);
      if (slug) handle.current?.highlight(slug);
    };
    const leave = (event: Event) => {
      const from = slugOf(event.target);
      const to = slugOf((event as FocusEvent | PointerEvent).relatedTarget);
      if (from && from !== to) handle.current?.highlight(to);
    };
    element.addEventListener("pointerover", enter);
    element.addEventListener("focusin", enter);
    element.addEventListener("pointerout", leave);
    element.addEventListener("focusout", leave);
    return () => {
      element.removeEventListener("pointerover", enter);
      element.removeEventListener("focusin", enter);
      element.removeEventListener("pointerout", leave);
      element.removeEventListener("focusout", leave);
    };
  }, [state]);

  if (!available) return <>{children}</>;

  const searchThisArea = () => {
    const box = handle.current?.readBounds();
    if (!box) return;
    keepView.current = true;
    navigate(buildBoundingBoxHref(searchHref, box), { preventScrollReset: true });
  };
  const toggle = () => {
    const next = open ? "closed" : "open";
    if (window.matchMedia(BESIDE_QUERY).matches) storeHiddenChoice(next === "closed");
    setChoice(next);
  };
  // "auto" shows the column on wide screens only (CSS), so the server HTML already has the layout the map gets.
  // A map that could not load gives its column back to the list and leaves one line saying so.
  const failed = open && state === "failed";
  const beside = choice !== "closed" && !failed;
  const panelSize = failed
    ? "order-first mb-6 px-4 py-3"
    : "order-first mb-6 h-80 sm:h-[26rem] lg:order-none lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:mb-0 lg:h-[calc(100vh-8rem)] lg:max-h-[46rem] lg:min-h-[24rem]";
  const panelVisibility = choice === "auto" ? "hidden lg:block" : open ? "" : "hidden";

  return (
    <div ref={root} className="group/results" data-map-beside={beside ? "" : undefined}>
      {hydrated ? null : (
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
      )}
      <div className="mb-4 flex items-center justify-end" data-results-map-js="">
        <button
          type="button"
          className="btn-secondary py-2"
          aria-expanded={choice === "auto" ? undefined : open}
          aria-controls={panelId}
          onClick={toggle}
          disabled={!hydrated}
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="m7 3.5-4.5 2v11l4.5-2 6 2 4.5-2v-11l-4.5 2-6-2Zm0 0v11m6-9v11" strokeLinejoin="round" />
          </svg>
          {choice === "auto" ? (
            <>
              <span className="lg:hidden">Show map</span>
              <span className="hidden lg:inline">Hide map</span>
            </>
          ) : open ? (
            "Hide map"
          ) : (
            "Show map"
          )}
        </button>
      </div>
      <div
        data-results-map-grid=""
        className={
          beside ? "flex flex-col lg:grid lg:grid-cols-2 lg:items-start lg:gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : "flex flex-col"
        }
      >
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">{children}</div>
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Map of these results"
          data-results-map-js=""
          data-results-map-state={open ? (state === "idle" ? "loading" : state) : "closed"}
          className={`${panelVisibility} ${panelSize} relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100`}
        >
          <div ref={canvas} className={`absolute inset-0 ${state === "ready" ? "" : "invisible"}`} />
          {state === "ready" ? (
            <button
              type="button"
              onClick={searchThisArea}
              className="absolute left-1/2 top-3 z-10 -translate-x-1/2 whitespace-nowrap rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-md ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Search this area
            </button>
          ) : failed ? (
            <p role="status" className="text-center text-sm text-slate-700">
              The map could not be loaded. The results are listed below.
            </p>
          ) : (
            <p role="status" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-600">
              Loading map…
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Marker → card: outlines the card of `slug`, brings it into view and moves focus to its link. */
function selectCard(root: HTMLElement | null, slug: string): void {
  if (!root) return;
  for (const card of root.querySelectorAll(`[${ACTIVE_CARD_ATTRIBUTE}]`)) card.removeAttribute(ACTIVE_CARD_ATTRIBUTE);
  const card = root.querySelector(`[${RESULT_SLUG_ATTRIBUTE}="${CSS.escape(slug)}"]`);
  if (!card) return;
  card.setAttribute(ACTIVE_CARD_ATTRIBUTE, "");
  // NOTE: an instant scroll: a smooth one was sometimes cut short (by the map's own work) and left the card off screen.
  card.scrollIntoView({ block: "nearest", behavior: "auto" });
  card.querySelector<HTMLElement>("a[href]")?.focus({ preventScroll: true });
}
