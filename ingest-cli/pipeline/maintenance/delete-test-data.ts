// Businesses marked is_test → moved to the trash with tombstones (a re-import does not bring them back), aggregates
// refreshed, dropped from an external search index, one audit row; real businesses are never touched. Returns the spec's test-data deletion result.
import type { DatabaseHandle } from "../../../db/client.ts";
import { listTestBusinessIds } from "../../../db/queries/search-documents.ts";
import { refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { deleteTestBusinesses } from "../../../db/writes/businesses.ts";
import { recordCliAuditEvent } from "../../../db/writes/audit-log.ts";
import type { TrashedSample } from "../../../db/writes/trash.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { getSearchEngine } from "../../../search/index.ts";
import { needsIndexSync, removeBusinessesFromIndex } from "../../../search/reindex.ts";

export interface DeleteTestDataResult {
  success: boolean;
  deletedCount: number;
  message: string;
}

/** The result and what the audit entry names: the first deleted businesses (id, slug, name; at most 20). */
export interface DeleteTestDataOutcome extends DeleteTestDataResult {
  sample: TrashedSample[];
}

export interface DeleteTestDataOptions {
  /** Write the CLI's audit row (default); the admin records its own, naming the administrator. */
  recordCliAudit?: boolean;
  /** Who deletes, kept with the trash entries: "cli" unless an administrator's name is given. */
  deletedBy?: string;
  searchEngine?: SearchEngine;
}

export async function deleteTestData(handle: DatabaseHandle, options: DeleteTestDataOptions = {}): Promise<DeleteTestDataOutcome> {
  const engine = options.searchEngine ?? getSearchEngine();
  // The ids are read first: afterwards the rows are gone. A test row written in between stays in the external
  // index until the next reindex, and searches never show it (candidates are re-read from PostgreSQL).
  const testIds = needsIndexSync(engine) ? await listTestBusinessIds(handle) : [];
  const { count: deletedCount, sample } = await deleteTestBusinesses(handle, options.deletedBy ?? "cli");
  if (deletedCount > 0) await refreshAfterBulkChange(handle, deletedCount);
  if (testIds.length > 0) await removeBusinessesFromIndex(testIds, engine);
  if (options.recordCliAudit ?? true) {
    await recordCliAuditEvent(handle, { action: "test-data.delete", target: "businesses", rowCount: deletedCount, details: { sample } });
  }
  return {
    success: true,
    deletedCount,
    sample,
    message: deletedCount === 0 ? "There was no test data to delete." : `Deleted ${deletedCount} test businesses.`,
  };
}
