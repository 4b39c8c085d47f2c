// process.env → the database and search layers' validated config (the app's own is app/models/env.server.ts); a bad value
// stops start-up naming the variable and what it expects.
import { DirectoryError } from "./rules/directory-error.ts";
import { z } from "zod";

export const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const urlWithProtocols = (protocols: string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}, e.g. ${example}`,
      )
      .optional(),
  );

export const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:pass@127.0.0.1:5432/directory"),
  // A streaming replica of DATABASE_URL's cluster for public reads (db/replica.ts); unset: every read on the primary.
  DATABASE_READ_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:pass@replica.internal:5432/directory"),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  MEILI_URL: urlWithProtocols(["http:", "https:"], "http://127.0.0.1:7700"),
  MEILI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  // Log lines' lowest level (pino's names); unset: info for the server, warn for the CLI (its own output comes first).
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .optional(),
  ),
  // Bulk imports into a small directory drop the secondary indexes and build them at the end (db/writes/deferred-indexes.ts):
  // auto (when the import at least doubles the table), always, or never (keep every index while importing).
  DIRECTORY_DEFER_INDEXES: z.preprocess(
    emptyToUndefined,
    z.enum(["auto", "always", "never"], { message: "must be auto, always or never" }).default("auto"),
  ),
  // Tests only (ingest-cli/pipeline/import/fault-points.ts): where an import stops and which file says it did.
  DIRECTORY_FAULT_POINT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(batch-before-commit:[1-9]\d*|batch-after-commit:[1-9]\d*|before-refresh)$/,
        "must be batch-before-commit:N, batch-after-commit:N or before-refresh",
      )
      .optional(),
  ),
  DIRECTORY_FAULT_MARKER: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends DirectoryError {
  constructor(readonly problems: string[]) {
    super(
      "INVALID_ENV",
      `Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}\nFix these variables (see .env.example) and start again.`,
    );
    this.name = "EnvError";
  }
}

/** EnvSchema plus the rules between variables. */
const EnvWithRulesSchema = EnvSchema.superRefine((env, ctx) => {
  // NOTE: the embedded database has no replicas: a read URL beside it would be silently ignored.
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_READ_URL"],
      message:
        "needs DATABASE_URL (the primary it replicates); the embedded database (PGlite) has no replicas: unset DATABASE_READ_URL or set DATABASE_URL",
    });
  }
});

export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseEnvWith(EnvWithRulesSchema, source);
}

/** `source` checked against `schema`; every problem is named in one EnvError (secrets' values hidden). */
export function parseEnvWith<T>(schema: z.ZodType<T>, source: Record<string, string | undefined>): T {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      const value = source[name];
      const shown =
        value === undefined
          ? ""
          : name.includes("PASSWORD") || name.includes("SECRET") || name.includes("KEY") || name.includes("TOKEN")
            ? " (value hidden)"
            : ` (got "${withoutPassword(value)}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

/** A URL's password replaced by *** (a database URL in an error message); anything else as it is. */
function withoutPassword(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = "***";
    return url.toString();
  } catch {
    return value;
  }
}

let cached: Env | undefined;

/** The process's config, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
