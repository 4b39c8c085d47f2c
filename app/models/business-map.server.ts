// Version + file name → the installed maplibre-gl worker script, served by the app so the lazily loaded map chunk
// can start its worker (bundling moves maplibre away from the file it expects beside itself).
import fs from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const WORKER_FILE = "maplibre-gl-worker.mjs";

let cached: { version: string; source: string } | undefined;

async function loadWorker(): Promise<{ version: string; source: string }> {
  if (!cached) {
    const { version } = require("maplibre-gl/package.json") as { version: string };
    const source = await fs.readFile(require.resolve(`maplibre-gl/dist/${WORKER_FILE}`), "utf8");
    cached = { version, source };
  }
  return cached;
}

/** The worker's source when `version` is the installed one (the URL is then safe to cache forever), else null. */
export async function readMaplibreWorker(version: string, file: string): Promise<string | null> {
  if (file !== WORKER_FILE) return null;
  const worker = await loadWorker();
  return worker.version === version ? worker.source : null;
}
