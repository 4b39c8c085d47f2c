// First bytes + file name → what the file really is: content magic decides, the extension only breaks ties.
import path from "node:path";
import { decodeSample, detectEncoding, type DetectedEncoding } from "./text-decoding.ts";

export type SniffedContainer =
  | { kind: "zip" }
  | { kind: "ole" }
  | { kind: "gzip" }
  | { kind: "binary"; description: string }
  | { kind: "text"; format: "csv" | "json" | "ndjson"; encoding: DetectedEncoding; sample: string };

// Signatures of files people upload by mistake, for a message that names what they sent.
const KNOWN_BINARIES: Array<{ magic: number[]; description: string }> = [
  { magic: [0x89, 0x50, 0x4e, 0x47], description: "a PNG image" },
  { magic: [0xff, 0xd8, 0xff], description: "a JPEG image" },
  { magic: [0x47, 0x49, 0x46, 0x38], description: "a GIF image" },
  { magic: [0x25, 0x50, 0x44, 0x46], description: "a PDF document" },
  { magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], description: "a 7-Zip archive" },
  { magic: [0x52, 0x61, 0x72, 0x21], description: "a RAR archive" },
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], description: "an xz archive" },
  { magic: [0x28, 0xb5, 0x2f, 0xfd], description: "a zstd archive" },
  { magic: [0x50, 0x41, 0x52, 0x31], description: "a Parquet file" },
  { magic: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74], description: "an SQLite database" },
  { magic: [0x7f, 0x45, 0x4c, 0x46], description: "an executable" },
];

function startsWithBytes(head: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => head[i] === byte);
}

/** Lower-case extension without the dot, looking through `.gz`: "data.csv.gz" → "csv". */
export function readFileExtension(fileName: string, throughGzip = false): string {
  const base = path.basename(fileName).toLowerCase();
  const ext = path.extname(base).slice(1);
  if (throughGzip && ext === "gz") return path.extname(base.slice(0, -3)).slice(1);
  return ext;
}

/** Classifies a file from its first bytes (up to 64 KB) and, only where content is ambiguous, its name. */
export function sniffContainer(head: Uint8Array, fileName: string, insideGzip = false): SniffedContainer {
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05 || head[2] === 0x07)) return { kind: "zip" };
  if (startsWithBytes(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: "ole" };
  if (head[0] === 0x1f && head[1] === 0x8b) return { kind: "gzip" };
  for (const known of KNOWN_BINARIES) {
    if (startsWithBytes(head, known.magic)) return { kind: "binary", description: known.description };
  }
  const encoding = detectEncoding(head);
  const sample = decodeSample(head, encoding);
  if (looksBinary(sample)) return { kind: "binary", description: "binary data, not text" };
  const markup = sample.trimStart().slice(0, 64).toLowerCase();
  if (/^<(\?xml|!doctype|html|table|workbook)/.test(markup)) {
    return { kind: "binary", description: 'an HTML or XML page (often an "Excel export" from a web app)' };
  }
  return { kind: "text", format: classifyText(sample, readFileExtension(fileName, insideGzip)), encoding, sample };
}

/**
 * Control characters (other than tab, newlines, form feed) in more than 1% of the sample mean binary data; in a
 * tiny file (a few NUL bytes) they must also not be half of it.
 */
function looksBinary(sample: string): boolean {
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) controls++;
  }
  return (controls > 8 || controls * 2 >= sample.length) && controls > sample.length * 0.01;
}

/** `[` or `{` that really opens JSON → json/ndjson; a CSV whose first header is "[id]" stays CSV. */
function classifyText(sample: string, extension: string): "csv" | "json" | "ndjson" {
  const start = sample.search(/\S/);
  if (start === -1) return "csv";
  const first = sample[start];
  if (first !== "[" && first !== "{") return "csv";
  const next = sample.slice(start + 1).match(/\S/)?.[0];
  const confirmed = first === "[" ? next === undefined || /[{[\]"\-0-9tfn]/.test(next) : next === undefined || next === '"' || next === "}";
  const jsonByName = extension === "json" || extension === "ndjson" || extension === "jsonl";
  if (!confirmed && !jsonByName) return "csv";
  return first === "[" ? "json" : "ndjson";
}
