// `directory import` over 300+ malformed files (bombs, truncations, wrong formats, broken JSON, seeded mutations):
// every file is refused with a documented code or partly imported with located rejections; no crash, no partial write.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { writeMalformedCorpus, type Corpus } from "../testing/malformed-corpus.ts";
import { checkStoredRuns, judgeOutcome, readCliOutcomes, type ObservedOutcome } from "../testing/malformed-corpus-checks.ts";
import { runDirectory } from "../testing/run-cli.ts";

/** Node's stack frames: a user must never see one, whatever the file. */
const STACK_FRAME = /^\s+at .+[(:]\d+/m;

// NOTE: the corpus is 300+ imports (dozens through the spreadsheet worker): run once, on the PostgreSQL server,
// where two CLI processes can share one database. The readers under test do not depend on the driver, and the
// per-driver write path is covered by import.integration.test.ts on both.
describe.runIf(testDriver() === "postgres")("directory import: the malformed-file corpus", () => {
  let corpus: Corpus;
  let database: TestDatabase;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    corpus = writeMalformedCorpus(fs.mkdtempSync(path.join(os.tmpdir(), "directory-corpus-cli-")));
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url, MEILI_URL: undefined };
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (corpus) fs.rmSync(corpus.dir, { recursive: true, force: true });
  });

  it("answers every file with a stable code or a partial import whose rejected rows carry line and reason, and writes nothing else", async () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(300);
    const started = performance.now();
    // Two batches in parallel (one per core); each process reads its files one after another and reports per file.
    const groups = [corpus.cases.filter((_, i) => i % 2 === 0), corpus.cases.filter((_, i) => i % 2 === 1)];
    const runs = await Promise.all(
      // NOTE: the corpus's size cases expect the admin upload's 150 MB cap; the CLI has no cap unless asked
      // (import-size.integration.test.ts), so this run asks for the same one.
      groups.map((group) =>
        runDirectory(["import", "--json", "--max-size", "150", ...group.map((entry) => entry.filePath)], { env, timeoutMs: 600_000 }),
      ),
    );
    const outcomes = new Map<string, ObservedOutcome>();
    for (const run of runs) {
      expect(run.stderr).not.toMatch(STACK_FRAME);
      // Some files are refused, so the documented "fatal" exit code; never a signal or an unknown code.
      expect(run.code).toBe(1);
      for (const [name, outcome] of readCliOutcomes(run.stdout)) outcomes.set(name, outcome);
    }
    const problems: string[] = [];
    const families = new Map<string, { files: number; refused: number; imported: number }>();
    for (const entry of corpus.cases) {
      const name = path.basename(entry.filePath);
      const observed = outcomes.get(name);
      for (const problem of judgeOutcome(entry.expect, observed)) problems.push(`${name} [${entry.family}]: ${problem}`);
      const family = families.get(entry.family) ?? { files: 0, refused: 0, imported: 0 };
      family.files++;
      if (observed?.code) family.refused++;
      else family.imported++;
      families.set(entry.family, family);
    }
    const files = corpus.cases.map((entry) => ({
      fileName: path.basename(entry.filePath),
      expect: entry.expect,
      observed: outcomes.get(path.basename(entry.filePath)),
    }));
    problems.push(...(await checkStoredRuns(database, files, 0)));
    console.info(
      `malformed corpus via CLI: ${corpus.cases.length} files (${(corpus.totalBytes / 1048576).toFixed(1)} MB), ${families.size} families, ${((performance.now() - started) / 1000).toFixed(1)} s\n` +
        [...families].map(([family, f]) => `  ${family}: ${f.files} files, ${f.refused} refused, ${f.imported} imported`).join("\n"),
    );
    expect(problems).toEqual([]);
  }, 600_000);

  it("each crash-prone file alone: exit 1 or 2 and a `FAILED CODE: how to fix` line or a row report, never a stack trace", async () => {
    const alone = corpus.cases.filter((entry) => entry.alone);
    expect(alone.length).toBeGreaterThanOrEqual(6);
    for (const entry of alone) {
      const run = await runDirectory(["import", "--max-size", "150", entry.filePath], { env, timeoutMs: 300_000 });
      expect(run.stderr, entry.fileName).not.toMatch(STACK_FRAME);
      if (entry.expect.kind === "refused") {
        expect(run.code, entry.fileName).toBe(1);
        expect(run.stdout, entry.fileName).toMatch(new RegExp(`FAILED ${entry.expect.code}: .{20,}`));
      } else {
        expect([0, 2], entry.fileName).toContain(run.code);
        expect(run.stdout, entry.fileName).toMatch(/\d+ rows in [\d.]+ s/);
      }
    }
  }, 600_000);
});
