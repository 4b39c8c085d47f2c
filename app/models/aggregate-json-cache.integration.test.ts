import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { JsonWithHeaders, MAX_CACHED_ANSWERS, readAggregateJson, sendSerializedJson } from "./aggregate-json-cache.server.ts";

describe(`aggregate JSON cache on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await refreshAggregates(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("builds an answer once per aggregates refresh, and shares a build between concurrent callers", async () => {
    let builds = 0;
    const load = async () => ({ build: ++builds });
    const [first, concurrent] = await Promise.all([readAggregateJson("test", load, handle), readAggregateJson("test", load, handle)]);
    expect(concurrent).toBe(first);
    expect(await readAggregateJson("test", load, handle)).toBe(first);
    expect(builds).toBe(1);
    await handle.query("update site_totals set refreshed_at = refreshed_at + interval '1 second'");
    const rebuilt = await readAggregateJson("test", load, handle);
    expect(JSON.parse(new TextDecoder().decode(rebuilt.body))).toEqual({ build: 2 });
    expect(rebuilt.etag).not.toBe(first.etag);
  });

  it("answers 304 to a held ETag, gzip to a client that takes it, plain JSON otherwise", async () => {
    const answer = await readAggregateJson("list", async () => [{ city: "Zürich" }], handle);
    const plain = sendSerializedJson(new Request("http://x/api/cities"), answer, "public, max-age=60");
    expect(plain.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(plain.headers.get("ETag")).toBe(answer.etag);
    expect(await plain.json()).toEqual([{ city: "Zürich" }]);
    const zipped = sendSerializedJson(new Request("http://x/api/cities", { headers: { "Accept-Encoding": "gzip, br" } }), answer, "public");
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual([{ city: "Zürich" }]);
    const held = sendSerializedJson(new Request("http://x/api/cities", { headers: { "If-None-Match": `W/${answer.etag}` } }), answer, "public");
    expect(held.status).toBe(304);
  });

  it("keeps an answer's own headers on the 200 and the 304, and drops the oldest answer past the cap", async () => {
    const answer = await readAggregateJson("paged", async () => new JsonWithHeaders([1, 2], { "X-Total-Count": "9" }), handle);
    const plain = sendSerializedJson(new Request("http://x/api/cities"), answer, "public");
    expect(await plain.json()).toEqual([1, 2]);
    expect(plain.headers.get("X-Total-Count")).toBe("9");
    const held = sendSerializedJson(new Request("http://x/api/cities", { headers: { "If-None-Match": answer.etag } }), answer, "public");
    expect([held.status, held.headers.get("X-Total-Count")]).toEqual([304, "9"]);
    let builds = 0;
    const load = async () => ++builds;
    await readAggregateJson("oldest", load, handle);
    for (let i = 0; i < MAX_CACHED_ANSWERS; i++) await readAggregateJson(`filler:${i}`, async () => i, handle);
    await readAggregateJson("oldest", load, handle);
    expect(builds).toBe(2);
  });
});
