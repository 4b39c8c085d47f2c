// Delete-all and restore as operator actions → the trash write, the counts rebuilt, the external search index told,
// one audit row; shared by `directory delete-all | restore` and the admin. Delete-all needs the count typed back.
import type { DatabaseHandle } from "../../../db/client.ts";
import { countAllBusinesses } from "../../../db/queries/trash.ts";
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import { refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { deleteAllBusinesses } from "../../../db/writes/admin-businesses.ts";
import { recordCliAuditEvent } from "../../../db/writes/audit-log.ts";
import { restoreFromTrash, TRASH_RETENTION_DAYS, type RestoreResult, type TrashedSample, type TrashSelection } from "../../../db/writes/trash.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { getSearchEngine } from "../../../search/index.ts";
import { needsIndexSync, syncBusinessesById } from "../../../search/reindex.ts";

export interface DeleteAllResult {
  success: boolean;
  deletedCount: number;
  /** The deletion batch: `directory restore --batch <id>` puts every business back. */
  batchId: string;
  message: string;
}

/**
 * The typed confirmation of delete-all: the number of businesses, exactly as there are now. A stale number (someone
 * imported meanwhile) is refused as well, so what is deleted is what the operator saw.
 */
export async function checkDeleteAllConfirmation(handle: DatabaseHandle, confirmation: string | undefined): Promise<number> {
  const count = await countAllBusinesses(handle);
  if (confirmation === undefined || confirmation.trim() === "") {
    throw new DirectoryError(
      "CONFIRMATION_REQUIRED",
      `Deleting all ${count} businesses needs the count typed back as confirmation (confirm=${count}); deleted businesses stay restorable for ${TRASH_RETENTION_DAYS} days.`,
    );
  }
  if (confirmation.trim() !== String(count)) {
    throw new DirectoryError(
      "CONFIRMATION_MISMATCH",
      `The confirmation "${confirmation.trim().slice(0, 40)}" is not the number of businesses (${count}); type ${count} to delete them all.`,
    );
  }
  return count;
}

/** The result and what the audit entry names: the first deleted businesses (id, slug, name; at most 20). */
export interface DeleteAllOutcome extends DeleteAllResult {
  sample: TrashedSample[];
}

/** Moves every business to the trash (one deletion batch) and rebuilds the counts; the caller updates search. */
export async function deleteEveryBusinessToTrash(handle: DatabaseHandle, deletedBy: string): Promise<DeleteAllOutcome> {
  const { count, batchId, sample } = await deleteAllBusinesses(handle, deletedBy);
  return {
    success: true,
    deletedCount: count,
    batchId,
    sample,
    message: `Deleted all ${count} businesses. They stay in the trash for ${TRASH_RETENTION_DAYS} days (deletion batch ${batchId}).`,
  };
}

export interface RestoreOutcome extends RestoreResult {
  success: boolean;
  message: string;
}

function describeRestore(result: RestoreResult): string {
  const verb = result.dryRun ? "Would restore" : "Restored";
  const parts = [`${verb} ${result.restored} ${result.restored === 1 ? "business" : "businesses"}`];
  if (result.renamed.length > 0) parts.push(`${result.renamed.length} with a new slug (theirs was taken meanwhile)`);
  if (result.conflicts.length > 0) parts.push(`${result.conflicts.length} left in the trash (their identity is held by another business)`);
  return `${parts.join("; ")}.`;
}

/** Restores trash entries, then the counts and the external search index follow; `dryRun` changes nothing. */
export async function restoreBusinesses(
  handle: DatabaseHandle,
  selection: TrashSelection,
  options: { dryRun?: boolean; recordCliAudit?: boolean; searchEngine?: SearchEngine } = {},
): Promise<RestoreOutcome> {
  const result = await restoreFromTrash(handle, selection, { dryRun: options.dryRun });
  if (!result.dryRun && result.restored > 0) {
    await refreshAfterBulkChange(handle, result.restored);
    const engine = options.searchEngine ?? getSearchEngine();
    if (needsIndexSync(engine)) {
      await syncBusinessesById(result.restoredIds, engine).catch((error: unknown) =>
        console.warn(`search: index update after a restore failed (${String(error)}); run \`directory reindex\``),
      );
    }
    if (options.recordCliAudit ?? true) {
      await recordCliAuditEvent(handle, {
        action: "businesses.restore",
        target: "businesses",
        rowCount: result.restored,
        details: { selection, sample: result.restoredIds.slice(0, 20) },
      });
    }
  }
  return { ...result, success: true, message: describeRestore(result) };
}
