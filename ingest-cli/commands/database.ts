// `directory migrate | seed | stats`: bring the schema up to date, load demo data, and report what is stored.
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { getDatabaseStats } from "../../db/queries/stats.ts";
import { countBusinesses, DEMO_ROWS, DEMO_SEED, seedDemoData } from "../pipeline/demo-seed.ts";
import { announceSiteChange, CliError, parseOptions, printResult, wholeNumber } from "./shared.ts";

const JsonOptionSchema = z.object({ json: z.boolean().default(false) });

const SeedOptionsSchema = JsonOptionSchema.extend({
  rows: wholeNumber("--rows", 1, 100_000, DEMO_ROWS).default(DEMO_ROWS),
  seed: z.coerce.number({ error: "must be a whole number, e.g. --seed 42" }).int("must be a whole number, e.g. --seed 42").default(DEMO_SEED),
  force: z.boolean().default(false),
});

export function register(program: Command): void {
  program
    .command("migrate")
    .description("Apply pending database migrations (safe to run any time; several processes wait for each other)")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      const options = parseOptions(JsonOptionSchema, raw);
      try {
        const handle = await getDatabase();
        const rows = await handle.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
        printResult(
          options.json,
          { driver: handle.driver, location: handle.location, migrations: rows[0]?.n ?? 0 },
          () => `Migrations applied on ${handle.driver} (${handle.location}): ${rows[0]?.n ?? 0} in total.`,
        );
      } finally {
        await closeDatabase();
      }
    });

  program
    .command("seed")
    .description("Load generated demo businesses (marked as test data) into an empty database")
    .option("--rows <n>", "how many demo businesses", String(DEMO_ROWS))
    .option("--seed <n>", "random seed for the generator", String(DEMO_SEED))
    .option("--force", "seed even when the database already has businesses")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      const options = parseOptions(SeedOptionsSchema, raw);
      try {
        const handle = await getDatabase();
        const existing = await countBusinesses(handle);
        if (existing > 0 && !options.force) {
          throw new CliError("DATABASE_NOT_EMPTY", `The database already holds ${existing} businesses; pass --force to add demo data anyway.`);
        }
        const result = await seedDemoData(handle, { rows: options.rows, seed: options.seed });
        if (result.inserted + result.updated > 0) await announceSiteChange(handle);
        printResult(
          options.json,
          result,
          () => `Seeded demo data: ${result.inserted} inserted, ${result.updated} updated, ${result.unchanged} unchanged.`,
        );
      } finally {
        await closeDatabase();
      }
    });

  program
    .command("stats")
    .description("Show what the database holds: businesses, approvals, test data, categories, countries, cities, imports")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      const options = parseOptions(JsonOptionSchema, raw);
      try {
        // Read-only: a mistyped DATA_DIR or DATABASE_URL is refused, never created and migrated.
        const handle = await getDatabase({ existing: true });
        const stats = await getDatabaseStats(handle);
        printResult(options.json, stats, () =>
          [
            `Database: ${handle.driver} (${handle.location})`,
            `Businesses: ${stats.businesses.toLocaleString("en-US")} (${stats.approved.toLocaleString("en-US")} approved, ${stats.testData.toLocaleString("en-US")} test data)`,
            `Categories: ${stats.categories.toLocaleString("en-US")}  Countries: ${stats.countries.toLocaleString("en-US")}  Cities: ${stats.cities.toLocaleString("en-US")}`,
            `Without a country: ${stats.missingCountry.toLocaleString("en-US")}  Without a city: ${stats.missingCity.toLocaleString("en-US")}  Without coordinates: ${stats.missingCoordinates.toLocaleString("en-US")}`,
            `Import runs: ${stats.importRuns.toLocaleString("en-US")}  Admin users: ${stats.adminUsers}`,
          ].join("\n"),
        );
      } finally {
        await closeDatabase();
      }
    });
}
