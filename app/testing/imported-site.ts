// A CSV fixture imported by the real CLI → the real `directory serve` on that data dir and a Chromium, for one
// describe block: started in beforeAll (3 minutes allowed), stopped in afterAll.
import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import type { DatabaseHandle } from "../../db/client.ts";
import { importCsvWithCli } from "../../ingest-cli/testing/import-with-cli.ts";
import { launchChromium } from "./chromium.ts";
import { startDirectoryServer, type DirectoryServer } from "./directory-server.ts";

export interface ImportedSite<Adjusted> {
  /** Valid inside tests (set in beforeAll). */
  readonly server: DirectoryServer;
  readonly browser: Browser;
  /** What `adjust` answered. */
  readonly adjusted: Adjusted | undefined;
}

/** Call inside a describe block; `adjust` changes the imported rows before the server opens the data dir. */
export function useImportedSite<Adjusted = undefined>(
  name: string,
  csv: string,
  adjust?: (handle: DatabaseHandle) => Promise<Adjusted>,
): ImportedSite<Adjusted> {
  let server: DirectoryServer | undefined;
  let browser: Browser | undefined;
  let adjusted: Adjusted | undefined;
  beforeAll(async () => {
    const imported = await importCsvWithCli(name, csv, adjust);
    adjusted = imported.adjusted;
    server = await startDirectoryServer(imported.dataDir);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useImportedSite: the site starts in beforeAll; use it inside tests.");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    get adjusted() {
      return adjusted;
    },
  };
}
