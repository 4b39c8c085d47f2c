// A CSV fixture → a fresh PGlite data dir filled by the real `directory import`, optionally adjusted through a handle,
// ready for a server to open (browser tests start it afterwards).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { runDirectory } from "./run-cli.ts";

/** Imports `csv` as `<name>.csv` into a new data dir; `adjust` runs on the imported rows, its answer is returned. */
export async function importCsvWithCli<Adjusted = undefined>(
  name: string,
  csv: string,
  adjust?: (handle: DatabaseHandle) => Promise<Adjusted>,
): Promise<{ dataDir: string; adjusted: Adjusted | undefined }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `directory-${name}-`));
  const file = path.join(dataDir, `${name}.csv`);
  fs.writeFileSync(file, csv);
  // NOTE: all of this happens before the server starts: PGlite allows one process per data dir.
  const imported = await runDirectory(["import", file], { env: { DATA_DIR: dataDir, DATABASE_URL: undefined, MEILI_URL: undefined } });
  expect(imported.code, imported.stdout + imported.stderr).toBe(0);
  if (!adjust) return { dataDir, adjusted: undefined };
  const handle = await openDatabase({ dataDir });
  try {
    return { dataDir, adjusted: await adjust(handle) };
  } finally {
    await handle.close();
  }
}
