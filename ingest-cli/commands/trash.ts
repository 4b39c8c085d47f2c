// `directory delete-all | restore`: every business to the trash (the count typed back as confirmation), and the trash
// listed or restored by entry, deletion batch or all (`--dry-run` first); results on stdout, JSON with --json.
import readline from "node:readline/promises";
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { countTrash, listTrashBatches, listTrashEntries } from "../../db/queries/trash.ts";
import { recordCliAuditEvent } from "../../db/writes/audit-log.ts";
import { liftTombstones, TRASH_RETENTION_DAYS } from "../../db/writes/trash.ts";
import { checkDeleteAllConfirmation, deleteEveryBusinessToTrash, restoreBusinesses } from "../pipeline/maintenance/trash.ts";
import { countAllBusinesses } from "../../db/queries/trash.ts";
import { getSearchEngine } from "../../search/index.ts";
import { announceSiteChange, CliError, parseOptions, printResult, wholeNumber } from "./shared.ts";

const DeleteAllOptionsSchema = z.object({
  confirm: z.string().trim().max(40).optional(),
  json: z.boolean().default(false),
});

const RestoreOptionsSchema = z
  .object({
    list: z.boolean().default(false),
    id: z
      .array(z.coerce.number({ error: "must be a trash entry id, e.g. --id 12" }).int().positive("must be a trash entry id, e.g. --id 12"))
      .optional(),
    batch: z.string().trim().min(1).max(100).optional(),
    all: z.boolean().default(false),
    lift: z.array(z.string().trim().min(1).max(300)).optional(),
    dryRun: z.boolean().default(false),
    limit: wholeNumber("--limit", 1, 1000, 20).default(20),
    json: z.boolean().default(false),
  })
  .refine((o) => o.list || [o.id !== undefined, o.batch !== undefined, o.all, o.lift !== undefined].filter(Boolean).length === 1, {
    message: "name exactly one of --id <n…>, --batch <id>, --all or --lift <key…> (or --list to see the trash)",
    path: ["restore"],
  });

/** Asks for the count on a terminal; without one the confirmation must come as --confirm. */
async function askForCount(count: number): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new CliError(
      "CONFIRMATION_REQUIRED",
      `Deleting all ${count} businesses needs a confirmation: pass --confirm ${count} when not running in a terminal.`,
    );
  }
  const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question(`Delete all ${count} businesses? They stay restorable for ${TRASH_RETENTION_DAYS} days. Type ${count} to confirm: `);
  } finally {
    prompt.close();
  }
}

async function runDeleteAll(raw: unknown): Promise<void> {
  const options = parseOptions(DeleteAllOptionsSchema, raw);
  try {
    const handle = await getDatabase();
    const confirmation = options.confirm ?? (await askForCount(await countAllBusinesses(handle)));
    await checkDeleteAllConfirmation(handle, confirmation);
    const { sample, ...result } = await deleteEveryBusinessToTrash(handle, "cli");
    if (result.deletedCount > 0) await announceSiteChange(handle);
    const engine = getSearchEngine();
    if (engine.name === "meilisearch") {
      await engine
        .reindex()
        .catch((error: unknown) => process.stderr.write(`search: reindex failed (${String(error)}); run \`directory reindex\`\n`));
    }
    await recordCliAuditEvent(handle, {
      action: "businesses.delete-all",
      target: "businesses",
      rowCount: result.deletedCount,
      details: { batchId: result.batchId, sample },
    });
    printResult(options.json, result, () => `${result.message}\nRestore them with: directory restore --batch ${result.batchId}`);
  } finally {
    await closeDatabase();
  }
}

async function runRestore(raw: unknown): Promise<void> {
  const options = parseOptions(RestoreOptionsSchema, raw);
  try {
    const handle = await getDatabase();
    if (options.list) {
      const [total, batches, page] = await Promise.all([
        countTrash(handle),
        listTrashBatches(handle, options.limit),
        listTrashEntries(handle, { limit: options.limit, batchId: options.batch }),
      ]);
      const report = { total, retentionDays: TRASH_RETENTION_DAYS, batches, entries: page.entries };
      printResult(options.json, report, () => {
        if (total === 0) return "The trash is empty.";
        const lines = [`${total} deleted businesses in the trash (kept ${TRASH_RETENTION_DAYS} days). Deletion batches:`];
        for (const b of batches)
          lines.push(`  ${b.batchId}  ${b.reason.padEnd(13)} ${String(b.count).padStart(7)} by ${b.deletedBy} at ${b.deletedAt}`);
        lines.push("Newest entries:");
        for (const e of page.entries)
          lines.push(`  #${e.id}  "${e.name}" (${e.slug}${e.city ? `, ${e.city}` : ""}) ${e.reason} by ${e.deletedBy} at ${e.deletedAt}`);
        lines.push("Restore with: directory restore --id <n> | --batch <id> | --all  (add --dry-run to see first)");
        return lines.join("\n");
      });
      return;
    }
    if (options.lift) {
      const lifted = await liftTombstones(handle, options.lift);
      if (lifted.lifted.length > 0)
        await recordCliAuditEvent(handle, {
          action: "businesses.lift-tombstones",
          target: "business_tombstones",
          rowCount: lifted.lifted.length,
          details: { identities: lifted.lifted.slice(0, 20) },
        });
      printResult(options.json, lifted, () => {
        const count = lifted.lifted.length;
        const lines = [
          count === 0
            ? "Lifted no re-import block: nothing changed (see below)."
            : `Lifted ${count} re-import ${count === 1 ? "block" : "blocks"}: the next import may bring ${count === 1 ? "it" : "them"} back.`,
        ];
        for (const entry of lifted.inTrash)
          lines.push(`  ${entry.identityKey}: still in the trash; restore it with: directory restore --id ${entry.trashId}`);
        for (const key of lifted.unknown) lines.push(`  ${key}: no deleted business has this identity`);
        return lines.join("\n");
      });
      if (lifted.lifted.length === 0) process.exitCode = 1;
      return;
    }
    const selection = options.all ? { all: true } : options.batch !== undefined ? { batchId: options.batch } : { ids: options.id ?? [] };
    const result = await restoreBusinesses(handle, selection, { dryRun: options.dryRun });
    if (!result.dryRun && result.restored > 0) await announceSiteChange(handle);
    printResult(options.json, result, () => {
      const lines = [result.message];
      for (const r of result.renamed.slice(0, 10)) lines.push(`  #${r.id}: slug ${r.from} was taken; now ${r.to}`);
      for (const c of result.conflicts.slice(0, 10)) lines.push(`  trash #${c.trashId} "${c.name}": not restored, ${c.reason}`);
      if (result.dryRun) lines.push("Nothing was changed (--dry-run).");
      return lines.join("\n");
    });
  } finally {
    await closeDatabase();
  }
}

export function register(program: Command): void {
  program
    .command("delete-all")
    .description(`Move every business to the trash (restorable for ${TRASH_RETENTION_DAYS} days; re-imports do not bring them back)`)
    .option("--confirm <count>", "the number of businesses, typed back as confirmation (asked for in a terminal)")
    .option("--json", "print the result as JSON")
    .action(runDeleteAll);

  program
    .command("restore")
    .description(`List the trash or restore deleted businesses (kept ${TRASH_RETENTION_DAYS} days) by entry, deletion batch or all`)
    .option("--list", "list the deletion batches and the newest entries")
    .option("--id <n...>", "trash entry ids to restore (see --list)")
    .option("--batch <id>", "restore one deletion batch (see --list)")
    .option("--all", "restore everything in the trash")
    .option("--lift <key...>", "let the next import bring back businesses deleted past the restore window (place ids or identity keys)")
    .option("--dry-run", "report what would be restored; change nothing")
    .option("--limit <n>", "how many batches and entries --list shows", "20")
    .option("--json", "print the result as JSON")
    .action(runRestore);
}
