import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../db/testing/test-database.ts";
import { CONTRACT_NOW, seedContractDirectory } from "./testing/contract.ts";
import { createSearchEngine } from "./index.ts";

/** A port nothing listens on: bound by us for a moment, then released. */
async function findClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(`search falls back to PostgreSQL when Meilisearch is unreachable on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await handle?.close();
  });

  it("answers from PostgreSQL, marked degraded, and logs the outage once for two calls", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const engine = createSearchEngine({ handle, meiliUrl: `http://127.0.0.1:${await findClosedPort()}` });
    expect(engine.name).toBe("meilisearch");

    const first = await engine.search({ q: "bakery berlin", sort: "relevance", page: 1, perPage: 20, now: CONTRACT_NOW });
    const second = await engine.search({ q: "restuarant", sort: "rating", page: 1, perPage: 20, now: CONTRACT_NOW });

    expect(first).toMatchObject({ engine: "postgres", degraded: true, total: 3 });
    expect(first.hits.map((hit) => hit.name).sort()).toEqual(["Berlin Bread Company", "Bäckerei Müller", "Kreuzberg Sourdough"]);
    expect(second).toMatchObject({ engine: "postgres", degraded: true, didYouMean: "restaurant" });
    expect(second.total).toBeGreaterThanOrEqual(4);
    expect(await engine.suggest("ber")).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "city", name: "Berlin" })]));

    const outage = warn.mock.calls.filter(([message]) => String(message).startsWith("search: Meilisearch unreachable ("));
    expect(outage).toHaveLength(1);
    expect(String(outage[0]?.[0])).toMatch(/; answering from PostgreSQL$/);
    expect((await engine.health()).ok).toBe(false);
  });

  it("keeps writes working while the index cannot be updated", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const engine = createSearchEngine({ handle, meiliUrl: `http://127.0.0.1:${await findClosedPort()}` });
    await expect(engine.indexBusinesses([1, 2])).resolves.toBeUndefined();
    await expect(engine.removeBusinesses([3])).resolves.toBeUndefined();
    expect(warn.mock.calls.some(([message]) => String(message).includes("run `directory reindex`"))).toBe(true);
  });
});
