// Raw bytes → text: BOM, UTF-16 NUL patterns and UTF-8 validity pick the encoding; newlines come out as "\n" only.

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface DetectedEncoding {
  encoding: TextEncodingName;
  bom: boolean;
  /** Bytes to drop at the start of the stream. */
  bomLength: number;
}

/** Sniffing window: enough for a header and a few dozen rows. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Picks the encoding from the first bytes: BOM, then a UTF-16 NUL pattern, then strict UTF-8, else windows-1252.
 * `complete`: the head is the whole file, so a trailing partial UTF-8 sequence is an error, not a cut.
 */
export function detectEncoding(head: Uint8Array, complete = head.length < SNIFF_BYTES): DetectedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bom: true, bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bom: true, bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bom: true, bomLength: 2 };
  const utf16 = detectUtf16WithoutBom(head);
  if (utf16) return { encoding: utf16, bom: false, bomLength: 0 };
  return { encoding: isValidUtf8(head, complete) ? "utf-8" : "windows-1252", bom: false, bomLength: 0 };
}

/** ASCII-heavy UTF-16 has a NUL in every other byte: odd positions for LE, even for BE. */
function detectUtf16WithoutBom(head: Uint8Array): "utf-16le" | "utf-16be" | undefined {
  const pairs = Math.floor(Math.min(head.length, 4096) / 2);
  if (pairs < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenZeros++;
    if (head[2 * i + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return "utf-16be";
  return undefined;
}

/** Strict UTF-8 check; for a sample cut from a longer file, a multi-byte sequence cut off at its end is fine. */
function isValidUtf8(head: Uint8Array, complete: boolean): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

// NOTE: Node 20's TextDecoder("windows-1252") is really ISO-8859-1 (0x80–0x9F come out as C1 controls,
// so "€", "’" and "…" are lost); we decode as latin1 and map that block ourselves.
const WINDOWS_1252_HIGH: Record<string, string> = Object.fromEntries(
  [
    [0x80, 0x20ac],
    [0x82, 0x201a],
    [0x83, 0x0192],
    [0x84, 0x201e],
    [0x85, 0x2026],
    [0x86, 0x2020],
    [0x87, 0x2021],
    [0x88, 0x02c6],
    [0x89, 0x2030],
    [0x8a, 0x0160],
    [0x8b, 0x2039],
    [0x8c, 0x0152],
    [0x8e, 0x017d],
    [0x91, 0x2018],
    [0x92, 0x2019],
    [0x93, 0x201c],
    [0x94, 0x201d],
    [0x95, 0x2022],
    [0x96, 0x2013],
    [0x97, 0x2014],
    [0x98, 0x02dc],
    [0x99, 0x2122],
    [0x9a, 0x0161],
    [0x9b, 0x203a],
    [0x9c, 0x0153],
    [0x9e, 0x017e],
    [0x9f, 0x0178],
  ].map(([byte, codePoint]) => [String.fromCharCode(byte as number), String.fromCharCode(codePoint as number)]),
);

export function decodeWindows1252(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return /[\x80-\x9f]/.test(text) ? text.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c] ?? c) : text;
}

export interface StreamingDecoder {
  decode(chunk: Uint8Array): string;
  flush(): string;
}

/** A stateful decoder: multi-byte characters split across chunks come out whole. */
export function createStreamingDecoder(encoding: TextEncodingName): StreamingDecoder {
  if (encoding === "windows-1252") return { decode: decodeWindows1252, flush: () => "" };
  // ignoreBOM: the caller drops the BOM bytes itself, so a later U+FEFF in the data is kept as data.
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  return {
    decode: (chunk) => decoder.decode(chunk, { stream: true }),
    flush: () => decoder.decode(),
  };
}

/** Turns CRLF and lone CR into LF across chunk boundaries, so every consumer counts lines the same way. */
export function createNewlineNormalizer(): { normalize(text: string): string; flush(): string } {
  let pendingCr = false;
  return {
    normalize(text) {
      let input = pendingCr ? `\r${text}` : text;
      pendingCr = input.endsWith("\r");
      if (pendingCr) input = input.slice(0, -1);
      return input.includes("\r") ? input.replace(/\r\n?/g, "\n") : input;
    },
    flush() {
      const rest = pendingCr ? "\n" : "";
      pendingCr = false;
      return rest;
    },
  };
}

/** Bytes → normalized text chunks; the BOM is dropped. */
export async function* decodeTextStream(chunks: AsyncIterable<Uint8Array>, detected: DetectedEncoding): AsyncGenerator<string> {
  const decoder = createStreamingDecoder(detected.encoding);
  const newlines = createNewlineNormalizer();
  let toSkip = detected.bomLength;
  for await (const raw of chunks) {
    let chunk = raw;
    if (toSkip > 0) {
      const skipped = Math.min(toSkip, chunk.length);
      chunk = chunk.subarray(skipped);
      toSkip -= skipped;
    }
    const text = newlines.normalize(decoder.decode(chunk));
    if (text !== "") yield text;
  }
  const tail = newlines.normalize(decoder.flush()) + newlines.flush();
  if (tail !== "") yield tail;
}

/** Decodes a sniffing sample (BOM dropped, newlines normalized); a cut-off last character is left out. */
export function decodeSample(head: Uint8Array, detected: DetectedEncoding): string {
  const decoder = createStreamingDecoder(detected.encoding);
  const text = decoder.decode(head.subarray(detected.bomLength));
  return createNewlineNormalizer().normalize(text);
}
