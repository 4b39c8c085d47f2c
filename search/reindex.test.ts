import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSearchEngine } from "./index.ts";
import { RecordingSearchEngine } from "./testing/recording-engine.ts";
import { needsIndexSync, removeBusinessesFromIndex, syncBusinessesById } from "./reindex.ts";

async function findClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("write paths → the active search engine", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends each changed id once and each removed id once, and nothing for an empty list", async () => {
    const engine = new RecordingSearchEngine();
    await syncBusinessesById([3, 1, 3, 2], engine);
    await removeBusinessesFromIndex([9, 9, 8], engine);
    await syncBusinessesById([], engine);
    await removeBusinessesFromIndex([], engine);
    expect(engine.indexed).toEqual([[3, 1, 2]]);
    expect(engine.removed).toEqual([[9, 8]]);
  });

  it("needs no sync for the postgres engine (it reads the table), but does for Meilisearch", () => {
    const handle = async () => {
      throw new Error("not opened");
    };
    expect(needsIndexSync(createSearchEngine({ handle }))).toBe(false);
    expect(needsIndexSync(createSearchEngine({ handle, meiliUrl: "http://127.0.0.1:9" }))).toBe(true);
  });

  it("never fails the write when Meilisearch is unreachable: it logs that a reindex is needed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const handle = async () => {
      throw new Error("not opened");
    };
    const engine = createSearchEngine({ handle, meiliUrl: `http://127.0.0.1:${await findClosedPort()}` });
    await expect(removeBusinessesFromIndex([1, 2], engine)).resolves.toBeUndefined();
    expect(warn.mock.calls.some(([message]) => String(message).includes("run `directory reindex`"))).toBe(true);
  });
});
