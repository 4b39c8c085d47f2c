import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify, slugifyAnyScript } from "../../../db/rules/slug.ts";
import { writeGeneratedFile } from "../generate/index.ts";
import { buildColumnMapping, mapRecord } from "../map/columns.ts";
import { hashBusiness, normalizeBusiness } from "../normalize/business.ts";
import { openSource, type SourceItem } from "../read/index.ts";
import { packTextChunk, prepareItem, unpackTextChunk } from "./prepare-rows.ts";

// The shortcuts of the import's hot path, held to the general code they replace on a generated, messy corpus.
describe("prepare fast paths on a generated corpus", { timeout: 60_000 }, () => {
  let dir: string;
  let items: SourceItem[];
  let headers: string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "prepare-rows-"));
    const file = path.join(dir, "corpus.csv");
    await writeGeneratedFile({ rows: 3000, seed: 7, messy: 0.3, out: file, format: "csv" });
    const source = await openSource(file);
    headers = source.headers;
    items = [];
    for await (const item of source.items) items.push(item);
    await source.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives a staged row the content hash every other path computes, blind to the file name and to nothing stored", () => {
    const mapping = buildColumnMapping(headers);
    let compared = 0;
    for (const item of items) {
      if (item.kind !== "record") continue;
      const prepared = prepareItem(item, { mapping, isTest: false, source: "corpus.csv" });
      if (prepared.kind !== "row") continue;
      const result = normalizeBusiness(mapRecord(item.record.values, mapping), { source: "renamed.csv" });
      if (!result.ok) continue;
      // The import hashes its COPY text; dedupe, kept values and repairs hash the business: the same value.
      expect(prepared.row.contentHash).toBe(result.business.contentHash);
      expect(hashBusiness(result.business)).toBe(prepared.row.contentHash);
      compared++;
    }
    expect(compared).toBeGreaterThan(2500);
    const first = items.find((item) => item.kind === "record");
    if (first?.kind !== "record") throw new Error("no record");
    const result = normalizeBusiness(mapRecord(first.record.values, mapping));
    if (!result.ok) throw new Error("first row invalid");
    const base = hashBusiness(result.business);
    // Every stored column counts: a change in the first, a middle and the last one changes the hash.
    expect(hashBusiness({ ...result.business, name: `${result.business.name} 2` })).not.toBe(base);
    expect(hashBusiness({ ...result.business, timeZone: "Pacific/Chatham" })).not.toBe(base);
    expect(hashBusiness({ ...result.business, isTest: !result.business.isTest })).not.toBe(base);
    expect(hashBusiness({ ...result.business, orderLink: "https://order.example.com/x" })).not.toBe(base);
    expect(hashBusiness({ ...result.business, identityKey: "pid:other" })).not.toBe(base);
    expect(hashBusiness({ ...result.business, source: "another-file.xlsx" })).toBe(base);
  });

  it("slugs ASCII text exactly as the transliterating path does", () => {
    // Short values (names, cities, categories): what slugs are made of; the long JSON cells add time, not cases.
    const texts = items.flatMap((item) =>
      item.kind === "record"
        ? Object.values(item.record.values)
            .map(String)
            .filter((text) => text.length < 120)
        : [],
    );
    texts.push("Tom & Jerry's @ Home", "  --Joe's  Pizza--  ", "a".repeat(90), `${"word ".repeat(20)}end`, "", "~!*()");
    let ascii = 0;
    const differing: string[] = [];
    for (const text of texts) {
      if (/^[\x20-\x7e]*$/.test(text)) ascii++;
      if (slugify(text) !== slugifyAnyScript(text) || slugify(text, 20) !== slugifyAnyScript(text, 20)) differing.push(text);
    }
    expect(differing).toEqual([]);
    expect(ascii).toBeGreaterThan(5_000);
  });

  it("packs CSV chunks for the workers and unpacks them to equal items, odd keys and odd text included", () => {
    const proto: Record<string, unknown> = { name: "Proto" };
    Object.defineProperty(proto, "__proto__", { value: "kept", enumerable: true, writable: true, configurable: true });
    const odd: SourceItem[] = [
      { kind: "record", record: { line: 9001, values: { name: "Odd\u0000 Caf\u00e9 \ud800", column_40: "\udc00x", "2024": "" } } },
      { kind: "record", record: { line: 9002, values: proto } },
      { kind: "error", error: { line: 9003, code: "MALFORMED_QUOTES", reason: "bad quote", raw: 'a,"b' } },
      { kind: "skipped", line: 9004, code: "REPEATED_HEADER" },
    ];
    const all = [...items, ...odd];
    for (let i = 0; i < all.length; i += 250) {
      const chunk = all.slice(i, i + 250);
      const packed = packTextChunk(chunk);
      expect(packed).toBeDefined();
      const back = unpackTextChunk(structuredClone(packed as NonNullable<typeof packed>));
      expect(back).toEqual(chunk);
      back.forEach((item, n) => {
        const original = chunk[n] as SourceItem;
        if (item.kind === "record" && original.kind === "record")
          expect(Object.keys(item.record.values)).toEqual(Object.keys(original.record.values));
      });
    }
    const unpackedProto = unpackTextChunk(packTextChunk([odd[1] as SourceItem]) as NonNullable<ReturnType<typeof packTextChunk>>)[0];
    expect(unpackedProto?.kind === "record" && Object.getPrototypeOf(unpackedProto.record.values)).toBe(Object.prototype);
    expect(packTextChunk([{ kind: "record", record: { line: 2, values: { name: "A", rating: 4.5 } } }])).toBeUndefined();
  });
});
