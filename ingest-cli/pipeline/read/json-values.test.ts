import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { openSource } from "./index.ts";
import { detectJsonLayout } from "./json-records.ts";
import { JsonValueSplitter, type JsonLayout, type JsonPiece } from "./json-values.ts";
import { collectItems, createFixtureDir, pickErrors, pickRecords, pickSkips } from "../../testing/read-fixtures.ts";

const fixtures = createFixtureDir();
afterAll(() => fixtures.remove());

function split(layout: JsonLayout, text: string, chunkSize = 5): JsonPiece[] {
  const splitter = new JsonValueSplitter(layout);
  const pieces: JsonPiece[] = [];
  for (let i = 0; i < text.length; i += chunkSize) pieces.push(...splitter.push(text.slice(i, i + chunkSize)));
  pieces.push(...splitter.end());
  return pieces;
}

async function readJson(name: string, content: string | Uint8Array) {
  const source = await openSource(fixtures.write(name, content));
  const items = await collectItems(source);
  return { source, items, records: pickRecords(items), errors: pickErrors(items), skips: pickSkips(items) };
}

const businesses = [
  { name: 'Café "Lumière"', rating: 4.5, about: { "Service options": { "Dine-in": true } }, working_hours: { Monday: "9AM-5PM" } },
  { name: "Brace } [ shop", tags: ["a", "b,c"], escaped: 'back\\slash \\" quote' },
  { name: "Third", extra_field: null },
];

describe("JSON value splitter", () => {
  it("splits array elements across tiny chunks, strings with brackets and escapes included", () => {
    const pieces = split("array", JSON.stringify(businesses, null, 2));
    expect(pieces.map((p) => (p.kind === "value" ? JSON.parse(p.text) : p))).toEqual(businesses);
    expect(pieces.map((p) => (p.kind === "value" ? p.index : -1))).toEqual([0, 1, 2]);
  });

  it("splits concatenated values with and without whitespace, tracking physical lines", () => {
    const pieces = split("concatenated", '{"a":1}{"b":{"c":[1,2]}}\n\n  {"d":"}"}');
    expect(pieces).toEqual([
      { kind: "value", text: '{"a":1}', index: 0, line: 1 },
      { kind: "value", text: '{"b":{"c":[1,2]}}', index: 1, line: 1 },
      { kind: "value", text: '{"d":"}"}', index: 2, line: 3 },
    ]);
  });

  it("in NDJSON, a newline ends a broken value so the next line is read normally", () => {
    const pieces = split("ndjson", '{"a":1}\n{"b": [1,\n\n{"c":"unterminated\n{"d":4}\n');
    expect(pieces).toEqual([
      { kind: "value", text: '{"a":1}', index: 0, line: 1 },
      expect.objectContaining({ kind: "broken", line: 2, code: "INVALID_JSON" }),
      { kind: "blank", line: 3 },
      expect.objectContaining({ kind: "broken", line: 4, code: "INVALID_JSON" }),
      { kind: "value", text: '{"d":4}', index: 3, line: 5 },
    ]);
  });

  it("reports truncation: a value cut off, and an array never closed", () => {
    expect(split("array", '[{"a":1},{"b":')).toEqual([
      { kind: "value", text: '{"a":1}', index: 0, line: 1 },
      expect.objectContaining({ kind: "broken", index: 1, code: "TRUNCATED_JSON" }),
    ]);
    expect(split("array", '[{"a":1},')).toEqual([
      { kind: "value", text: '{"a":1}', index: 0, line: 1 },
      expect.objectContaining({ kind: "broken", index: 1, code: "TRUNCATED_JSON" }),
    ]);
  });

  it("passes scalars through as values (the record layer rejects them) and flags trailing data", () => {
    expect(split("array", '[1, "two", null, {"x":true}] junk')).toEqual([
      { kind: "value", text: "1", index: 0, line: 1 },
      { kind: "value", text: '"two"', index: 1, line: 1 },
      { kind: "value", text: "null", index: 2, line: 1 },
      { kind: "value", text: '{"x":true}', index: 3, line: 1 },
      expect.objectContaining({ kind: "broken", code: "TRAILING_DATA" }),
    ]);
  });

  it("tells NDJSON from pretty-printed concatenated objects", () => {
    expect(detectJsonLayout("ndjson", '{"a":1}\n{"a":2}\n')).toBe("ndjson");
    expect(detectJsonLayout("ndjson", '{"a":1,\n{"a":2}\n')).toBe("ndjson");
    expect(detectJsonLayout("ndjson", '{\n  "a": 1\n}\n{\n  "a": 2\n}\n')).toBe("concatenated");
    expect(detectJsonLayout("ndjson", '{"a":1}{"a":2}')).toBe("concatenated");
    expect(detectJsonLayout("json", "[]")).toBe("array");
  });
});

describe("JSON sources", () => {
  it("streams a JSON array: nested objects stay values, line = index + 2, headers = union of keys", async () => {
    const { source, records } = await readJson("outscraper.json", JSON.stringify(businesses));
    expect(source.format).toBe("json");
    expect(source.headers).toEqual(["name", "rating", "about", "working_hours", "tags", "escaped", "extra_field"]);
    expect(records.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(records[0]?.values).toEqual(businesses[0]);
    expect(records[2]?.values).toEqual({ name: "Third", extra_field: null });
  });

  it("reports non-objects and invalid elements without losing the others", async () => {
    const { records, errors } = await readJson("mixed.json", '[{"a":1}, 42, {"a": tru}, ["x"], {"a":2}]');
    expect(records).toEqual([
      { line: 2, values: { a: 1 } },
      { line: 6, values: { a: 2 } },
    ]);
    expect(errors.map((e) => [e.line, e.code])).toEqual([
      [3, "NOT_AN_OBJECT"],
      [4, "INVALID_JSON"],
      [5, "NOT_AN_OBJECT"],
    ]);
  });

  it("reads NDJSON with one broken line: the error carries the physical line number", async () => {
    const text = '{"name":"A","n":1}\n{"name":"B",\n\n{"name":"C","late_key":true}\n';
    const { source, records, errors, skips } = await readJson("data.ndjson", text);
    expect(source.format).toBe("ndjson");
    expect(source.headers).toEqual(["name", "n", "late_key"]);
    expect(records).toEqual([
      { line: 1, values: { name: "A", n: 1 } },
      { line: 4, values: { name: "C", late_key: true } },
    ]);
    expect(errors).toEqual([expect.objectContaining({ line: 2, code: "INVALID_JSON", raw: '{"name":"B",' })]);
    expect(skips).toEqual([{ line: 3, code: "BLANK_LINE" }]);
  });

  it("reads concatenated objects without newlines, numbered like array elements", async () => {
    const { source, records } = await readJson("concat.json", '{"a":1}{"a":2,"b":{"c":3}}{"a":3}');
    expect(source.format).toBe("ndjson");
    expect(records).toEqual([
      { line: 2, values: { a: 1 } },
      { line: 3, values: { a: 2, b: { c: 3 } } },
      { line: 4, values: { a: 3 } },
    ]);
  });

  it("passes keys first seen after the first 1,000 records through in values", async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => (i === 1_100 ? { id: i, late: "yes" } : { id: i }));
    const { source, records } = await readJson("many.json", JSON.stringify(rows));
    expect(source.headers).toEqual(["id"]);
    expect(records).toHaveLength(1_200);
    expect(records[1_100]).toEqual({ line: 1_102, values: { id: 1_100, late: "yes" } });
  });

  it("treats an empty array as zero records with no headers", async () => {
    const { source, items } = await readJson("empty.json", " [ ] ");
    expect(source.headers).toEqual([]);
    expect(items).toEqual([]);
  });

  it("reads gzipped JSON, NDJSON and CSV", async () => {
    const json = await readJson("a.json.gz", zlib.gzipSync(JSON.stringify(businesses)));
    expect(json.source).toMatchObject({ format: "json", compressed: true });
    expect(json.records).toHaveLength(3);

    const ndjson = await readJson("a.ndjson.gz", zlib.gzipSync('{"a":1}\n{"a":2}\n'));
    expect(ndjson.source).toMatchObject({ format: "ndjson", compressed: true });
    expect(ndjson.records.map((r) => r.values)).toEqual([{ a: 1 }, { a: 2 }]);

    const concatenated = await readJson("c.json.gz", zlib.gzipSync('{"a":1}{"a":2}'));
    expect(concatenated.source).toMatchObject({ format: "ndjson", compressed: true });
    expect(concatenated.records.map((r) => r.line)).toEqual([2, 3]);

    const csv = await readJson("a.csv.gz", zlib.gzipSync("\ufeffname;city\r\nA;B\r\n"));
    expect(csv.source).toMatchObject({ format: "csv", compressed: true, details: { delimiter: ";", bom: true } });
    expect(csv.records).toEqual([{ line: 2, values: { name: "A", city: "B" } }]);
  });
});
