import { describe, expect, it } from "vitest";
import { readSheetXmlRows } from "./xlsx-sheet-scanner.ts";

const context = { strings: ["first", "second"], formats: [undefined, "yyyy-mm-dd"] };

// Cells the plain-cell path reads whole, and cells it must leave to the tag-by-tag path (attribute layouts
// readAttribute reads its own way, comments inside a value, formulas), each with the value that path gives.
const SHEET = [
  "<worksheet><sheetData>\n",
  '<row r="1"><c r="A1" t="str"><v>{&quot;a&quot;:&quot;b &amp;amp; c&quot;}</v></c><c r="B1"><v>4.5</v></c><c r="C1" t="b"><v>1</v></c>',
  '<c r="D1" t="s"><v>1</v></c><c r="E1" s="1"/><c r="F1" s="0"></c><c r="G1" t="e"><v>#N/A</v></c></row>\n',
  '<row r="2"><c r="A2" t="inlineStr"><is><t>inline &lt;b&gt;</t></is></c><c r="B2" t="inlineStr"><is><t xml:space="preserve">  spaced  </t></is></c>',
  '<c r="C2"><f>B1*2</f><v>9</v></c><c r="D2" t="str"><f>A1&amp;"!"</f><v>x &amp;amp;quot; y</v></c><c t="str"><v>no r</v></c>',
  '<c r="H2" t="str"><v>Café ☕ 😀</v></c></row>\n',
  '<row r="3"><c r="A3" foo="a=b" t="str"><v>equals in a value</v></c><c t="str" r="B3"><v>t before r</v></c>',
  '<c\tr="C3"\tt="str"><v>tabs</v></c><c r=\'D3\' t=\'str\'><v>single quotes</v></c><c r="E3" t="&#115;"><v>0</v></c>',
  '<c xr="1" r="F3" t="str"><v>name ending in r</v></c><c r="G3" s="1"><v>45000.5</v></c>',
  '<c r="H3" t="str"><v>a<!-- note -->b</v></c><c r="I3" t="str"><v>line\r\nbreak</v></c><c r="J3" s="12345678901234567"><v>7</v></c>',
  // readAttribute finds the first "r=", even inside another value (it reads " r=" there: no column, so the next one).
  '<c foo=" r=" r="M3" t="str"><v>r= in a value</v></c><c r="L3" r="Z3" t="str"><v>first r wins</v></c></row>\n',
  "</sheetData></worksheet>",
].join("");

const EXPECTED = [
  { line: 1, cells: ['{"a":"b & c"}', 4.5, true, "second", null, null, { error: "#N/A" }] },
  {
    line: 2,
    cells: [
      "inline <b>",
      "  spaced  ",
      { formula: "B1*2", result: 9 },
      { formula: 'A1&"!"', result: "x &quot; y" },
      "no r",
      null,
      null,
      "Café ☕ 😀",
    ],
  },
  {
    line: 3,
    cells: [
      "equals in a value",
      "t before r",
      "tabs",
      "single quotes",
      "first",
      "name ending in r",
      new Date(Math.round((45000.5 - 25569) * 86_400_000)),
      "ab",
      "line\nbreak",
      7,
      "r= in a value",
      "first r wins",
    ],
  },
];

describe("lean XLSX sheet pass", () => {
  it("reads usual and unusual cells as the tag-by-tag rules give them", () => {
    expect(readSheetXmlRows([SHEET], context)).toEqual(EXPECTED);
  });

  it("gives the same rows wherever the text is split: inside tags, attributes, entities and values", () => {
    for (let at = 0; at <= SHEET.length; at++) {
      expect(readSheetXmlRows([SHEET.slice(0, at), SHEET.slice(at)], context), `split at ${at}`).toEqual(EXPECTED);
    }
    for (let at = 0; at + 7 <= SHEET.length; at += 7) {
      const chunks = [SHEET.slice(0, at), SHEET.slice(at, at + 3), SHEET.slice(at + 3, at + 7), SHEET.slice(at + 7)];
      expect(readSheetXmlRows(chunks, context), `splits at ${at}, ${at + 3}, ${at + 7}`).toEqual(EXPECTED);
    }
  });
});
