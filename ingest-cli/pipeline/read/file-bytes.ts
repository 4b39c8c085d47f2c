// A path → checked size, head/tail bytes and a byte stream (gunzipped on request) that stops at the size cap.
import fs from "node:fs";
import { pipeline, Transform } from "node:stream";
import zlib from "node:zlib";
import { formatBytes, SourceError } from "./source-error.ts";

export const READ_CHUNK_BYTES = 64 * 1024;

/** Size of a readable regular file, or FILE_NOT_FOUND / FILE_EMPTY / FILE_TOO_LARGE before any parsing. */
export async function statSourceFile(filePath: string, maxBytes: number, label: string): Promise<number> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.stat(filePath);
  } catch (error) {
    throw new SourceError("FILE_NOT_FOUND", `${label}: file not found (${filePath}). Check the path and that the upload finished.`, { cause: error });
  }
  if (!stats.isFile()) throw new SourceError("FILE_NOT_FOUND", `${label}: ${filePath} is not a regular file. Give the path of the file itself.`);
  if (stats.size === 0)
    throw new SourceError("FILE_EMPTY", `${label}: the file is empty (0 bytes). Export it again; the download or export may have failed.`);
  if (stats.size > maxBytes) throw createTooLargeError(label, stats.size, maxBytes, "");
  return stats.size;
}

export function createTooLargeError(label: string, size: number, maxBytes: number, what: string): SourceError {
  return new SourceError(
    "FILE_TOO_LARGE",
    `${label}: the file is ${what}${formatBytes(size)}, more than the ${formatBytes(maxBytes)} limit. Split it into smaller files (for example by country) and import them one by one.`,
  );
}

export async function readFileRange(filePath: string, position: number, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface ByteStream {
  chunks: AsyncIterable<Buffer>;
  destroy(): void;
  /** Bytes of the file itself read so far (compressed ones for gzip): the import's progress. */
  bytesRead(): number;
}

/** Streams the file's bytes; with `gunzip`, the decompressed bytes, failing with FILE_TOO_LARGE once they pass `maxBytes`. */
export function openByteStream(filePath: string, options: { gunzip: boolean; maxBytes: number; label: string }): ByteStream {
  const file = fs.createReadStream(filePath, { highWaterMark: READ_CHUNK_BYTES });
  // NOTE: the stream's own count; a "data" listener would switch it to flowing mode under the async iterator.
  const bytesRead = () => file.bytesRead;
  if (!options.gunzip) {
    return { chunks: mapStreamErrors(file, options.label), destroy: () => file.destroy(), bytesRead };
  }
  let total = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > options.maxBytes) done(createTooLargeError(options.label, total, options.maxBytes, "when decompressed at least "));
      else done(null, chunk);
    },
  });
  // NOTE: pipeline destroys every stage when one fails, so a damaged gzip member cannot leave the file open.
  const out = pipeline(file, zlib.createGunzip({ chunkSize: READ_CHUNK_BYTES }), cap, () => {});
  return { chunks: mapStreamErrors(out, options.label), destroy: () => out.destroy(), bytesRead };
}

async function* mapStreamErrors(stream: AsyncIterable<Buffer>, label: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (error) {
    throw convertStreamError(error, label);
  }
}

function convertStreamError(error: unknown, label: string): unknown {
  if (error instanceof SourceError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  if (code.startsWith("Z_") || code === "ERR_ZLIB_INITIALIZATION_FAILED") {
    return new SourceError(
      "CORRUPT_FILE",
      `${label}: the gzip data is damaged or cut off (${(error as Error).message}). Download or compress the file again.`,
      { cause: error },
    );
  }
  if (code === "ENOENT") return new SourceError("FILE_NOT_FOUND", `${label}: the file disappeared while it was being read.`, { cause: error });
  return error;
}

/**
 * Decompresses the whole gzip once without parsing, counting bytes: too large or damaged (cut off) is known
 * before the first record, so a broken .gz is never half-imported. Inflating is several times faster than parsing.
 */
export async function measureGunzip(
  filePath: string,
  options: { headBytes: number; maxBytes: number; label: string; signal?: AbortSignal },
): Promise<{ head: Buffer; size: number }> {
  const stream = openByteStream(filePath, { gunzip: true, maxBytes: options.maxBytes, label: options.label });
  const parts: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  try {
    for await (const chunk of stream.chunks) {
      options.signal?.throwIfAborted();
      size += chunk.length;
      if (headSize < options.headBytes) {
        parts.push(chunk);
        headSize += chunk.length;
      }
    }
  } finally {
    stream.destroy();
  }
  return { head: Buffer.concat(parts).subarray(0, options.headBytes), size };
}
