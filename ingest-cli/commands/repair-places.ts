// `directory repair-places`: options → the place repair in pipeline/maintenance (checkpointed, resumable), progress on
// stderr, the result on stdout; --dry-run only counts what would change.
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { DEFAULT_REPAIR_BATCH_SIZE, PLACE_ASPECTS, repairPlaces, type RepairPlacesResult } from "../pipeline/maintenance/repair-places.ts";
import { announceSiteChange, CliError, interruptible, parseOptions, printResult, wholeNumber } from "./shared.ts";
import { createProgress } from "./progress.ts";

const RepairPlacesOptionsSchema = z.object({
  dryRun: z.boolean().default(false),
  batchSize: wholeNumber("--batch-size", 1, 5000, DEFAULT_REPAIR_BATCH_SIZE).default(DEFAULT_REPAIR_BATCH_SIZE),
  restart: z.boolean().default(false),
  json: z.boolean().default(false),
});

function describeRepair(result: RepairPlacesResult): string {
  const lines = [result.message];
  if (result.changed > 0) lines.push(`  by field: ${PLACE_ASPECTS.map((aspect) => `${aspect} ${result.byAspect[aspect]}`).join(", ")}`);
  for (const change of result.sample) {
    const fields = Object.keys(change.after) as Array<keyof typeof change.after>;
    const parts = fields.map((field) => `${field} ${JSON.stringify(change.before[field] ?? null)} → ${JSON.stringify(change.after[field] ?? null)}`);
    lines.push(`  #${change.id} ${change.name}: ${parts.join(", ")}`);
  }
  return lines.join("\n");
}

async function runRepairPlaces(raw: unknown): Promise<void> {
  const options = parseOptions(RepairPlacesOptionsSchema, raw);
  const stop = interruptible();
  try {
    const handle = await getDatabase();
    let progress: { bar: ReturnType<typeof createProgress>; from: number } | undefined;
    let processed = 0;
    const result = await repairPlaces(handle, {
      dryRun: options.dryRun,
      batchSize: options.batchSize,
      resume: !options.restart,
      signal: stop.signal,
      onProgress: (p) => {
        processed = p.processed;
        progress ??= { bar: createProgress("repair-places", p.total - p.processed), from: p.processed };
        progress.bar.update(p.processed - progress.from);
      },
    }).catch(async (error: unknown) => {
      if (stop.signal.aborted) {
        // The finished batches' places are on the site already.
        if (!options.dryRun && processed > 0) await announceSiteChange(handle);
        throw new CliError(
          "INTERRUPTED",
          options.dryRun
            ? `Stopped after ${processed} businesses; a dry run writes nothing.`
            : `Stopped after ${processed} businesses; every finished batch is saved. Run \`directory repair-places\` again to continue.`,
        );
      }
      throw error;
    });
    if (!result.dryRun && result.changed > 0) await announceSiteChange(handle);
    progress?.bar.finish(result.processed - progress.from);
    printResult(options.json, result, () => describeRepair(result));
  } finally {
    stop.release();
    await closeDatabase();
  }
}

export function register(program: Command): void {
  program
    .command("repair-places")
    .description(
      "Re-resolve every stored business's country, city, coordinates and time zone with today's import rules; counts, search and slugs follow (resumes after an interruption)",
    )
    .option("--dry-run", "count what would change and show a sample; write nothing")
    .option("--batch-size <n>", "businesses per transaction", String(DEFAULT_REPAIR_BATCH_SIZE))
    .option("--restart", "ignore the checkpoint of an interrupted run and start from the first business")
    .option("--json", "print the result as JSON")
    .action(runRepairPlaces);
}
