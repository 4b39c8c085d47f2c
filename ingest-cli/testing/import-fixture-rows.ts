// Test fixtures → the production write path (importRows), failing the test when a fixture row is refused.
import type { DatabaseHandle } from "../../db/client.ts";
import { importRows, type ImportRowsOptions, type ImportRowsResult } from "../pipeline/import/import-rows.ts";

/** importRows, but a refused fixture row is a broken test: throw with the reasons. */
export async function importFixtureRows(
  handle: DatabaseHandle,
  rows: Iterable<Record<string, unknown>>,
  options: ImportRowsOptions = {},
): Promise<ImportRowsResult> {
  const result = await importRows(handle, rows, { source: "test-fixture", ...options });
  if (result.rejected > 0) throw new Error(`fixture rows refused: ${JSON.stringify(result.rejectedRows)}`);
  return result;
}
