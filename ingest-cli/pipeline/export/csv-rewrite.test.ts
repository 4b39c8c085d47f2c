import { describe, expect, it } from "vitest";
import type { ExportColumnKind } from "../../../db/queries/export.ts";
import { CopyCsvRewriter } from "./csv-rewrite.ts";

const KINDS: ExportColumnKind[] = ["text", "fixed", "hours", "text"];
// What COPY (format csv) writes for: id, name, latitude, working_hours::text, about — LF row ends.
const COPY_OUTPUT =
  [
    `1,Plain,52.52,"{""monday"": [[""09:00"", ""17:00""]], ""sunday"": []}",`,
    `2,"Comma, Inc",-12.5,,"{""Parking"": {""Free"": true}}"`,
    `13,=HYPERLINK(1),-0.1,"{""monday"": [[""09:00"", ""17:00""]], ""sunday"": []}","=cmd|' /C calc'!A0, ""x"""`,
    `140,"Two\nlines",7,"{""tuesday"": [[""11:30"", ""14:30""], [""17:30"", ""23:00""]]}",+44 20 7946 0958`,
    `1500,\tTabbed,8,"{""friday"": [[""00:00"", ""24:00""]]}","\rCarriage"`,
    `1501,"",9,"{""bogus"": 1}",-2+3`,
  ].join("\n") + "\n";

const EXPECTED =
  [
    `Plain,52.52,"{""Monday"":""9AM-5PM"",""Sunday"":""Closed""}",`,
    `"Comma, Inc",-12.5,,"{""Parking"": {""Free"": true}}"`,
    `'=HYPERLINK(1),-0.1,"{""Monday"":""9AM-5PM"",""Sunday"":""Closed""}","'=cmd|' /C calc'!A0, ""x"""`,
    `"Two\nlines",7,"{""Tuesday"":""11:30AM-2:30PM,5:30PM-11PM""}",+44 20 7946 0958`,
    `'\tTabbed,8,"{""Friday"":""Open 24 hours""}","'\rCarriage"`,
    `"",9,,'-2+3`,
  ].join("\r\n") + "\r\n";

/** blockBytes 1 scans every chunk as it comes, so rows cut between chunks go through the carry-over path. */
function rewriteAll(chunks: Uint8Array[], blockBytes = 1): { text: string; rows: number; lastId: number } {
  const rewriter = new CopyCsvRewriter(KINDS, blockBytes);
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    const part = rewriter.push(chunk);
    if (part) out.push(part);
  }
  out.push(rewriter.flush());
  return { text: Buffer.concat(out).toString("utf8"), rows: rewriter.rows, lastId: rewriter.lastId };
}

describe("CopyCsvRewriter", () => {
  it("drops the id, ends rows with CRLF, guards formulas and rewrites hours", () => {
    const result = rewriteAll([Buffer.from(COPY_OUTPUT)], 64 * 1024);
    expect(result.text).toBe(EXPECTED);
    expect(result.rows).toBe(6);
    expect(result.lastId).toBe(1501);
  });

  it("gives the same bytes however the input is sliced", () => {
    const bytes = Buffer.from(COPY_OUTPUT);
    for (let cut = 1; cut < bytes.length; cut++) {
      for (const second of [cut + 1, cut + 7, bytes.length - 1]) {
        if (second <= cut || second >= bytes.length) continue;
        const chunks = [bytes.subarray(0, cut), bytes.subarray(cut, second), bytes.subarray(second)];
        expect(rewriteAll(chunks).text).toBe(EXPECTED);
      }
    }
    expect(rewriteAll([...bytes].map((byte) => Uint8Array.of(byte))).text).toBe(EXPECTED);
    // Plain Uint8Arrays (PGlite's blobs) are read in place, not only Buffers.
    expect(rewriteAll([new Uint8Array(bytes)]).text).toBe(EXPECTED);
  });

  it("keeps multi-byte text intact across chunk boundaries", () => {
    const row = Buffer.from("7,Café Zürich — 東京,1,,=Ünïcode\n");
    for (let cut = 1; cut < row.length; cut++) {
      expect(rewriteAll([row.subarray(0, cut), row.subarray(cut)]).text).toBe("Café Zürich — 東京,1,,'=Ünïcode\r\n");
    }
  });

  it("refuses output that stops inside a row", () => {
    const rewriter = new CopyCsvRewriter(KINDS, 1);
    rewriter.push(Buffer.from('1,"open quote,1,,\n'));
    expect(() => rewriter.flush()).toThrow(/ended inside a row/);
  });

  it("handles large blocks and counts every row", () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `${i + 1},Name ${i},${i},"{""monday"": []}",-${i}x`);
    const result = rewriteAll([Buffer.from(`${lines.join("\n")}\n`)]);
    expect(result.rows).toBe(5000);
    expect(result.lastId).toBe(5000);
    expect(result.text.split("\r\n")[4999]).toBe(`Name 4999,4999,"{""Monday"":""Closed""}",'-4999x`);
  });
});
