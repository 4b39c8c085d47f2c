// A seed → a deterministic corpus of malformed import files in a temp folder (each with the outcome a user must
// see), so the CLI and the admin upload can be proven to refuse or partly import every one without crashing.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { Random } from "../pipeline/generate/random.ts";
import { buildWorkbookZip, buildZip } from "./read-fixtures.ts";

/**
 * What importing the file must give:
 * - `refused`: the whole file is rejected with `code` and nothing is written;
 * - `imported`: it is read; exactly `accepted` rows stored (new, updated or unchanged; when given), `totalRows`
 *   data rows (when given) and at least `rejectedAtLeast` rejected rows, each with a line number and a reason;
 * - `handled`: a seeded mutation whose fate depends on where the damage fell: either refused with one of the
 *   documented read codes or imported with consistent counts — never a crash.
 */
export type CorpusExpectation =
  { kind: "refused"; code: string } | { kind: "imported"; accepted?: number; totalRows?: number; rejectedAtLeast?: number } | { kind: "handled" };

export interface CorpusCase {
  family: string;
  /** Path of the written file (a unique prefix, then the name a user would give it). */
  filePath: string;
  /** The name the user gave the file (what an upload sends). */
  fileName: string;
  expect: CorpusExpectation;
  /** Crash-prone (bombs, huge or deeply nested input): worth a process of its own, not only a place in a batch. */
  alone: boolean;
}

export interface Corpus {
  dir: string;
  cases: CorpusCase[];
  totalBytes: number;
}

const HEADER = ["name", "address", "phone", "category", "latitude", "longitude", "rating", "place_id", "country_code"];

/** `count` businesses whose names and place ids carry `tag`, so each file's inserts are its own. */
function buildBusinesses(tag: string, count: number): string[][] {
  const rows: string[][] = [];
  for (let i = 1; i <= count; i++) {
    rows.push([
      `Corpus ${tag} Bakery ${i}`,
      `${i} Market Street, London EC1A ${i}AA`,
      `+44 20 7946 ${String(1000 + i)}`,
      "Bakery",
      (51.5 + i / 1000).toFixed(4),
      (-0.1 - i / 1000).toFixed(4),
      "4.5",
      `corpus-${tag}-${i}`,
      "GB",
    ]);
  }
  return rows;
}

function quoteCsv(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function toCsv(rows: string[][], header = HEADER): string {
  return [header, ...rows].map((row) => row.map(quoteCsv).join(",")).join("\r\n") + "\r\n";
}

function toObjects(rows: string[][]): Array<Record<string, string>> {
  return rows.map((row) => Object.fromEntries(HEADER.map((key, i) => [key, row[i] ?? ""])));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function columnName(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Sheet XML with inline strings: row 1 the header, then `rows`. */
function buildSheetXml(rows: string[][], header = HEADER): string {
  const body = [header, ...rows]
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((cell, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join("")}</row>`,
    )
    .join("");
  return `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

function toXlsx(rows: string[][], header = HEADER): Buffer {
  return buildWorkbookZip({ sheetXml: buildSheetXml(rows, header) });
}

/** The crash-prone sample: one per kind of hostile input. */
const ALONE = new Set([
  "lying-size-bomb.xlsx",
  "real-ratio-bomb.xlsx",
  "gzip-bomb.csv.gz",
  "million-columns.csv",
  "deep-object.json",
  "nul-1.csv",
  "ten-mb-cell.xlsx",
  "billion-laughs-sheet.xlsx",
]);

const WORKBOOK_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** Builds the corpus under `dir` (created if missing). Same seed, same bytes. */
export function writeMalformedCorpus(dir: string, seed = 7): Corpus {
  fs.mkdirSync(dir, { recursive: true });
  const cases: CorpusCase[] = [];
  let totalBytes = 0;
  const add = (family: string, fileName: string, content: string | Uint8Array, expect: CorpusExpectation): void => {
    const filePath = path.join(dir, `${String(cases.length).padStart(3, "0")}-${fileName}`);
    fs.writeFileSync(filePath, content);
    totalBytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
    cases.push({ family, filePath, fileName, expect, alone: ALONE.has(fileName) });
  };
  const refused = (code: string): CorpusExpectation => ({ kind: "refused", code });
  const random = new Random(seed);

  // ---- empty, byte-order mark only, blank lines only, header only (zero rows, reported as such, not an error) ----
  const headerOnly: CorpusExpectation = { kind: "imported", accepted: 0, totalRows: 0 };
  for (const name of ["empty.csv", "empty.xlsx", "empty.json", "empty.ndjson", "empty.xls"]) add("empty", name, "", refused("FILE_EMPTY"));
  add("bom-only", "bom-utf8.csv", Buffer.from([0xef, 0xbb, 0xbf]), refused("FILE_EMPTY"));
  add("bom-only", "bom-utf16le.csv", Buffer.from([0xff, 0xfe]), refused("FILE_EMPTY"));
  add("bom-only", "bom-utf16be.csv", Buffer.from([0xfe, 0xff]), refused("FILE_EMPTY"));
  add("blank", "newlines.csv", "\n\n\r\n\n", refused("NO_HEADER"));
  add("blank", "spaces.csv", "   \n \t \n", refused("NO_HEADER"));
  add("blank", "commas.csv", ",,,,\n,,,\n", refused("NO_HEADER"));
  add("header-only", "header.csv", `${HEADER.join(",")}\n`, headerOnly);
  add("header-only", "header-no-newline.csv", HEADER.join(","), headerOnly);
  add("header-only", "header-blank-lines.csv", `${HEADER.join(";")}\r\n\r\n\r\n`, headerOnly);
  add("header-only", "header.xlsx", toXlsx([]), headerOnly);
  add("header-only", "empty-array.json", "[]", headerOnly);
  add("header-only", "empty-objects.json", "[{}, {}]", { kind: "imported", accepted: 0, rejectedAtLeast: 2 });
  add("header-only", "blank.ndjson", "\n\n", refused("NO_HEADER"));

  // ---- zips: cut off, damaged, bombs by ratio / size / entry count, not a workbook ----
  const workbook = toXlsx(buildBusinesses("xlsx", 5));
  for (const fraction of [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.95, 0.99]) {
    add(
      "truncated-zip",
      `cut-${Math.round(fraction * 100)}.xlsx`,
      workbook.subarray(0, Math.floor(workbook.length * fraction)),
      refused("CORRUPT_FILE"),
    );
  }
  add("truncated-zip", "cut-last-byte.xlsx", workbook.subarray(0, workbook.length - 1), refused("CORRUPT_FILE"));
  add("truncated-zip", "zip-header-only.xlsx", workbook.subarray(0, 4), refused("CORRUPT_FILE"));
  {
    const pastEnd = Buffer.from(workbook);
    pastEnd.writeUInt32LE(pastEnd.length * 4, pastEnd.length - 6);
    add("corrupt-zip", "directory-past-end.xlsx", pastEnd, refused("CORRUPT_FILE"));
    const miscounted = Buffer.from(workbook);
    miscounted.writeUInt16LE(3, miscounted.length - 12);
    miscounted.writeUInt16LE(3, miscounted.length - 14);
    add("corrupt-zip", "entry-count-wrong.xlsx", miscounted, refused("CORRUPT_FILE"));
    const sheetBody = workbook.indexOf(Buffer.from("xl/worksheets/sheet1.xml")) + "xl/worksheets/sheet1.xml".length;
    const garbled = Buffer.from(workbook);
    for (let i = 0; i < 40; i++) garbled[sheetBody + i] = random.int(0, 255);
    add("corrupt-zip", "sheet-data-garbled.xlsx", garbled, refused("CORRUPT_FILE"));
    const noLocal = Buffer.from(workbook);
    noLocal.write("XXXX", 0, "latin1");
    add("corrupt-zip", "local-header-wiped.xlsx", noLocal, { kind: "handled" });
    add(
      "corrupt-zip",
      "zipped-csv.xlsx",
      buildZip([{ name: "data.csv", data: Buffer.from(toCsv(buildBusinesses("zipcsv", 2))) }]),
      refused("CORRUPT_FILE"),
    );
    add(
      "corrupt-zip",
      "sheet.ods",
      buildZip([
        { name: "mimetype", data: Buffer.from("application/vnd.oasis.opendocument.spreadsheet") },
        { name: "content.xml", data: Buffer.from("<x/>") },
      ]),
      refused("UNSUPPORTED_FORMAT"),
    );
    add("corrupt-zip", "binary.xlsb", buildZip([{ name: "xl/workbook.bin", data: Buffer.alloc(64) }]), refused("UNSUPPORTED_FORMAT"));
    add(
      "corrupt-zip",
      "no-sheets.xlsx",
      buildZip([{ name: "xl/workbook.xml", data: Buffer.from(`<workbook ${WORKBOOK_NS}/>`) }]),
      refused("NO_HEADER"),
    );
  }
  // A real 52 MB sheet of spaces (≈ 1000:1): the pre-scan must refuse it without inflating anything.
  add(
    "zip-bomb-ratio",
    "real-ratio-bomb.xlsx",
    buildZip([
      { name: "xl/workbook.xml", data: Buffer.from(`<workbook ${WORKBOOK_NS}/>`) },
      { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(52 * 1024 * 1024, 0x20), deflate: true },
    ]),
    refused("ZIP_BOMB"),
  );
  add(
    "zip-bomb-ratio",
    "declared-ratio-bomb.xlsx",
    buildZip([
      { name: "xl/workbook.xml", data: Buffer.from(`<workbook ${WORKBOOK_NS}/>`) },
      { name: "xl/worksheets/sheet1.xml", data: Buffer.from("<worksheet/>"), deflate: true, declaredSize: 900 * 1024 * 1024 },
    ]),
    refused("ZIP_BOMB"),
  );
  add(
    "zip-bomb-ratio",
    "declared-total-bomb.xlsx",
    buildZip([
      { name: "xl/workbook.xml", data: Buffer.from(`<workbook ${WORKBOOK_NS}/>`) },
      ...Array.from({ length: 30 }, (_, i) => ({
        name: `xl/media/image${i}.png`,
        data: Buffer.alloc(1024 * 1024),
        deflate: false,
        declaredSize: 40 * 1024 * 1024,
      })),
    ]),
    refused("ZIP_BOMB"),
  );
  {
    // The directory claims a few KB, the sheet really inflates to 48 MB: the reader must stop at the declared size.
    const hidden = buildWorkbookZip({
      sheetXml: Buffer.concat([
        Buffer.from(`<?xml version="1.0"?><worksheet ${WORKBOOK_NS}><sheetData>`),
        Buffer.alloc(48 * 1024 * 1024, 0x20),
        Buffer.from("</sheetData></worksheet>"),
      ]),
    });
    const name = Buffer.from("xl/worksheets/sheet1.xml");
    const central = hidden.lastIndexOf(name);
    hidden.writeUInt32LE(4096, central - 46 + 24);
    add("zip-bomb-ratio", "lying-size-bomb.xlsx", hidden, refused("ZIP_BOMB"));
  }
  add(
    "zip-bomb-entries",
    "ten-thousand-entries.xlsx",
    buildZip([
      { name: "xl/workbook.xml", data: Buffer.from(`<workbook ${WORKBOOK_NS}/>`) },
      ...Array.from({ length: 10_001 }, (_, i) => ({ name: `x/${i}`, data: Buffer.alloc(0) })),
    ]),
    refused("ZIP_BOMB"),
  );
  {
    const claims = Buffer.from(workbook);
    claims.writeUInt16LE(0xfffe, claims.length - 12);
    claims.writeUInt16LE(0xfffe, claims.length - 14);
    add("zip-bomb-entries", "claims-65534-entries.xlsx", claims, refused("ZIP_BOMB"));
  }

  // ---- spreadsheet content that attacks the parser ----
  {
    const count = 200_000;
    const strings: string[] = [];
    for (let i = 0; i < count; i++) strings.push(`<si><t>shared string number ${i} padded to look like a real business name</t></si>`);
    const rows = buildBusinesses("sst", 3)
      .map(
        (row, r) =>
          `<row r="${r + 2}">${row.map((cell, c) => `<c r="${columnName(c)}${r + 2}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join("")}</row>`,
      )
      .join("");
    const header = `<row r="1">${HEADER.map((cell, c) => `<c r="${columnName(c)}1" t="inlineStr"><is><t>${cell}</t></is></c>`).join("")}</row>`;
    add(
      "huge-shared-strings",
      "huge-shared-strings.xlsx",
      buildWorkbookZip({
        sheetXml: `<worksheet ${WORKBOOK_NS}><sheetData>${header}${rows}</sheetData></worksheet>`,
        sharedStringsXml: `<sst ${WORKBOOK_NS} count="${count}" uniqueCount="${count}">${strings.join("")}</sst>`,
      }),
      { kind: "imported", accepted: 3 },
    );
  }
  {
    const bigRows = buildBusinesses("bigcell", 3);
    const huge = "A".repeat(10 * 1024 * 1024);
    (bigRows[1] as string[])[1] = huge;
    add("big-cell", "ten-mb-cell.xlsx", toXlsx(bigRows), { kind: "imported", accepted: 2, rejectedAtLeast: 1 });
    const csvRows = buildBusinesses("bigcellcsv", 3);
    (csvRows[1] as string[])[1] = huge;
    add("big-cell", "ten-mb-cell.csv", toCsv(csvRows), { kind: "imported", accepted: 2, rejectedAtLeast: 1 });
    const jsonRows = toObjects(buildBusinesses("bigcelljson", 3));
    (jsonRows[1] as Record<string, string>).address = huge;
    add("big-cell", "ten-mb-cell.json", JSON.stringify(jsonRows), { kind: "imported", accepted: 2, rejectedAtLeast: 1 });
    add("big-cell", "ten-mb-quoted-line.csv", `${HEADER.join(",")}\n"${"x".repeat(10 * 1024 * 1024)}`, { kind: "handled" });
  }
  {
    const depth = 100_000;
    const deep = `<worksheet ${WORKBOOK_NS}><sheetData>${buildSheetXml(buildBusinesses("deep", 2)).replace(/^.*<sheetData>|<\/sheetData>.*$/g, "")}<row r="9"><c r="A9" t="inlineStr"><is>${"<r>".repeat(depth)}<t>deep</t>${"</r>".repeat(depth)}</is></c></row></sheetData></worksheet>`;
    add("deep-xml", "deep-nesting.xlsx", buildWorkbookZip({ sheetXml: deep }), { kind: "imported", accepted: 3 });
    add("deep-xml", "deep-unclosed.xlsx", buildWorkbookZip({ sheetXml: `<worksheet ${WORKBOOK_NS}><sheetData>${"<row>".repeat(depth)}` }), {
      kind: "handled",
    });
    add("deep-json", "deep-array.json", `${"[".repeat(depth)}${"]".repeat(depth)}`, { kind: "handled" });
    add("deep-json", "deep-object.json", `[${'{"a":'.repeat(depth)}1${"}".repeat(depth)}]`, { kind: "handled" });
    add("deep-json", "deep-object.ndjson", `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}\n`, { kind: "handled" });
  }
  {
    const laughs = [
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`),
    ].join("");
    const sheet = (doctype: string, entity: string, tag: string) =>
      `<?xml version="1.0"?><!DOCTYPE worksheet [${doctype}]>${buildSheetXml(buildBusinesses(tag, 2)).replace("</sheetData>", `<row r="9"><c r="A9" t="inlineStr"><is><t>${entity}</t></is></c></row></sheetData>`)}`;
    add("xml-entities", "billion-laughs-sheet.xlsx", buildWorkbookZip({ sheetXml: sheet(laughs, "&lol9;", "laughs") }), {
      kind: "imported",
      accepted: 3,
    });
    add(
      "xml-entities",
      "billion-laughs-strings.xlsx",
      buildWorkbookZip({
        sheetXml: buildSheetXml(buildBusinesses("laughsst", 2)),
        sharedStringsXml: `<?xml version="1.0"?><!DOCTYPE sst [${laughs}]><sst ${WORKBOOK_NS} count="1" uniqueCount="1"><si><t>&lol9;</t></si></sst>`,
      }),
      { kind: "imported", accepted: 2 },
    );
    add(
      "xml-entities",
      "external-entity-file.xlsx",
      buildWorkbookZip({ sheetXml: sheet('<!ENTITY xxe SYSTEM "file:///etc/passwd">', "&xxe;", "xxefile") }),
      { kind: "imported", accepted: 3 },
    );
    add(
      "xml-entities",
      "external-entity-http.xlsx",
      buildWorkbookZip({ sheetXml: sheet('<!ENTITY xxe SYSTEM "http://127.0.0.1:9/x">', "&xxe;", "xxehttp") }),
      { kind: "imported", accepted: 3 },
    );
    add(
      "xml-entities",
      "external-dtd.xlsx",
      buildWorkbookZip({
        sheetXml: `<?xml version="1.0"?><!DOCTYPE worksheet SYSTEM "file:///etc/passwd">${buildSheetXml(buildBusinesses("xxedtd", 2))}`,
      }),
      { kind: "imported", accepted: 2 },
    );
    add(
      "xml-entities",
      "parameter-entity.xlsx",
      buildWorkbookZip({ sheetXml: sheet('<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;', "Corpus param Shop", "xxeparam") }),
      { kind: "imported", accepted: 3 },
    );
  }

  // ---- the wrong extension for the content ----
  add("wrong-extension", "workbook-named.csv", toXlsx(buildBusinesses("xlsxascsv", 3)), { kind: "imported", accepted: 3 });
  add("wrong-extension", "csv-named.xlsx", toCsv(buildBusinesses("csvasxlsx", 3)), { kind: "imported", accepted: 3 });
  add("wrong-extension", "csv-named.xls", toCsv(buildBusinesses("csvasxls", 3)), { kind: "imported", accepted: 3 });
  add("wrong-extension", "json-named.csv", JSON.stringify(toObjects(buildBusinesses("jsonascsv", 3))), { kind: "imported", accepted: 3 });
  add(
    "wrong-extension",
    "image-named.xlsx",
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
    refused("UNSUPPORTED_FORMAT"),
  );
  add(
    "wrong-extension",
    "jpeg-named.csv",
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]),
    refused("UNSUPPORTED_FORMAT"),
  );
  add("wrong-extension", "pdf-named.xls", Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n", "latin1"), refused("UNSUPPORTED_FORMAT"));
  add(
    "wrong-extension",
    "html-named.xls",
    `<html><body><table><tr><td>name</td></tr><tr><td>Shop</td></tr></table></body></html>`,
    refused("UNSUPPORTED_FORMAT"),
  );
  add(
    "wrong-extension",
    "xml-spreadsheet-2003.xls",
    `<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>`,
    refused("UNSUPPORTED_FORMAT"),
  );
  add("wrong-extension", "sqlite-named.csv", Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(100)]), refused("UNSUPPORTED_FORMAT"));
  add(
    "wrong-extension",
    "ole-garbage.xls",
    Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0x41)]),
    refused("CORRUPT_FILE"),
  );
  add("wrong-extension", "not-gzip.csv.gz", toCsv(buildBusinesses("plainasgz", 2)), { kind: "imported", accepted: 2 });

  // ---- gzip: garbage inside, cut off, empty, twice, a bomb past the size limit, a gzipped workbook ----
  const gzCsv = zlib.gzipSync(toCsv(buildBusinesses("gz", 20)));
  for (let i = 0; i < 4; i++) add("gzip", `garbage-${i}.csv.gz`, zlib.gzipSync(randomBytes(random, 4096)), refused("UNSUPPORTED_FORMAT"));
  for (const fraction of [0.1, 0.3, 0.5, 0.7, 0.9, 0.97])
    add(
      "gzip",
      `truncated-${Math.round(fraction * 100)}.csv.gz`,
      gzCsv.subarray(0, Math.max(3, Math.floor(gzCsv.length * fraction))),
      refused("CORRUPT_FILE"),
    );
  add("gzip", "gzip-of-nothing.csv.gz", zlib.gzipSync(Buffer.alloc(0)), refused("FILE_EMPTY"));
  add("gzip", "gzip-twice.csv.gz", zlib.gzipSync(gzCsv), refused("UNSUPPORTED_FORMAT"));
  add("gzip", "gzipped-workbook.xlsx.gz", zlib.gzipSync(workbook), refused("UNSUPPORTED_FORMAT"));
  add("gzip", "gzip-bomb.csv.gz", zlib.gzipSync(Buffer.alloc(151 * 1024 * 1024, 0x2c), { level: 1 }), refused("FILE_TOO_LARGE"));
  {
    const crcBroken = Buffer.from(gzCsv);
    crcBroken.writeUInt32LE(crcBroken.readUInt32LE(crcBroken.length - 8) ^ 0xffff, crcBroken.length - 8);
    add("gzip", "wrong-checksum.csv.gz", crcBroken, refused("CORRUPT_FILE"));
    const trailing = Buffer.concat([gzCsv, Buffer.from("trailing garbage")]);
    add("gzip", "trailing-garbage.csv.gz", trailing, { kind: "handled" });
  }

  // ---- binary garbage and NUL bytes ----
  for (let i = 0; i < 6; i++)
    add(
      "binary",
      `random-${i}.${["csv", "xlsx", "json", "xls", "ndjson", "csv"][i]}`,
      randomBytes(random, 512 + i * 3000),
      refused("UNSUPPORTED_FORMAT"),
    );
  for (const size of [1, 16, 4096, 1024 * 1024]) add("nul-filled", `nul-${size}.csv`, Buffer.alloc(size), refused("UNSUPPORTED_FORMAT"));
  add("nul-filled", "nul-4096.xlsx", Buffer.alloc(4096), refused("UNSUPPORTED_FORMAT"));
  add("binary", "elf-named.csv", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(random, 1000)]), refused("UNSUPPORTED_FORMAT"));
  {
    const csv = Buffer.from(toCsv(buildBusinesses("nulrows", 4)));
    const withNuls = Buffer.from(csv);
    withNuls[csv.indexOf("Corpus nulrows Bakery 2") + 7] = 0;
    add("nul-filled", "nul-inside-a-name.csv", withNuls, { kind: "imported", accepted: 4 });
    add("nul-filled", "nul-in-header.csv", `na\0me,addr\0ess\r\nCorpus nulhead Shop,1 Road\r\n`, { kind: "handled" });
    add("nul-filled", "nul-in-rejected-row.csv", `name,address\r\n,1 R\0oad\r\nCorpus nulrej Shop,2 Road\r\n`, {
      kind: "imported",
      accepted: 1,
      rejectedAtLeast: 1,
    });
    add("nul-filled", "nul-key.json", `[{"name":"Corpus nulkey Shop","a\\u0000b":"x"},{"na\\u0000me":"\\u0000"}]`, {
      kind: "imported",
      accepted: 1,
      rejectedAtLeast: 1,
    });
  }

  // ---- text encodings ----
  {
    const text = toCsv(buildBusinesses("utf16le", 3)).replace("Bakery 1", "Bäckerei 1");
    add("encoding", "utf16le-no-bom.csv", Buffer.from(text, "utf16le"), { kind: "imported", accepted: 3 });
    const be = Buffer.from(toCsv(buildBusinesses("utf16be", 3)), "utf16le").swap16();
    add("encoding", "utf16be-no-bom.csv", be, { kind: "imported", accepted: 3 });
    const mixed = Buffer.concat([
      Buffer.from(toCsv(buildBusinesses("mixedenc", 2)).replace("Bakery 1", "Café 1"), "utf8"),
      Buffer.from("Corpus mixedenc Caf\xe9 3,Rue 3,,Cafe,48.85,2.35,4,corpus-mixedenc-3,FR\r\n", "latin1"),
    ]);
    add("encoding", "mixed-utf8-latin1.csv", mixed, { kind: "imported", accepted: 3 });
    add("encoding", "latin1.csv", Buffer.from(toCsv(buildBusinesses("latin1", 2)).replace("Bakery 1", "Pâtisserie 1"), "latin1"), {
      kind: "imported",
      accepted: 2,
    });
    const invalid = Buffer.from(toCsv(buildBusinesses("badutf8", 3)));
    const at = invalid.indexOf("Bakery 2");
    invalid[at] = 0xc3;
    invalid[at + 1] = 0x28;
    add("encoding", "invalid-utf8.csv", invalid, { kind: "imported", accepted: 3 });
    add(
      "encoding",
      "lone-surrogates.json",
      `[{"name":"Corpus surrogate \\ud800 Bakery","address":"1 Road","country_code":"GB","place_id":"corpus-surrogate-1"}]`,
      { kind: "imported", accepted: 1 },
    );
    add("encoding", "utf8-bom-json.json", `\ufeff${JSON.stringify(toObjects(buildBusinesses("bomjson", 2)))}`, { kind: "imported", accepted: 2 });
  }

  // ---- CSV structure ----
  {
    const good = buildBusinesses("quotes", 4);
    const lines = toCsv(good).split("\r\n");
    lines.splice(3, 0, `"Corpus quotes Broken 1,"unterminated, "x,y`, `Corpus quotes "Stray" Quote,1 Road,,Cafe,1,1,4,corpus-quotes-stray,GB`);
    add("quotes", "mismatched-quotes.csv", lines.join("\r\n"), { kind: "handled" });
    add("quotes", "unclosed-quote-at-end.csv", `${toCsv(buildBusinesses("unclosed", 3))}"Corpus unclosed Tail,never closed\r\n`, {
      kind: "imported",
      accepted: 3,
      rejectedAtLeast: 1,
    });
    add("quotes", "quote-in-header.csv", `na"me,address\r\nCorpus hq Bakery,1 Road\r\n`, { kind: "handled" });
    add("quotes", "only-quotes.csv", '"""""""""""""""""""""', { kind: "handled" });
    add(
      "csv-shape",
      "ragged-rows.csv",
      `${HEADER.join(",")}\r\n${buildBusinesses("ragged", 3)
        .map((row, i) =>
          row
            .slice(0, 9 - i * 3)
            .map(quoteCsv)
            .join(","),
        )
        .join("\r\n")}\r\n`,
      { kind: "handled" },
    );
    add(
      "csv-shape",
      "extra-columns.csv",
      `${HEADER.join(",")}\r\n${buildBusinesses("extra", 3)
        .map((row) => [...row, "x", "y", "z"].map(quoteCsv).join(","))
        .join("\r\n")}\r\n`,
      { kind: "imported", accepted: 3 },
    );
    add("csv-shape", "no-name-column.csv", "foo,bar\r\n1,2\r\n3,4\r\n", { kind: "imported", accepted: 0, rejectedAtLeast: 2 });
    add(
      "csv-shape",
      "repeated-headers.csv",
      `${HEADER.join(",")}\r\n${HEADER.join(",")}\r\n${toCsv(buildBusinesses("repeat", 2)).split("\r\n").slice(1).join("\r\n")}`,
      { kind: "imported", accepted: 2 },
    );
    add("csv-shape", "missing-names.csv", toCsv(buildBusinesses("noname", 4).map((row, i) => (i % 2 === 0 ? ["", ...row.slice(1)] : row))), {
      kind: "imported",
      accepted: 2,
      rejectedAtLeast: 2,
    });
    add(
      "csv-shape",
      "bad-coordinates.csv",
      toCsv(buildBusinesses("coords", 3).map((row, i) => (i === 0 ? [...row.slice(0, 4), "999", "abc", ...row.slice(6)] : row))),
      { kind: "handled" },
    );
    add("csv-shape", "very-long-line.csv", `${HEADER.join(",")}\r\n${"y".repeat(20 * 1024 * 1024)}`, { kind: "handled" });
    add("csv-shape", "cr-only-newlines.csv", toCsv(buildBusinesses("cronly", 3)).replace(/\r\n/g, "\r"), { kind: "imported", accepted: 3 });
    add("csv-shape", "tab-separated.csv", toCsv(buildBusinesses("tabs", 3)).replace(/,/g, "\t"), { kind: "imported", accepted: 3 });
    add(
      "csv-shape",
      "formula-cells.csv",
      toCsv(buildBusinesses("formula", 2).map((row) => [`=HYPERLINK("http://x","${row[0]}")`, ...row.slice(1)])),
      { kind: "handled" },
    );
    add("csv-shape", "proto-header.csv", `__proto__,constructor,name\r\n1,2,Corpus proto Bakery\r\n`, { kind: "imported", accepted: 1 });
  }

  // ---- too many columns ----
  add("many-columns", "million-columns.csv", `${Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(",")}\n1,2\n`, refused("TOO_MANY_COLUMNS"));
  add("many-columns", "million-empty-columns.csv", `name${",".repeat(1_000_000)}x\nShop\n`, refused("TOO_MANY_COLUMNS"));
  add("many-columns", "2001-columns.csv", `${Array.from({ length: 2001 }, (_, i) => `c${i}`).join(";")}\n1;2\n`, refused("TOO_MANY_COLUMNS"));
  add(
    "many-columns",
    "3000-keys.json",
    JSON.stringify([Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))]),
    refused("TOO_MANY_COLUMNS"),
  );
  add(
    "many-columns",
    "3000-keys.ndjson",
    `${JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i])))}\n`,
    refused("TOO_MANY_COLUMNS"),
  );
  add(
    "many-columns",
    "16384-columns.xlsx",
    toXlsx(
      [],
      Array.from({ length: 16_384 }, (_, i) => `c${i}`),
    ),
    refused("TOO_MANY_COLUMNS"),
  );

  // ---- JSON and NDJSON broken in many ways ----
  const jsonGood = toObjects(buildBusinesses("json", 3));
  const jsonText = JSON.stringify(jsonGood);
  const brokenJson: Array<[string, string, CorpusExpectation]> = [
    ["open-bracket.json", "[", { kind: "handled" }],
    ["open-object.json", '[{"name":', { kind: "handled" }],
    ["truncated-array.json", jsonText.slice(0, Math.floor(jsonText.length * 0.7)), { kind: "handled" }],
    ["trailing-comma.json", `${jsonText.slice(0, -1)},]`, { kind: "handled" }],
    ["numbers.json", "[1,2,3]", { kind: "imported", accepted: 0, rejectedAtLeast: 3 }],
    ["strings.json", '["a","b"]', { kind: "imported", accepted: 0, rejectedAtLeast: 2 }],
    ["nulls.json", "[null,null]", { kind: "imported", accepted: 0, rejectedAtLeast: 2 }],
    ["bare-null.json", "null", { kind: "handled" }],
    ["bare-string.json", '"just a string"', { kind: "handled" }],
    ["bare-number.json", "42", { kind: "handled" }],
    ["single-quotes.json", "[{'name':'Shop'}]", { kind: "handled" }],
    ["comments.json", `// export\n${jsonText}`, { kind: "handled" }],
    ["nan.json", '[{"name":"Corpus nan Shop","rating":NaN}]', { kind: "handled" }],
    [
      "huge-number.json",
      `[{"name":"Corpus hugenum Shop","place_id":"corpus-hugenum-1","rating":1${"0".repeat(400)}}]`,
      { kind: "imported", accepted: 1 },
    ],
    [
      "mixed-good-bad.json",
      `[${JSON.stringify(jsonGood[0])},42,${JSON.stringify(jsonGood[1])},"x",${JSON.stringify(jsonGood[2])}]`,
      { kind: "imported", accepted: 3, rejectedAtLeast: 2 },
    ],
    ["nested-values.json", '[{"name":{"first":"Corpus"},"address":["a","b"]}]', { kind: "handled" }],
    ["duplicate-keys.json", '[{"name":"Corpus dup A","name":"Corpus dup B","place_id":"corpus-dupkey-1"}]', { kind: "imported", accepted: 1 }],
    ["two-arrays.json", `${jsonText}${jsonText}`, { kind: "handled" }],
    ["unterminated-string.json", '[{"name":"Corpus unterminated', { kind: "handled" }],
    ["control-chars.json", `[{"name":"Corpus ctl\u0001\u0002 Shop","place_id":"corpus-ctl-1"}]`, { kind: "handled" }],
    ["object-not-array.json", JSON.stringify({ data: jsonGood }), { kind: "handled" }],
    ["garbage-after.json", `${jsonText} }}}`, { kind: "handled" }],
    ["huge-string.json", `[{"name":"${"n".repeat(5 * 1024 * 1024)}"}]`, { kind: "imported", accepted: 0, rejectedAtLeast: 1 }],
  ];
  for (const [name, content, expect] of brokenJson) add("json-broken", name, content, expect);
  const ndGood = toObjects(buildBusinesses("nd", 4)).map((record) => JSON.stringify(record));
  const brokenNd: Array<[string, string, CorpusExpectation]> = [
    [
      "bad-line-between.ndjson",
      [ndGood[0], "{not json}", ndGood[1], "", ndGood[2]].join("\n"),
      { kind: "imported", accepted: 3, rejectedAtLeast: 1 },
    ],
    ["truncated-last.ndjson", [ndGood[0], ndGood[1], (ndGood[2] as string).slice(0, 20)].join("\n"), { kind: "handled" }],
    ["array-lines.ndjson", "[1]\n[2]\n", { kind: "handled" }],
    ["scalar-lines.ndjson", `${ndGood[0]}\n42\n"x"\nnull\n`, { kind: "handled" }],
    ["crlf-and-blank.ndjson", `\r\n${ndGood.join("\r\n\r\n")}\r\n`, { kind: "imported", accepted: 4 }],
    ["concatenated.ndjson", ndGood.join(""), { kind: "imported", accepted: 4 }],
    ["unbalanced.ndjson", `${ndGood[0]}\n{"name":"x"\n${ndGood[1]}\n`, { kind: "handled" }],
    ["only-garbage.ndjson", "{garbage\n{more garbage\n", { kind: "handled" }],
    ["jsonl-named.jsonl", ndGood.join("\n"), { kind: "handled" }],
    ["nul-line.ndjson", `${ndGood[0]}\n\0\0\0\n${ndGood[1]}\n`, { kind: "handled" }],
  ];
  for (const [name, content, expect] of brokenNd) add("ndjson-broken", name, content, expect);

  // ---- legacy .xls (SheetJS in the worker): a valid one, then cut and flipped copies ----
  {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...buildBusinesses("xls", 3)]), "Sheet1");
    const xls = XLSX.write(book, { type: "buffer", bookType: "biff8" }) as Buffer;
    add("xls", "valid.xls", xls, { kind: "imported", accepted: 3 });
    add("xls", "valid-named.xlsx", xls, { kind: "imported", accepted: 3 });
    const flips = new Random(seed, xls.length);
    for (const fraction of [0.1, 0.5, 0.9])
      add("xls", `cut-${Math.round(fraction * 100)}.xls`, xls.subarray(0, Math.floor(xls.length * fraction)), { kind: "handled" });
    for (let i = 0; i < 5; i++) {
      const bytes = Buffer.from(xls);
      for (let f = 0; f < 3; f++) {
        const at = flips.int(0, bytes.length - 1);
        bytes[at] = (bytes[at] as number) ^ (1 << flips.int(0, 7));
      }
      add("xls", `flipped-${i}.xls`, bytes, { kind: "handled" });
    }
  }

  // ---- seeded mutations of valid small files: truncation and byte flips at many offsets ----
  const bases: Array<{ name: string; bytes: Buffer; count: number }> = [
    { name: "csv", bytes: Buffer.from(toCsv(buildBusinesses("mutcsv", 6))), count: 45 },
    { name: "json", bytes: Buffer.from(JSON.stringify(toObjects(buildBusinesses("mutjson", 6)), null, 1)), count: 40 },
    {
      name: "ndjson",
      bytes: Buffer.from(
        toObjects(buildBusinesses("mutnd", 6))
          .map((record) => JSON.stringify(record))
          .join("\n"),
      ),
      count: 30,
    },
    { name: "xlsx", bytes: toXlsx(buildBusinesses("mutxlsx", 6)), count: 36 },
  ];
  for (const base of bases) {
    const mutations = new Random(seed, base.bytes.length);
    for (let i = 0; i < base.count; i++) {
      const bytes = Buffer.from(base.bytes);
      let label: string;
      if (i % 3 === 0) {
        const cut = mutations.int(1, bytes.length - 1);
        label = `cut${cut}`;
        add("mutation", `${base.name}-${label}.${base.name}`, bytes.subarray(0, cut), { kind: "handled" });
        continue;
      }
      const flips = i % 3 === 1 ? 1 : mutations.int(2, 12);
      const offsets: number[] = [];
      for (let f = 0; f < flips; f++) {
        const at = mutations.int(0, bytes.length - 1);
        offsets.push(at);
        bytes[at] = (bytes[at] as number) ^ (1 << mutations.int(0, 7));
      }
      label = `flip${offsets.slice(0, 3).join("-")}`;
      add("mutation", `${base.name}-${label}.${base.name}`, bytes, { kind: "handled" });
    }
  }
  return { dir, cases, totalBytes };
}

function randomBytes(random: Random, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = random.int(0, 255);
  return bytes;
}
