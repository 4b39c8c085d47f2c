// GET /assets/maplibre-gl/{version}/maplibre-gl-worker.mjs → the map worker script, immutable (the version is in the path).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readMaplibreWorker } from "~/models/business-map.server";
import { CACHE_IMMUTABLE, NO_STORE } from "~/models/cache-policy.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const source = await readMaplibreWorker(params.version ?? "", params.file ?? "");
  if (source === null) return new Response("Not Found", { status: 404, headers: { "Cache-Control": NO_STORE } });
  return new Response(source, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": CACHE_IMMUTABLE },
  });
}
