// `directory fix-slugs | dedupe | delete-test-data`: options → the maintenance jobs in pipeline/maintenance,
// progress on stderr and the result on stdout; destructive work needs --apply (or an explicit --merge) or a confirmation.
import readline from "node:readline/promises";
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { listBusinessSummaries, type BusinessSummary } from "../../db/queries/duplicates.ts";
import { getDatabaseStats } from "../../db/queries/stats.ts";
import { recordCliAuditEvent } from "../../db/writes/audit-log.ts";
import { deleteTestData } from "../pipeline/maintenance/delete-test-data.ts";
import {
  DUPLICATE_REASONS,
  findDuplicates,
  forceMerge,
  mergeDuplicates,
  undoMerge,
  type DuplicateGroup,
  type DuplicateReason,
  type MergeResult,
} from "../pipeline/maintenance/dedupe.ts";
import { DEFAULT_SLUG_BATCH_SIZE, fixSlugs } from "../pipeline/maintenance/fix-slugs.ts";
import { announceSiteChange, CliError, interruptible, parseOptions, printResult, wholeNumber } from "./shared.ts";
import { createProgress } from "./progress.ts";

const FixSlugsOptionsSchema = z.object({
  batchSize: wholeNumber("--batch-size", 1, 5000, DEFAULT_SLUG_BATCH_SIZE).default(DEFAULT_SLUG_BATCH_SIZE),
  restart: z.boolean().default(false),
  json: z.boolean().default(false),
});

const businessId = z.coerce
  .number({ error: "must be a business id, e.g. --merge 12 34" })
  .int("must be a business id, e.g. --merge 12 34")
  .positive("must be a business id, e.g. --merge 12 34");

const DedupeOptionsSchema = z.object({
  apply: z.boolean().default(false),
  limit: wholeNumber("--limit", 0, 10_000, 20).default(10),
  json: z.boolean().default(false),
  merge: z.array(businessId).length(2, "takes two ids: the business to keep, then the one to merge into it, e.g. --merge 12 34").optional(),
  undo: wholeNumber("--undo", 1, Number.MAX_SAFE_INTEGER, 7).optional(),
});

const DeleteTestDataOptionsSchema = z.object({
  yes: z.boolean().default(false),
  json: z.boolean().default(false),
});

async function runFixSlugs(raw: unknown): Promise<void> {
  const options = parseOptions(FixSlugsOptionsSchema, raw);
  const stop = interruptible();
  try {
    const handle = await getDatabase();
    // The bar counts this run's businesses: a resumed run starts at the checkpoint, not at zero.
    let progress: { bar: ReturnType<typeof createProgress>; from: number } | undefined;
    let processed = 0;
    const { sample, ...result } = await fixSlugs(handle, {
      batchSize: options.batchSize,
      resume: !options.restart,
      signal: stop.signal,
      onProgress: (p) => {
        processed = p.processed;
        progress ??= { bar: createProgress("fix-slugs", p.total - p.processed), from: p.processed };
        progress.bar.update(p.processed - progress.from);
      },
    }).catch(async (error: unknown) => {
      if (stop.signal.aborted) {
        // The finished batches' new slugs are on the site already.
        if (processed > 0) await announceSiteChange(handle);
        throw new CliError(
          "INTERRUPTED",
          `Stopped after ${processed} businesses; every finished batch is saved. Run \`directory fix-slugs\` again to continue.`,
        );
      }
      throw error;
    });
    if (result.successCount > 0) await announceSiteChange(handle);
    progress?.bar.finish(result.totalProcessed - progress.from);
    await recordCliAuditEvent(handle, {
      action: "slugs.fix",
      target: "businesses",
      rowCount: result.successCount,
      details: { totalProcessed: result.totalProcessed, resumedAfterId: result.resumedAfterId, sample },
    });
    printResult(options.json, result, () => result.message);
  } finally {
    stop.release();
    await closeDatabase();
  }
}

type SampledGroup = DuplicateGroup & { businesses: BusinessSummary[] };

interface DedupeReport {
  applied: boolean;
  /** Groups merged (or to merge, without --apply); groups up for review are not among them. */
  groups: number;
  /** Businesses that merging removes (or removed, with --apply). */
  duplicates: number;
  byReason: Record<DuplicateReason, { groups: number; duplicates: number }>;
  sample: SampledGroup[];
  /** Groups whose rows hold different place ids: never merged automatically. */
  review: { groups: number; sample: SampledGroup[] };
  merge: MergeResult | null;
}

function label(business: BusinessSummary | undefined, id: number): string {
  return business ? `#${id} "${business.name}" (${business.slug}${business.city ? `, ${business.city}` : ""})` : `#${id}`;
}

function describeDedupe(report: DedupeReport): string {
  if (report.groups === 0 && report.review.groups === 0) return "No duplicate businesses found.";
  const lines: string[] = [];
  if (report.groups === 0) lines.push("No duplicate businesses to merge automatically.");
  else {
    lines.push(
      `${report.applied ? "Merged" : "Found"} ${report.groups} duplicate groups (${report.duplicates} businesses ${report.applied ? "removed" : "to remove"}):`,
      ...DUPLICATE_REASONS.map((reason) => `  ${reason}: ${report.byReason[reason].groups} groups, ${report.byReason[reason].duplicates} duplicates`),
    );
    if (report.sample.length > 0) lines.push(report.applied ? "Sample (as found before merging):" : "Sample:");
    for (const group of report.sample) {
      const byId = new Map(group.businesses.map((business) => [business.id, business]));
      const others = group.ids.filter((id) => id !== group.keep).map((id) => label(byId.get(id), id));
      lines.push(`  [${group.reason}] keep ${label(byId.get(group.keep), group.keep)} ← ${others.join(", ")}`);
    }
    if (report.groups > report.sample.length) lines.push(`  ... and ${report.groups - report.sample.length} more groups (raise --limit to see them)`);
  }
  if (report.review.groups > 0) {
    lines.push(`${report.review.groups} groups need review: their rows hold different place ids, so they are never merged automatically:`);
    for (const group of report.review.sample) {
      const byId = new Map(group.businesses.map((business) => [business.id, business]));
      const members = group.ids.map((id) => {
        const business = byId.get(id);
        return `${label(business, id)} place id ${business?.placeId ?? "none"}, phone ${business?.phone ?? "none"}`;
      });
      lines.push(`  [${group.reason}] ${members.join(" ↔ ")}`);
    }
    if (report.review.groups > report.review.sample.length)
      lines.push(`  ... and ${report.review.groups - report.review.sample.length} more (raise --limit)`);
    lines.push("  If two are one place, merge them explicitly: directory dedupe --merge <keepId> <otherId>");
  }
  if (report.merge && report.merge.skipped > 0) lines.push(`${report.merge.skipped} groups were skipped: their rows changed since they were found.`);
  if (report.merge && report.merge.merges.length > 0) {
    lines.push(
      `Merge ids (undo one with directory dedupe --undo <mergeId>): ${report.merge.merges.map((m) => `#${m.mergeId} (#${m.mergedId} → #${m.survivorId})`).join(", ")}`,
    );
  }
  if (!report.applied && report.groups > 0) lines.push("Nothing was changed; run again with --apply to merge them.");
  return lines.join("\n");
}

async function sampleGroups(handle: Awaited<ReturnType<typeof getDatabase>>, groups: DuplicateGroup[]): Promise<SampledGroup[]> {
  const summaries = await listBusinessSummaries(
    handle,
    groups.flatMap((group) => group.ids),
  );
  return groups.map((group) => ({ ...group, businesses: summaries.filter((business) => group.ids.includes(business.id)) }));
}

async function runDedupe(raw: unknown): Promise<void> {
  const options = parseOptions(DedupeOptionsSchema, raw);
  if ([options.apply, options.merge !== undefined, options.undo !== undefined].filter(Boolean).length > 1) {
    throw new CliError("INVALID_OPTION", "Use one of --apply, --merge <keepId> <otherId> or --undo <mergeId> at a time.");
  }
  const stop = interruptible();
  try {
    const handle = await getDatabase();
    if (options.merge) {
      const [keep, other] = options.merge as [number, number];
      const merged = await forceMerge(handle, keep, other);
      await announceSiteChange(handle);
      printResult(
        options.json,
        merged,
        () =>
          `Merged #${other} into #${keep} (merge #${merged.mergeId}${merged.conflicts.length > 0 ? `; conflicting values kept in the merge record: ${merged.conflicts.join(", ")}` : ""}). Undo with: directory dedupe --undo ${merged.mergeId}`,
      );
      return;
    }
    if (options.undo !== undefined) {
      const undone = await undoMerge(handle, options.undo);
      await announceSiteChange(handle);
      printResult(
        options.json,
        undone,
        () =>
          `Undid merge #${undone.mergeId}: #${undone.restoredId} is back (${undone.restoredSlug}); #${undone.survivorId} reverted ${undone.reverted.length} fields${undone.keptChanged.length > 0 ? ` and kept ${undone.keptChanged.join(", ")} (changed since the merge)` : ""}.`,
      );
      return;
    }
    process.stderr.write("dedupe: looking for duplicates…\n");
    const found = await findDuplicates(handle);
    const groups = found.filter((group) => !group.review);
    const review = found.filter((group) => group.review);
    const byReason = Object.fromEntries(DUPLICATE_REASONS.map((reason) => [reason, { groups: 0, duplicates: 0 }])) as DedupeReport["byReason"];
    for (const group of groups) {
      byReason[group.reason].groups++;
      byReason[group.reason].duplicates += group.ids.length - 1;
    }
    const sample = await sampleGroups(handle, groups.slice(0, options.limit));
    const reviewSample = await sampleGroups(handle, review.slice(0, options.limit));

    let merge: MergeResult | null = null;
    if (options.apply && groups.length > 0) {
      const progress = createProgress("dedupe", groups.length);
      merge = await mergeDuplicates(handle, found, { signal: stop.signal, onProgress: (p) => progress.update(p.done) }).catch(
        async (error: unknown) => {
          if (stop.signal.aborted) {
            await announceSiteChange(handle);
            throw new CliError("INTERRUPTED", "Stopped; the groups merged so far are saved. Run `directory dedupe --apply` again for the rest.");
          }
          throw error;
        },
      );
      if (merge.merged > 0) await announceSiteChange(handle);
      progress.finish(merge.merged + merge.skipped);
    }
    const report: DedupeReport = {
      applied: options.apply,
      groups: groups.length,
      duplicates: merge ? merge.removed : groups.reduce((sum, group) => sum + group.ids.length - 1, 0),
      byReason,
      sample,
      review: { groups: review.length, sample: reviewSample },
      merge,
    };
    printResult(options.json, report, () => describeDedupe(report));
  } finally {
    stop.release();
    await closeDatabase();
  }
}

async function confirm(question: string): Promise<boolean> {
  const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

async function runDeleteTestData(raw: unknown): Promise<void> {
  const options = parseOptions(DeleteTestDataOptionsSchema, raw);
  if (!options.yes && !process.stdin.isTTY) {
    throw new CliError("CONFIRMATION_REQUIRED", "Deleting test data cannot be undone; pass --yes to confirm when not running in a terminal.");
  }
  try {
    const handle = await getDatabase();
    if (!options.yes) {
      const { testData } = await getDatabaseStats(handle);
      if (testData === 0) {
        printResult(
          options.json,
          { success: true, deletedCount: 0, message: "There was no test data to delete." },
          () => "There was no test data to delete.",
        );
        return;
      }
      if (!(await confirm(`Delete ${testData} test businesses from ${handle.location}? This cannot be undone. [y/N] `))) {
        throw new CliError("CANCELLED", "Nothing was deleted.");
      }
    }
    // The sample goes to the audit entry; the printed result keeps the spec's shape.
    const { sample: _sample, ...result } = await deleteTestData(handle);
    if (result.deletedCount > 0) await announceSiteChange(handle);
    printResult(options.json, result, () => result.message);
  } finally {
    await closeDatabase();
  }
}

export function register(program: Command): void {
  program
    .command("fix-slugs")
    .description("Give every business its canonical slug (name-city), keeping old slugs as redirects; resumes after an interruption")
    .option("--batch-size <n>", "businesses per transaction", String(DEFAULT_SLUG_BATCH_SIZE))
    .option("--restart", "ignore the checkpoint of an interrupted run and start from the first business")
    .option("--json", "print the result as JSON")
    .action(runFixSlugs);

  program
    .command("dedupe")
    .description(
      "Report duplicate businesses (same place id, same name and address, same name within 50 m); --apply merges them, except rows with different place ids (listed for review)",
    )
    .option("--apply", "merge each group into its richest record (removed slugs and identities lead to it; each merge can be undone)")
    .option("--merge <ids...>", "merge one business into another explicitly, even with different place ids: --merge <keepId> <otherId>")
    .option("--undo <mergeId>", "undo one merge: the merged business comes back and the kept one loses what the merge filled")
    .option("--limit <n>", "how many groups to show", "10")
    .option("--json", "print the result as JSON")
    .action(runDedupe);

  program
    .command("delete-test-data")
    .description("Delete every business marked as test data (asks first in a terminal)")
    .option("--yes", "do not ask for confirmation")
    .option("--json", "print the result as JSON")
    .action(runDeleteTestData);
}
