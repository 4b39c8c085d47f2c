// Admin trash → the deleted businesses still restorable (batches and newest entries, keyset-paged) and the restore
// action (by entries, a deletion batch, or all), which puts rows back, lifts their tombstones and writes one audit row.
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { countTrash, listTrashBatches, listTrashEntries, type TrashBatch, type TrashEntry } from "../../db/queries/trash.ts";
import { TRASH_RETENTION_DAYS } from "../../db/writes/trash.ts";
import { restoreBusinesses, type RestoreOutcome } from "../../ingest-cli/pipeline/maintenance/trash.ts";
import { NO_NUL } from "../../search/engine.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { adminDataError } from "./admin-businesses.server";
import { parseAdminBody } from "./admin-requests.server";

export const TRASH_PAGE_SIZE = 50;

export type { TrashBatch, TrashEntry };

export const TrashQuerySchema = z.object({
  beforeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  batch: z.string().trim().min(1).max(100).regex(NO_NUL).optional(),
});
export type TrashQuery = z.infer<typeof TrashQuerySchema>;

export function parseTrashQuery(params: URLSearchParams): TrashQuery {
  const parsed = TrashQuerySchema.safeParse(Object.fromEntries([...params].filter(([, value]) => value !== "")));
  if (!parsed.success) throw adminDataError(400, "INVALID_TRASH_QUERY", "Use beforeId (a whole number) and batch (a deletion batch id).");
  return parsed.data;
}

export interface AdminTrash {
  total: number;
  retentionDays: number;
  batches: TrashBatch[];
  entries: TrashEntry[];
  nextBeforeId: number | null;
}

export async function getAdminTrash(query: TrashQuery): Promise<AdminTrash> {
  const handle = await getDatabase();
  const [total, batches, page] = await Promise.all([
    countTrash(handle),
    listTrashBatches(handle, 20),
    listTrashEntries(handle, { limit: TRASH_PAGE_SIZE, beforeId: query.beforeId, batchId: query.batch }),
  ]);
  return { total, retentionDays: TRASH_RETENTION_DAYS, batches, entries: page.entries, nextBeforeId: page.nextBeforeId };
}

/** Exactly one of ids, batchId or all; dryRun reports without changing anything. */
export const RestoreRequestSchema = z
  .object({
    ids: z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(1000).optional(),
    batchId: z.string().trim().min(1).max(100).regex(NO_NUL).optional(),
    all: z.boolean().optional(),
    dryRun: z.boolean().optional(),
  })
  .refine((body) => [body.ids !== undefined, body.batchId !== undefined, body.all === true].filter(Boolean).length === 1, {
    message: "name exactly one of ids, batchId or all: true",
  });

export async function readRestoreRequest(request: Request): Promise<z.infer<typeof RestoreRequestSchema>> {
  return parseAdminBody(request, RestoreRequestSchema, "INVALID_RESTORE_REQUEST", 'Send JSON like {"ids":[12]}, {"batchId":"…"} or {"all":true}');
}

export async function restoreAdminTrash(context: AdminContext, body: z.infer<typeof RestoreRequestSchema>): Promise<RestoreOutcome> {
  const selection = body.all ? { all: true } : body.batchId !== undefined ? { batchId: body.batchId } : { ids: body.ids ?? [] };
  const result = await restoreBusinesses(await getDatabase(), selection, { dryRun: body.dryRun, recordCliAudit: false });
  if (!result.dryRun && result.restored > 0) {
    await recordAdminAction(context, "businesses.restore", {
      target: "businesses",
      rowCount: result.restored,
      details: { selection, sample: result.restoredIds.slice(0, 20), renamed: result.renamed.length, conflicts: result.conflicts.length },
    });
  }
  return result;
}
