// A zip file → its central directory summary, read by hand before any unzip: rejects bombs and non-workbooks early.
import { readFileRange } from "./file-bytes.ts";
import { formatBytes, SourceError } from "./source-error.ts";

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressed: 1024 * 1024 * 1024,
  maxRatio: 200,
  /** The ratio rule only applies to entries above this size: small XML parts compress 100:1 legitimately. */
  ratioMinUncompressed: 50 * 1024 * 1024,
  /** A central directory this big cannot belong to a 10,000-entry workbook. */
  maxCentralDirectoryBytes: 32 * 1024 * 1024,
};

export interface ZipEntrySummary {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the entry's local header starts (its data follows that header). */
  localHeaderOffset: number;
}

export interface ZipSummary {
  entries: ZipEntrySummary[];
  totalUncompressed: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_MIN_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

function createCorruptError(label: string, what: string): SourceError {
  return new SourceError(
    "CORRUPT_FILE",
    `${label}: the workbook is damaged — ${what}. It was probably cut off during download or upload; open it in Excel, save it again and retry.`,
  );
}

function createBombError(label: string, what: string): SourceError {
  return new SourceError(
    "ZIP_BOMB",
    `${label}: refused to unpack the workbook — ${what}. A real business list never looks like this; if the file is genuine, export it again as CSV.`,
  );
}

/** Reads the end-of-central-directory record (ZIP64 aware) and every central entry, enforcing ZIP_LIMITS. */
export async function scanZipCentralDirectory(filePath: string, fileSize: number, label: string): Promise<ZipSummary> {
  const tailLength = Math.min(fileSize, EOCD_MIN_BYTES + MAX_COMMENT_BYTES + 20);
  const tail = await readFileRange(filePath, fileSize - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN_BYTES; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw createCorruptError(label, "its zip directory is missing");
  let entryCount = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE)
      throw createCorruptError(label, "its ZIP64 directory locator is missing");
    const zip64Offset = Number(tail.readBigUInt64LE(locator + 8));
    const record = await readFileRange(filePath, zip64Offset, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE)
      throw createCorruptError(label, "its ZIP64 directory record is missing");
    entryCount = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (entryCount > ZIP_LIMITS.maxEntries)
    throw createBombError(label, `it holds ${entryCount.toLocaleString("en")} files (limit ${ZIP_LIMITS.maxEntries.toLocaleString("en")})`);
  if (directorySize > ZIP_LIMITS.maxCentralDirectoryBytes) throw createBombError(label, `its zip directory is ${formatBytes(directorySize)}`);
  if (directoryOffset + directorySize > fileSize) throw createCorruptError(label, "its zip directory points past the end of the file");

  const directory = await readFileRange(filePath, directoryOffset, directorySize);
  const entries: ZipEntrySummary[] = [];
  let totalUncompressed = 0;
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_ENTRY_SIGNATURE) {
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw createCorruptError(label, "an entry of its zip directory is cut off");
    const name = directory.toString("utf8", at + 46, at + 46 + nameLength);
    let compressedSize = directory.readUInt32LE(at + 20);
    let uncompressedSize = directory.readUInt32LE(at + 24);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      ({ compressedSize, uncompressedSize, localHeaderOffset } = readZip64Fields(
        directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength),
        {
          compressedSize,
          uncompressedSize,
          localHeaderOffset,
        },
      ));
    }
    entries.push({ name, compressedSize, uncompressedSize, method: directory.readUInt16LE(at + 10), localHeaderOffset });
    if (entries.length > ZIP_LIMITS.maxEntries)
      throw createBombError(label, `it holds more than ${ZIP_LIMITS.maxEntries.toLocaleString("en")} files`);
    totalUncompressed += uncompressedSize;
    if (totalUncompressed > ZIP_LIMITS.maxTotalUncompressed) {
      throw createBombError(label, `it would unpack to more than ${formatBytes(ZIP_LIMITS.maxTotalUncompressed)}`);
    }
    if (uncompressedSize > ZIP_LIMITS.ratioMinUncompressed && uncompressedSize > Math.max(compressedSize, 1) * ZIP_LIMITS.maxRatio) {
      throw createBombError(
        label,
        `"${name}" would unpack from ${formatBytes(compressedSize)} to ${formatBytes(uncompressedSize)} (more than ${ZIP_LIMITS.maxRatio}:1)`,
      );
    }
    at = end;
  }
  if (entries.length !== entryCount)
    throw createCorruptError(label, `its zip directory lists ${entryCount} files but ${entries.length} could be read`);
  return { entries, totalUncompressed };
}

interface Zip64Fields {
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** ZIP64 extended information (header 0x0001): 8-byte values, present only for the fields that overflowed, in this order. */
function readZip64Fields(extra: Buffer, fields: Zip64Fields): Zip64Fields {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const read = (value: number): number => {
        if (value !== 0xffffffff || field + 8 > at + 4 + size) return value;
        field += 8;
        return Number(extra.readBigUInt64LE(field - 8));
      };
      const uncompressedSize = read(fields.uncompressedSize);
      const compressedSize = read(fields.compressedSize);
      return { uncompressedSize, compressedSize, localHeaderOffset: read(fields.localHeaderOffset) };
    }
    at += 4 + size;
  }
  return fields;
}

/** Decides from the entry names whether the zip is an Excel workbook we can stream. */
export function assertWorkbookZip(summary: ZipSummary, label: string): void {
  const names = new Set(summary.entries.map((entry) => entry.name.replace(/^\/+/, "")));
  if (names.has("xl/workbook.xml")) return;
  if (names.has("xl/workbook.bin")) {
    throw new SourceError(
      "UNSUPPORTED_FORMAT",
      `${label}: this is a binary Excel workbook (.xlsb), which cannot be read. In Excel use "Save as" → "Excel Workbook (.xlsx)" or CSV.`,
    );
  }
  if (names.has("mimetype") && names.has("content.xml")) {
    throw new SourceError(
      "UNSUPPORTED_FORMAT",
      `${label}: this is an OpenDocument file (.ods), which cannot be read. Save it as .xlsx or CSV and import that.`,
    );
  }
  throw new SourceError(
    "CORRUPT_FILE",
    `${label}: this is a zip archive but not an Excel workbook (no xl/workbook.xml inside). If it is a zipped CSV or JSON file, unzip it and import the file inside.`,
  );
}
