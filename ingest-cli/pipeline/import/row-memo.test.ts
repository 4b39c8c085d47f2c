// The memo index built as keys stream in: past its first capacity, every key finds its business and no other key does.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildMemoIndex, createMemoIndexBuilder, findMemoCandidate } from "./row-memo.ts";

const keyOf = (i: number) => createHash("sha256").update(`row ${i}`).digest("base64url").slice(0, 27);

describe("the memo index builder", () => {
  it("finds every one of 150,000 keys added a page at a time, and misses a key never added", () => {
    const builder = createMemoIndexBuilder();
    for (let i = 0; i < 150_000; i++) builder.add(1_000_000 + i, keyOf(i));
    const index = builder.finish();
    expect(index.ids.length).toBe(150_000);
    for (let i = 0; i < 150_000; i += 997) expect(findMemoCandidate(index, keyOf(i))).toBe(1_000_000 + i);
    expect(findMemoCandidate(index, keyOf(150_000))).toBeUndefined();
    expect(index.prefixes.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it("sorts in place into the arrays it was sized for when the estimate holds", () => {
    const builder = createMemoIndexBuilder(5000);
    const keys = Array.from({ length: 4900 }, (_, i) => keyOf(i));
    for (const [i, key] of keys.entries()) builder.add(i + 1, key);
    const index = builder.finish();
    expect(index.ids.length).toBe(4900);
    for (let i = 1; i < index.ids.length; i++) {
      const before = [index.prefixes[2 * i - 2]!, index.prefixes[2 * i - 1]!];
      const after = [index.prefixes[2 * i]!, index.prefixes[2 * i + 1]!];
      expect(before[0]! < after[0]! || (before[0] === after[0] && before[1]! <= after[1]!)).toBe(true);
    }
    for (const [i, key] of keys.entries()) expect(findMemoCandidate(index, key)).toBe(i + 1);
  });

  it("builds the same index from a list", () => {
    const entries = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, key: keyOf(i) }));
    const index = buildMemoIndex(entries);
    for (const entry of entries) expect(findMemoCandidate(index, entry.key)).toBe(entry.id);
  });
});
