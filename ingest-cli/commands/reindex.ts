// `directory reindex [--json]`: rebuild the search index from PostgreSQL (Meilisearch: new index + swap;
// PostgreSQL engine: refresh aggregates and statistics), progress on stderr, the result on stdout.
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { describeError } from "../../search/index.ts";
import { reindexSearch } from "../../search/reindex.ts";
import { CliError, parseOptions, printResult } from "./shared.ts";
import { createProgress } from "./progress.ts";

const ReindexOptionsSchema = z.object({ json: z.boolean().default(false) });

export function register(program: Command): void {
  program
    .command("reindex")
    .description("Rebuild the search index from PostgreSQL (Meilisearch when MEILI_URL is set: a new index swapped in with no downtime)")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      const options = parseOptions(ReindexOptionsSchema, raw);
      const env = getEnv();
      try {
        const handle = await getDatabase();
        const bar: { progress?: ReturnType<typeof createProgress>; done: number } = { done: 0 };
        const report = await reindexSearch({
          handle,
          meiliUrl: env.MEILI_URL,
          meiliApiKey: env.MEILI_API_KEY,
          onProgress: (done, total) => {
            bar.progress ??= createProgress("reindex", total);
            bar.progress.update(done);
            bar.done = done;
          },
        }).catch((error: unknown) => {
          if (!env.MEILI_URL) throw error;
          const reason = describeError(error);
          throw new CliError(
            "SEARCH_REINDEX_FAILED",
            `Meilisearch at ${env.MEILI_URL} could not be rebuilt (${reason}). The current index is untouched; fix the server or MEILI_URL and run \`directory reindex\` again.`,
          );
        });
        bar.progress?.finish(bar.done);
        printResult(options.json, report, () => report.message);
      } finally {
        await closeDatabase();
      }
    });
}
