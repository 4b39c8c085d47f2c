// Businesses marked is_test → deleted (their redirects cascade), aggregates refreshed, one audit row; real
// businesses are never touched. Returns the spec's test-data deletion result.
import type { DatabaseHandle } from "../../../db/client.ts";
import { refreshAggregates } from "../../../db/writes/aggregates.ts";
import { deleteTestBusinesses } from "../../../db/writes/businesses.ts";
import { recordCliAuditEvent } from "../../../db/writes/audit-log.ts";

export interface DeleteTestDataResult {
  success: boolean;
  deletedCount: number;
  message: string;
}

export interface DeleteTestDataOptions {
  /** Write the CLI's audit row (default); the admin records its own, naming the administrator. */
  recordCliAudit?: boolean;
}

export async function deleteTestData(handle: DatabaseHandle, options: DeleteTestDataOptions = {}): Promise<DeleteTestDataResult> {
  const deletedCount = await deleteTestBusinesses(handle);
  if (deletedCount > 0) await refreshAggregates(handle);
  if (options.recordCliAudit ?? true) await recordCliAuditEvent(handle, { action: "test-data.delete", target: "businesses", rowCount: deletedCount });
  return {
    success: true,
    deletedCount,
    message: deletedCount === 0 ? "There was no test data to delete." : `Deleted ${deletedCount} test businesses.`,
  };
}
