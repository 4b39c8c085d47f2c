// Coordinates → the "Location & Map" box (16rem): a static card (coordinates, address, "Open in maps") rendered on the
// server, upgraded to a MapLibre map only when it scrolls into view and a style is configured; any failure keeps the card.
import { useEffect, useRef, useState } from "react";
import { loadMapStyle } from "~/utils/map-style";

type MapState = "static" | "loading" | "ready" | "failed";

export interface BusinessMapProps {
  latitude: number;
  longitude: number;
  name: string;
  fullAddress: string | null;
  mapsUrl: string | null;
  styleUrl: string | null;
}

/** Start loading a little before the box is on screen, so the map is there when the visitor reaches it. */
const VIEW_MARGIN = "120px";

export function BusinessMap({ latitude, longitude, name, fullAddress, mapsUrl, styleUrl }: BusinessMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("static");

  useEffect(() => {
    const element = box.current;
    const container = canvas.current;
    if (!styleUrl || !element || !container || typeof IntersectionObserver === "undefined") return;
    let cancelled = false;
    let handle: { remove(): void } | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setState("loading");
        // NOTE: the style first: an unreachable style host must fail before maplibre is downloaded or starts its
        // worker (a worker torn down mid-start leaves its script request pending: a page never network-idle).
        loadMapStyle(styleUrl)
          .then(async (style) => {
            const { createBusinessMap } = await import("./business-map-maplibre.client");
            return createBusinessMap({ container, latitude, longitude, style, label: `${name} on the map` });
          })
          .then((created) => {
            if (cancelled) created.remove();
            else {
              handle = created;
              setState("ready");
            }
          })
          .catch((error: unknown) => {
            console.warn("Interactive map unavailable:", error instanceof Error ? error.message : error);
            if (!cancelled) setState("failed");
          });
      },
      { rootMargin: VIEW_MARGIN },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      handle?.remove();
      setState("static");
    };
    // The spec: the map is re-created when the coordinates, name or address change.
  }, [latitude, longitude, name, fullAddress, styleUrl]);

  const coordinates = `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  return (
    <div ref={box} className="relative h-64 overflow-hidden rounded-xl border border-slate-200 bg-slate-100" data-map-state={state}>
      <div ref={canvas} className={`absolute inset-0 ${state === "ready" ? "" : "invisible"}`} aria-label={`Map of ${name}`} role="region" />
      {state === "ready" ? null : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-[radial-gradient(circle_at_center,theme(colors.brand.50),theme(colors.slate.100))] p-6 text-center">
          <svg viewBox="0 0 24 24" className="h-9 w-9 text-brand-600" fill="currentColor" aria-hidden="true">
            <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
          </svg>
          <p className="text-sm font-medium text-slate-800">{fullAddress ?? name}</p>
          <p className="text-xs tabular-nums text-slate-600">{coordinates}</p>
          {state === "loading" ? (
            <p className="text-xs text-slate-600" role="status">
              Loading map…
            </p>
          ) : null}
          {state === "failed" ? (
            <p className="text-xs text-slate-600" role="status">
              The interactive map could not be loaded.
            </p>
          ) : null}
          {mapsUrl ? (
            <a href={mapsUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary mt-1 py-2">
              Open in maps
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      )}
    </div>
  );
}
