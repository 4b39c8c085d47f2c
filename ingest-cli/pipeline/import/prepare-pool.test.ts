import { describe, expect, it } from "vitest";
import { buildColumnMapping } from "../map/columns.ts";
import type { SourceItem } from "../read/index.ts";
import { CHUNK_ITEMS, prepareItems } from "./prepare-pool.ts";
import type { PrepareContext, PreparedItem } from "./prepare-rows.ts";
import { buildMemoIndex, describeMemoScope } from "./row-memo.ts";
import type { StoredRowMemo } from "../../../db/queries/import-row-memo.ts";

const HEADERS = ["name", "full_address", "place_id", "rating", "working_hours"];
const context: PrepareContext = { mapping: buildColumnMapping(HEADERS), isTest: false, source: "pool.csv" };

/** A mixed stream: records (every 7th without a name), unreadable lines, repeated headers and blank lines. */
function makeItems(count: number): SourceItem[] {
  const items: SourceItem[] = [];
  for (let line = 2; line < count + 2; line++) {
    if (line % 97 === 0) items.push({ kind: "error", error: { line, code: "MALFORMED_QUOTES", reason: "bad quote", raw: `line ${line}` } });
    else if (line % 89 === 0) items.push({ kind: "skipped", line, code: "REPEATED_HEADER" });
    else if (line % 83 === 0) items.push({ kind: "skipped", line, code: "BLANK_LINE" });
    else {
      const name = line % 7 === 0 ? "None" : `Shop ${line}`;
      items.push({
        kind: "record",
        record: {
          line,
          values: {
            name,
            full_address: `${line} High St, Leeds, United Kingdom`,
            place_id: `ChIJpool${line}`,
            rating: "4.5",
            working_hours: "Monday:9AM-5PM|Tuesday:Closed",
          },
        },
      });
    }
  }
  return items;
}

async function* stream(items: SourceItem[], failAfter?: number): AsyncGenerator<SourceItem> {
  for (const [i, item] of items.entries()) {
    if (i === failAfter) throw new Error("READ_FAILED: the disk went away");
    // A macrotask now and then, as a file reader has, so the workers answer out of step with the reader.
    if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}

async function collect(source: AsyncIterable<PreparedItem>): Promise<PreparedItem[]> {
  const out: PreparedItem[] = [];
  for await (const item of source) out.push(item);
  return out;
}

// Worker start-up (tsx in each thread) takes seconds on a busy machine.
describe("prepareItems", { timeout: 60_000 }, () => {
  const items = makeItems(CHUNK_ITEMS * 9 + 17);

  it("gives the same items in the same order on two workers as inline, rejected rows keeping their line numbers", async () => {
    const inline = await collect(prepareItems(stream(items), context, { workers: 0 }));
    const pooled = await collect(prepareItems(stream(items), context, { workers: 2 }));
    expect(pooled).toEqual(inline);
    // CSV chunks travel packed (values in one array); text with NULs and lone surrogates must arrive unchanged.
    const odd: SourceItem = { kind: "record", record: { line: 9999, values: { name: "Odd\u0000 Caf\u00e9 \ud800" } } };
    const asText = await collect(prepareItems(stream([...items, odd]), context, { workers: 2, textOnly: true }));
    expect(asText).toEqual(await collect(prepareItems(stream([...items, odd]), context, { workers: 0 })));
    expect(inline.map((item) => item.line)).toEqual(
      items
        .filter((i) => !(i.kind === "skipped" && i.code === "BLANK_LINE"))
        .map((i) => (i.kind === "record" ? i.record.line : i.kind === "error" ? i.error.line : i.line)),
    );
    const invalid = pooled.filter((item) => item.kind === "invalid");
    expect(invalid.length).toBeGreaterThan(100);
    expect(invalid.every((item) => item.line % 7 === 0 && item.kind === "invalid" && item.field === "name" && item.raw.name === "None")).toBe(true);
    expect(pooled.find((item) => item.line === 97)).toMatchObject({ kind: "unreadable", code: "MALFORMED_QUOTES", raw: { raw: "line 97" } });
    const row = pooled.find((item) => item.kind === "row" && item.line === 3);
    expect(row).toMatchObject({ kind: "row", name: "Shop 3", placeId: "ChIJpool3", row: { lineNumber: 3, identityKey: "pid:ChIJpool3" } });
  });

  it("delivers every item read before a reader error, then the error", async () => {
    const failAfter = CHUNK_ITEMS * 3 + 40;
    const seen: number[] = [];
    const run = async () => {
      for await (const item of prepareItems(stream(items, failAfter), context, { workers: 2 })) seen.push(item.line);
    };
    await expect(run()).rejects.toThrow("READ_FAILED");
    const expected = items.slice(0, failAfter).filter((i) => !(i.kind === "skipped" && i.code === "BLANK_LINE"));
    expect(seen.length).toBe(expected.length);
  });

  it("stops the workers and the reader when the consumer stops early", async () => {
    let pulled = 0;
    const many = makeItems(CHUNK_ITEMS * 30);
    async function* counting(): AsyncGenerator<SourceItem> {
      for (const item of many) {
        pulled++;
        yield item;
      }
    }
    let taken = 0;
    for await (const _ of prepareItems(counting(), context, { workers: 2 })) if (++taken === 10) break;
    // Read-ahead is bounded: at most a few chunks per worker beyond what was consumed.
    expect(pulled).toBeLessThan(CHUNK_ITEMS * 12);
  });

  it("reuses a stored memo only while it holds, and gives what normalising gives", async () => {
    const memoContext: PrepareContext = { ...context, memo: { scope: describeMemoScope("rules", context.mapping, false), index: null } };
    const full = await collect(prepareItems(stream(items), memoContext, { workers: 0 }));
    const rows = full.flatMap((item) => (item.kind === "row" ? [item] : []));
    // The "database": business i holds row i's memo; three are off: content rewritten since, deleted, another key.
    const store = new Map<number, StoredRowMemo>(
      rows.map((item, i) => [
        i + 1,
        { id: i + 1, key: item.row.memoKey, facts: item.row.memoFacts, identityKey: item.row.identityKey, contentHash: item.row.contentHash },
      ]),
    );
    const changed = rows[5]!.line;
    const gone = rows[300]!.line;
    const rekeyed = rows[700]!.line;
    store.get(6)!.contentHash = "edited-by-an-admin";
    store.delete(301);
    store.get(701)!.key = "another-row-entirely";
    const index = buildMemoIndex(rows.map((item, i) => ({ id: i + 1, key: item.row.memoKey as string })));
    const asked: number[] = [];
    const readMemos = async (ids: number[]) => {
      asked.push(ids.length);
      return ids.flatMap((id) => (store.has(id) ? [store.get(id)!] : []));
    };
    const reused = await collect(prepareItems(stream(items), { ...memoContext, memo: { ...memoContext.memo!, index } }, { workers: 2, readMemos }));
    expect(reused.map((item) => item.line)).toEqual(full.map((item) => item.line));
    expect(Math.max(...asked)).toBeLessThanOrEqual(CHUNK_ITEMS);
    for (const [i, item] of reused.entries()) {
      const expected = full[i]!;
      if (item.kind !== "row" || expected.kind !== "row") {
        expect(item).toEqual(expected);
        continue;
      }
      const { row, ...facts } = item;
      const { row: expectedRow, ...expectedFacts } = expected;
      expect(facts).toEqual(expectedFacts);
      const normalisedAgain = [changed, gone, rekeyed].includes(item.line);
      expect(row.restage === undefined, `line ${item.line}`).toBe(normalisedAgain);
      if (normalisedAgain) expect(row).toEqual(expectedRow);
      else {
        expect(row).toMatchObject({
          identityKey: expectedRow.identityKey,
          contentHash: expectedRow.contentHash,
          memoKey: expectedRow.memoKey,
          copyTail: "",
        });
        if (item.line % 50 === 0) expect(row.restage!()).toEqual(expectedRow);
      }
    }
  });
});
