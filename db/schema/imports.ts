// Import runs (CLI and admin upload alike) and the rows they rejected: every upload report is a stored run.
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { adminUsers } from "./admin.ts";

/**
 * `interrupted`: its process died mid-import (killed, crashed) and start-up recovery said so; it can be resumed or
 * `discarded` (given up: the rows it committed stay, its kept upload is deleted).
 */
export const IMPORT_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled", "interrupted", "discarded"] as const;

export const importRuns = pgTable(
  "import_runs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    origin: text("origin", { enum: ["cli", "admin"] }).notNull(),
    fileName: text("file_name").notNull(),
    fileSizeBytes: bigint("file_size_bytes", { mode: "number" }).notNull(),
    fileSha256: text("file_sha256").notNull(),
    status: text("status", { enum: IMPORT_RUN_STATUSES }).notNull().default("queued"),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    createdBy: bigint("created_by", { mode: "number" }).references(() => adminUsers.id, { onDelete: "set null" }),
    /**
     * Which worker holds the run: host:pid:process start. On a PostgreSQL server the worker also holds a session
     * advisory lock on the run while it lives (db/writes/import-runs.ts), the test recovery uses for "owner gone".
     */
    claimedBy: text("claimed_by"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** Rows of the file up to here are committed: --resume continues after it. */
    committedThroughRow: integer("committed_through_row").notNull().default(0),
    /**
     * The server-side copy of an admin upload while its run needs it: the private temp file while it runs, the kept
     * copy under DATA_DIR while it is interrupted (so it can be resumed); null otherwise, and never set for the CLI.
     */
    uploadPath: text("upload_path"),
    totalRows: integer("total_rows").notNull().default(0),
    insertedCount: integer("inserted_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    unchangedCount: integer("unchanged_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    rejectedCount: integer("rejected_count").notNull().default(0),
    /** Rows whose identity an operator deleted (a tombstone): not imported. */
    suppressedCount: integer("suppressed_count").notNull().default(0),
    /** The spec's report shapes (single-file, batch with columnExtraction/duplicateAnalysis, dashboard). */
    report: jsonb("report").$type<Record<string, unknown>>(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("import_runs_created_idx").on(t.createdAt.desc()),
    index("import_runs_status_idx").on(t.status, t.createdAt),
    index("import_runs_sha_idx").on(t.fileSha256),
  ],
);

export const importRowIssues = pgTable(
  "import_row_issues",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    lineNumber: integer("line_number").notNull(),
    severity: text("severity", { enum: ["rejected", "skipped", "warning"] }).notNull(),
    code: text("code").notNull(),
    field: text("field"),
    reason: text("reason").notNull(),
    /** The original row as read, so the rejected-rows CSV can be corrected and re-imported. */
    raw: jsonb("raw").$type<Record<string, unknown>>(),
  },
  (t) => [index("import_row_issues_run_idx").on(t.runId, t.lineNumber)],
);

/** Where a resumable maintenance job (fix-slugs, dedupe, reindex) got to: a re-run continues after `cursor`. */
export const jobCheckpoints = pgTable("job_checkpoints", {
  job: text("job").primaryKey(),
  cursor: jsonb("cursor").$type<Record<string, unknown>>().notNull(),
  processed: integer("processed").notNull().default(0),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Secondary indexes of `businesses` a bulk import dropped to build them once at its end (db/writes/deferred-indexes.ts):
 * recorded in the drop's own transaction, so an import killed before it rebuilt them leaves the definitions here for
 * the next import, count refresh or server start to rebuild.
 */
export const deferredIndexes = pgTable("deferred_indexes", {
  name: text("name").primaryKey(),
  definition: text("definition").notNull(),
  deferredAt: timestamp("deferred_at", { withTimezone: true }).notNull().defaultNow(),
});
