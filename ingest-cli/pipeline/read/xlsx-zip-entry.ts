// One entry of a vetted zip → its uncompressed text, chunk by chunk (stored or deflated), refusing to unpack more
// than the central directory declared.
import fs from "node:fs";
import zlib from "node:zlib";
import { readFileRange } from "./file-bytes.ts";
import { formatBytes, SourceError } from "./source-error.ts";
import type { ZipEntrySummary } from "./zip-scan.ts";

/** One zip entry's uncompressed text, chunk by chunk; `onPackedBytes` hears the packed bytes read so far. */
export async function* readEntryText(filePath: string, entry: ZipEntrySummary, onPackedBytes?: (bytes: number) => void): AsyncGenerator<string> {
  const header = await readFileRange(filePath, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new Error(`the zip entry "${entry.name}" has no local header`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return;
  const raw = fs.createReadStream(filePath, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  const bytes = entry.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: 256 * 1024 })) : raw;
  raw.on("error", (error) => bytes.destroy(error));
  const decoder = new TextDecoder("utf-8");
  let inflated = 0;
  for await (const chunk of bytes as AsyncIterable<Buffer>) {
    // NOTE: the pre-scan vetted the declared size only; a forged directory must not unpack more than it declared.
    inflated += chunk.length;
    if (inflated > entry.uncompressedSize) {
      bytes.destroy();
      throw new SourceError(
        "ZIP_BOMB",
        `refused to unpack the workbook — "${entry.name}" unpacks to more than the ${formatBytes(entry.uncompressedSize)} its zip directory declares. If the file is genuine, export it again as CSV.`,
      );
    }
    onPackedBytes?.(raw.bytesRead);
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
