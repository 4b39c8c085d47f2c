// Browser tests' global setup: build if stale, load the demo businesses as real ones into a fresh DATA_DIR, start the
// real server on a free port there, hand its URL to the tests, and stop it (by its own PID) afterwards. Skips the
// server when no Chromium exists.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client.ts";
import { seedDemoData } from "../../ingest-cli/pipeline/demo-seed.ts";
import { findChromium } from "./chromium.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "./directory-server.ts";

let server: DirectoryServer | undefined;

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    project.provide("browserBaseUrl", "");
    return;
  }
  await ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-browser-"));
  // NOTE: not marked as test data: the first real upload (admin-data) would hide demo businesses from every other file.
  // Written before the server starts: PGlite allows one process per data dir.
  const handle = await openDatabase({ dataDir });
  await seedDemoData(handle, { isTest: false });
  await handle.close();
  // TRUST_PROXY: the contact tests send each browser's own X-Forwarded-For, so their rate limits do not mix.
  server = await startDirectoryServer(dataDir, { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "browser-test-password", TRUST_PROXY: "loopback" });
  project.provide("browserBaseUrl", server.url);
  return teardown;
}

async function teardown() {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    browserBaseUrl: string;
  }
}
