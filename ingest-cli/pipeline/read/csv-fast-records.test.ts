import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeGeneratedFile } from "../generate/index.ts";
import { readCsvEvents, type CsvReadOptions } from "./csv-rows.ts";
import { scanWellFormedRecords } from "./csv-fast-records.ts";
import type { TableEvent } from "./source-types.ts";

async function generateCsv(rows: number, seed: number): Promise<string> {
  const parts: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  await writeGeneratedFile({ rows, seed, messy: 0.3, format: "csv", out });
  return Buffer.concat(parts).toString("utf8");
}

/** Syntactic mess the generator does not make, spliced between generated lines (CR never reaches the reader: the decoder makes it LF). */
const BROKEN_LINES = [
  'Bar "Chez Paul",Paris,1',
  '"unclosed,quote',
  '"closed" trailing,text',
  ' "spaced" , "quoted" ',
  "\u00a0lead,nbsp",
  "nul\u0000byte,ok",
  "",
  "   ",
  '"multi\nline ""quoted""",x',
  "a,\u000bb\f",
  '"tab"\t,after',
  "\ufeffbom,inside",
  "x,,\t,",
];

function spliceMess(text: string, seed: number): string {
  const lines = text.split("\n");
  let state = seed;
  for (let i = 1; i < lines.length; i += 1 + (state % 37)) {
    state = (state * 1103515245 + 12345) % 2147483648;
    lines.splice(i, 0, BROKEN_LINES[state % BROKEN_LINES.length] as string);
  }
  return lines.join("\n");
}

async function readAll(text: string, chunkSize: number, options: CsvReadOptions, delimiter = ","): Promise<TableEvent[]> {
  async function* chunks() {
    for (let i = 0; i < text.length; i += chunkSize) yield text.slice(i, i + chunkSize);
  }
  const events: TableEvent[] = [];
  for await (const event of readCsvEvents(chunks(), delimiter, options)) events.push(event);
  return events;
}

describe("fast CSV path", () => {
  it("reads a generated messy corpus record for record like csv-parse, at any chunk size", async () => {
    const generated = await generateCsv(1500, 11);
    for (const [index, text] of [generated, spliceMess(generated, 5), spliceMess(generated, 77)].entries()) {
      const reference = await readAll(text, 65_536, { fastPath: false });
      expect(reference.length).toBeGreaterThan(1500);
      if (index > 0) expect(reference.some((event) => event.kind === "error")).toBe(true);
      for (const chunkSize of [101, 4096, 65_536]) expect(await readAll(text, chunkSize, {})).toEqual(reference);
    }
  }, 120_000);

  it("matches csv-parse on semicolon files and on a tail without a final newline", async () => {
    const text = 'name;city\n"A;1";"B\n2"\nplain;  padded  \n"x""y";z';
    expect(await readAll(text, 3, {}, ";")).toEqual(await readAll(text, 3, { fastPath: false }, ";"));
  });

  it("stops at the first record it cannot vouch for", () => {
    const scan = scanWellFormedRecords('a,"b""c"\n"d\ne",f\ng,h"i\nj,k\n', 0, ",");
    expect(scan.records).toEqual([
      { cells: ["a", 'b"c'], lines: 1 },
      { cells: ["d\ne", "f"], lines: 2 },
    ]);
    expect(scan).toMatchObject({ offset: 17, stop: "unsupported" });
  });
});
