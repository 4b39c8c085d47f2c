import { randomBytes } from "node:crypto";
import { describe, it } from "vitest";
import { runSearchContract } from "./testing/contract.ts";
import { MeilisearchEngine } from "./meilisearch.ts";

// The same contract as the Postgres engine, against a real Meilisearch server. None can be installed on the
// build machines, so this runs only when MEILI_URL is set (docker compose brings one up).
const MEILI_URL = process.env.MEILI_URL;

if (MEILI_URL) {
  runSearchContract(
    `meilisearch engine at ${MEILI_URL}`,
    (handle) =>
      new MeilisearchEngine({
        host: MEILI_URL,
        apiKey: process.env.MEILI_API_KEY,
        handle,
        indexName: `contract_${randomBytes(4).toString("hex")}`,
        timeoutMs: 10_000,
      }),
    { dispose: (engine) => (engine as MeilisearchEngine).dropIndex() },
  );
} else {
  describe.skip("search contract: meilisearch engine — SKIPPED: set MEILI_URL to a Meilisearch server to run it", () => {
    it("needs a real Meilisearch server (MEILI_URL)", () => {});
  });
}
