// Every business, in id-ordered batches → canonical slugs with redirects from the old ones; each batch commits
// with its checkpoint, so an interrupted run resumes after the last committed batch and a finished run clears it.
// A batch that changed slugs is re-sent to an external search index (its documents carry the slug).
import type { DatabaseHandle } from "../../../db/client.ts";
import { listBusinessIdsInRange } from "../../../db/queries/search-documents.ts";
import { countBusinessesAfter, readSlugFixCheckpoint } from "../../../db/queries/slugs.ts";
import { AUDIT_SAMPLE_SIZE } from "../../../db/writes/audit-log.ts";
import { clearSlugFixCheckpoint, fixSlugBatch } from "../../../db/writes/slugs.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { getSearchEngine } from "../../../search/index.ts";
import { needsIndexSync, syncBusinessesById } from "../../../search/reindex.ts";
import { yieldToEventLoop } from "../event-loop.ts";

export const DEFAULT_SLUG_BATCH_SIZE = 1000;

export interface FixSlugsProgress {
  /** Businesses handled, including those of the interrupted runs this one resumes. */
  processed: number;
  /** Slugs changed by this run. */
  changed: number;
  total: number;
}

export interface FixSlugsOptions {
  batchSize?: number;
  onProgress?: (progress: FixSlugsProgress) => void;
  /** Checked between batches: an abort stops after the last committed batch (the checkpoint stays). */
  signal?: AbortSignal;
  /** Continue after the checkpoint of an interrupted run (default); false starts from the first business. */
  resume?: boolean;
  /** The engine to keep current (default: the process's engine from the environment). */
  searchEngine?: SearchEngine;
}

/** The spec's slug-fix result. */
export interface FixSlugsResult {
  success: boolean;
  /** Slugs changed by this run. */
  successCount: number;
  checkpointEnabled: true;
  /** Businesses handled, including those of the interrupted runs this one resumed. */
  totalProcessed: number;
  message: string;
  /** The id this run continued after, or null when it started from the beginning. */
  resumedAfterId: number | null;
}

/** The result and what the audit entry names: the first slugs this run changed (at most AUDIT_SAMPLE_SIZE). */
export interface FixSlugsOutcome extends FixSlugsResult {
  sample: Array<{ id: number; before: string; after: string }>;
}

export async function fixSlugs(handle: DatabaseHandle, options: FixSlugsOptions = {}): Promise<FixSlugsOutcome> {
  const batchSize = options.batchSize ?? DEFAULT_SLUG_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a whole number ≥ 1, got ${batchSize}`);
  if (options.resume === false) await clearSlugFixCheckpoint(handle);
  const checkpoint = await readSlugFixCheckpoint(handle);
  let lastId = checkpoint?.lastId ?? 0;
  let processed = checkpoint?.processed ?? 0;
  let changed = 0;
  const sample: FixSlugsOutcome["sample"] = [];
  const total = processed + (await countBusinessesAfter(handle, lastId));
  options.onProgress?.({ processed, changed, total });
  const engine = options.searchEngine ?? getSearchEngine();

  for (;;) {
    await yieldToEventLoop();
    options.signal?.throwIfAborted();
    const batch = await fixSlugBatch(handle, { afterId: lastId, limit: batchSize });
    if (batch.rows === 0) break;
    // NOTE: the batch reports how many slugs changed, not which: the whole id range is re-sent (only when needed).
    if (batch.changed > 0 && needsIndexSync(engine)) await syncBusinessesById(await listBusinessIdsInRange(handle, lastId, batch.lastId), engine);
    lastId = batch.lastId;
    processed = batch.processed;
    changed += batch.changed;
    for (const change of batch.changes.slice(0, AUDIT_SAMPLE_SIZE - sample.length))
      sample.push({ id: change.id, before: change.oldSlug, after: change.slug });
    options.onProgress?.({ processed, changed, total: Math.max(total, processed) });
    if (batch.rows < batchSize) break;
  }
  await clearSlugFixCheckpoint(handle);

  const resumed = checkpoint ? ` (resumed after business #${checkpoint.lastId})` : "";
  return {
    success: true,
    successCount: changed,
    checkpointEnabled: true,
    totalProcessed: processed,
    message:
      changed === 0
        ? `All ${processed} business slugs were already canonical${resumed}.`
        : `Fixed ${changed} of ${processed} business slugs; the old ones redirect to the new${resumed}.`,
    resumedAfterId: checkpoint?.lastId ?? null,
    sample,
  };
}
