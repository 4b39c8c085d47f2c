// `directory bench --engine`: the real CLI refuses an unknown engine, an engine outside the reads suite, and a
// Meilisearch run with no Meilisearch to run against, each before it touches a database.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runDirectory } from "../testing/run-cli.ts";

const NO_MEILI = { MEILI_BIN: undefined, MEILI_URL: undefined, MEILI_API_KEY: undefined, PATH: path.dirname(process.execPath) };

describe("directory bench --engine", () => {
  it("takes postgres, meilisearch or both, and names the choices otherwise", async () => {
    const run = await runDirectory(["bench", "--suite", "reads", "--engine", "elastic"], { env: NO_MEILI });
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/INVALID_OPTION.*--engine.*postgres, meilisearch, both/s);
  }, 60_000);

  it("belongs to the reads suite", async () => {
    const run = await runDirectory(["bench", "--engine", "postgres"], { env: NO_MEILI });
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/INVALID_OPTION.*--suite reads/);
  }, 60_000);

  it("says BENCH_ENGINE_UNAVAILABLE when Meilisearch is asked for and neither MEILI_BIN, MEILI_URL nor PATH has one", async () => {
    for (const engine of ["meilisearch", "both"]) {
      const run = await runDirectory(["bench", "--suite", "reads", "--engine", engine, "--database-url", "postgres://127.0.0.1:1/none"], {
        env: NO_MEILI,
      });
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.stderr).toMatch(/BENCH_ENGINE_UNAVAILABLE.*MEILI_BIN/);
    }
  }, 60_000);
});
