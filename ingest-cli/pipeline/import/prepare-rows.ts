// One source item → a prepared item (mapped, validated, normalised, staged as COPY text), the per-row CPU work of an
// import; pure and deterministic, so running it inline or on a worker thread gives the same rows in the same order.
import type { MessagePort } from "node:worker_threads";
import { encodeStagedTail, type StagedRow } from "../../../db/writes/import-batch.ts";
import { withSlugSuffix } from "../../../app/utils/slug.ts";
import { mapRecord, type ColumnMapping } from "../map/columns.ts";
import { normalizeBusiness, type FieldIssue } from "../normalize/business.ts";
import type { SourceItem } from "../read/index.ts";

export interface PrepareContext {
  mapping: ColumnMapping;
  isTest: boolean;
  /** The `source` stored on every business (the file's name). */
  source: string;
}

export type PreparedItem =
  | { kind: "skipped"; line: number; code: "REPEATED_HEADER" | "BLANK_LINE" }
  /** The reader could not make a record of this line. */
  | { kind: "unreadable"; line: number; code: string; reason: string; raw: Record<string, unknown> | null }
  /** A record the validator rejected: the first issue's field and code, every issue in `reason`. */
  | { kind: "invalid"; line: number; field: string | null; code: string; reason: string; raw: Record<string, unknown> }
  | { kind: "row"; line: number; name: string; placeId: string | null; row: StagedRow; warnings: FieldIssue[] };

/**
 * Messages between the import and a prepare worker: numbered chunks in, numbered results (or a failure) out.
 * Text-only sources (CSV) send a chunk as JSON text: cheaper for the reading thread than cloning every record
 * object, and exact for strings (lone surrogates and NULs included).
 */
export type PrepareRequest = { seq: number; items: SourceItem[] } | { seq: number; json: string };
export type PrepareResponse = { seq: number; prepared: PreparedItem[] } | { seq: number; failure: string };

function describeIssue(field: string | null, reason: string): string {
  return field ? `${field} — ${reason}` : reason;
}

export function prepareItem(item: SourceItem, context: PrepareContext): PreparedItem {
  if (item.kind === "skipped") return item;
  if (item.kind === "error") {
    const { line, code, reason, raw } = item.error;
    return { kind: "unreadable", line, code, reason, raw: raw === undefined ? null : { raw } };
  }
  const { line, values } = item.record;
  const result = normalizeBusiness(mapRecord(values, context.mapping), { isTest: context.isTest, source: context.source });
  if (!result.ok) {
    const first = result.issues[0];
    // The first issue's field has its own column; further issues name theirs inside the reason.
    const reason = result.issues.map((issue, i) => (i === 0 ? issue.reason : describeIssue(issue.field, issue.reason))).join("; ");
    return { kind: "invalid", line, field: first?.field ?? null, code: first?.code ?? "INVALID_ROW", reason, raw: values };
  }
  const business = result.business;
  return {
    kind: "row",
    line,
    name: business.name,
    placeId: business.placeId ?? null,
    warnings: result.warnings,
    row: {
      lineNumber: line,
      identityKey: business.identityKey,
      contentHash: business.contentHash,
      slug: business.slug,
      slugAlt: withSlugSuffix(business.slug, business.identityKey),
      slugAlt2: withSlugSuffix(business.slug, `${business.identityKey}#2`),
      copyTail: encodeStagedTail(business),
    },
  };
}

/** The worker side: prepares each chunk it is sent and answers with the chunk's number. */
export function servePrepareRequests(port: MessagePort, context: PrepareContext): void {
  port.on("message", (request: PrepareRequest) => {
    let response: PrepareResponse;
    try {
      const items = "json" in request ? (JSON.parse(request.json) as SourceItem[]) : request.items;
      response = { seq: request.seq, prepared: items.map((item) => prepareItem(item, context)) };
    } catch (error) {
      response = { seq: request.seq, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(response);
  });
}
