// The import readers' public surface: openSource(any supported file) → format facts + a stream of raw records.
export { openSource } from "./open-source.ts";
export { SourceError, SOURCE_ERROR_CODES, isSourceError, type SourceErrorCode } from "./source-error.ts";
export type { OpenedSource, OpenSourceOptions, SourceDetails, SourceFormat, SourceItem, SourceRecord, SourceRowError } from "./source-types.ts";
