import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runSearchContract } from "./testing/contract.ts";
import { findMeilisearchBinary, startMeilisearchServer, type MeilisearchServer } from "./testing/meilisearch-server.ts";
import { MeilisearchEngine } from "./meilisearch.ts";

// The same contract as the Postgres engine, against a real Meilisearch server: the one MEILI_URL names, else a
// private one this file starts from a binary (MEILI_BIN, or `meilisearch` on PATH). CI has neither and skips.
const MEILI_URL = process.env.MEILI_URL;
const MEILI_BIN = MEILI_URL ? undefined : findMeilisearchBinary();

let server: MeilisearchServer | undefined;
const target = () => (MEILI_URL ? { host: MEILI_URL, apiKey: process.env.MEILI_API_KEY } : { host: server!.url, apiKey: server!.apiKey });

if (MEILI_URL || MEILI_BIN) {
  beforeAll(async () => {
    if (MEILI_BIN) server = await startMeilisearchServer(MEILI_BIN);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  runSearchContract(
    `meilisearch engine (${MEILI_URL ?? MEILI_BIN})`,
    (handle) => new MeilisearchEngine({ ...target(), handle, indexName: `contract_${randomBytes(4).toString("hex")}`, timeoutMs: 10_000 }),
    { dispose: (engine) => (engine as MeilisearchEngine).dropIndex() },
  );
} else {
  describe.skip("search contract: meilisearch engine — SKIPPED: no Meilisearch (set MEILI_BIN to a meilisearch binary, put one on PATH, or set MEILI_URL)", () => {
    it("needs a real Meilisearch server", () => {});
  });
}
