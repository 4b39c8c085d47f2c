// Whole-file read failures → one typed error with a stable code and a message that says how to fix the file.
import { DirectoryError } from "../../../db/rules/directory-error.ts";

export const SOURCE_ERROR_CODES = [
  "FILE_NOT_FOUND",
  "FILE_EMPTY",
  "FILE_TOO_LARGE",
  "UNSUPPORTED_FORMAT",
  "CORRUPT_FILE",
  "ZIP_BOMB",
  "PARSE_TIMEOUT",
  "PARSE_MEMORY",
  "NO_HEADER",
  "TOO_MANY_COLUMNS",
] as const;

export type SourceErrorCode = (typeof SOURCE_ERROR_CODES)[number];

/** Fatal: the file as a whole cannot be read. Malformed single records are `SourceRowError` items instead. */
export class SourceError extends DirectoryError {
  constructor(
    override readonly code: SourceErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.name = "SourceError";
  }
}

export function isSourceError(error: unknown, code?: SourceErrorCode): error is SourceError {
  return error instanceof SourceError && (code === undefined || error.code === code);
}

/** "12.3 MB" for messages: operators read these, not bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
