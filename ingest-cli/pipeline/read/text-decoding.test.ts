import { describe, expect, it } from "vitest";
import { createNewlineNormalizer, decodeTextStream, decodeWindows1252, detectEncoding } from "./text-decoding.ts";

async function decodeChunks(chunks: Buffer[]): Promise<string> {
  async function* source() {
    yield* chunks;
  }
  let text = "";
  for await (const piece of decodeTextStream(source(), detectEncoding(Buffer.concat(chunks)))) text += piece;
  return text;
}

describe("encoding detection", () => {
  it("reads BOMs, UTF-16 NUL patterns, strict UTF-8, and falls back to windows-1252", () => {
    expect(detectEncoding(Buffer.from("\ufeffa,b", "utf8"))).toEqual({ encoding: "utf-8", bom: true, bomLength: 3 });
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x61]))).toEqual({ encoding: "utf-16be", bom: true, bomLength: 2 });
    expect(detectEncoding(Buffer.from("name,city\n", "utf16le")).encoding).toBe("utf-16le");
    expect(detectEncoding(Buffer.from("Café", "utf8")).encoding).toBe("utf-8");
    expect(detectEncoding(Buffer.from("Café", "latin1")).encoding).toBe("windows-1252");
    // A multi-byte character cut by the end of the sample is still UTF-8.
    expect(detectEncoding(Buffer.from("ab€", "utf8").subarray(0, 4), false).encoding).toBe("utf-8");
    expect(detectEncoding(Buffer.from("ab€", "utf8").subarray(0, 4), true).encoding).toBe("windows-1252");
  });

  it("maps the windows-1252 block that Node's TextDecoder gets wrong", () => {
    expect(decodeWindows1252(Buffer.from([0x80, 0x85, 0x92, 0x9c, 0xe9]))).toBe("€…’œé");
  });
});

describe("streaming decode", () => {
  it("keeps characters split across chunks whole and drops the BOM", async () => {
    const bytes = Buffer.from("\ufeffZürich → 東京\n", "utf8");
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await decodeChunks(chunks)).toBe("Zürich → 東京\n");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("ça va\r\n", "utf16le")]);
    expect(await decodeChunks([utf16.subarray(0, 5), utf16.subarray(5)])).toBe("ça va\n");
  });

  it("turns CRLF and lone CR into LF, even when CR ends a chunk", () => {
    const normalizer = createNewlineNormalizer();
    const out = ["a\r", "\nb\r", "c\r"].map((text) => normalizer.normalize(text)).join("") + normalizer.flush();
    expect(out).toBe("a\nb\nc\n");
  });
});
