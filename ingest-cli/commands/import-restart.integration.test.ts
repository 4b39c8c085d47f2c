import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivatePostgres, type PrivatePostgres } from "../../db/testing/private-postgres.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");

describe.runIf(testDriver() === "postgres")("an import while PostgreSQL restarts", () => {
  let server: PrivatePostgres | null;
  let dir: string;
  beforeAll(async () => {
    server = await startPrivatePostgres();
    if (!server) console.warn("PostgreSQL restart test SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl) installed.");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-restart-"));
  }, 120_000);
  afterAll(() => {
    server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("retries the interrupted batch and finishes with exactly the expected rows", { timeout: 180_000 }, async () => {
    if (!server) return;
    const file = path.join(dir, "restart.csv");
    await writeGeneratedFile({ rows: 3000, seed: 11, messy: 0, out: file, format: "csv" });
    const child = spawn(process.execPath, [BIN, "import", file, "--batch-size", "50", "--json"], {
      env: { ...process.env, DATABASE_URL: server.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    await new Promise<void>((resolve) => child.stderr.once("data", () => resolve()));
    server.restart();
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    const [result] = JSON.parse(stdout);
    expect(result.status).toBe("succeeded");
    const sql = postgres(server.url, { max: 1, onnotice: () => {} });
    try {
      const [state] = await sql<{ businesses: number; places: number; recorded: number }[]>`
        select (select count(*)::int from businesses) as businesses, (select count(distinct place_id)::int from businesses) as places,
               (select coalesce(sum(inserted_count), 0)::int from import_runs) as recorded`;
      expect(state?.businesses).toBe(3000);
      expect(state?.places).toBe(3000);
      expect(state?.recorded).toBe(3000);
    } finally {
      await sql.end();
    }
  });
});
