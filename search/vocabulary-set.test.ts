import { describe, expect, it } from "vitest";
import { VocabularyWordSet } from "./vocabulary-set.ts";

function setUp(lists: string[][]) {
  let now = 0;
  let loads = 0;
  const set = new VocabularyWordSet({
    load: async () => lists[Math.min(loads++, lists.length - 1)] as string[],
    ttlMs: 1000,
    now: () => now,
  });
  return { set, loads: () => loads, advance: (ms: number) => (now += ms) };
}

describe("the in-memory vocabulary", () => {
  it("loads once, then answers from memory within its window", async () => {
    const { set, loads } = setUp([["bakery", "berlin"]]);
    const answers = await Promise.all([set.has("bakery"), set.has("berlin"), set.has("bake")]);
    expect(answers).toEqual([true, true, false]);
    expect(await set.has("bakery")).toBe(true);
    expect(loads()).toBe(1);
  });

  it("answers from the old set after the window while one reload runs behind, then uses the new one", async () => {
    let now = 0;
    let loads = 0;
    let finishReload: (words: string[]) => void = () => undefined;
    const set = new VocabularyWordSet({
      load: () => {
        loads += 1;
        return loads === 1 ? Promise.resolve(["bakery"]) : new Promise<string[]>((resolve) => (finishReload = resolve));
      },
      ttlMs: 1000,
      now: () => now,
    });
    expect(await set.has("hotel")).toBe(false);
    now += 1000;
    expect(await set.has("hotel")).toBe(false);
    expect(await set.has("hotel")).toBe(false);
    expect(loads).toBe(2);
    finishReload(["bakery", "hotel"]);
    await set.settled();
    expect(await set.has("hotel")).toBe(true);
  });

  it("loads again after clear(), and a load begun before clear() does not bring the old set back", async () => {
    const { set, loads } = setUp([["bakery"], ["hotel"]]);
    const first = set.has("bakery");
    set.clear();
    expect(await first).toBe(true);
    expect(await set.has("hotel")).toBe(true);
    expect(loads()).toBe(2);
  });

  it("keeps answering from the old set when a reload fails", async () => {
    let now = 0;
    let calls = 0;
    const set = new VocabularyWordSet({
      load: async () => {
        calls += 1;
        if (calls > 1) throw new Error("database away");
        return ["bakery"];
      },
      ttlMs: 10,
      now: () => now,
    });
    expect(await set.has("bakery")).toBe(true);
    now = 20;
    expect(await set.has("bakery")).toBe(true);
    await set.settled().catch(() => undefined);
    expect(await set.has("bakery")).toBe(true);
  });
});
