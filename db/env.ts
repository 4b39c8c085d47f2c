// process.env → one validated, typed config; a bad value stops start-up naming the variable and what it expects.
// NOTE: lives in db/ because db is the bottom layer: app, search, CLI and pipeline may all import it.
import { z } from "zod";

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const urlWithProtocols = (protocols: string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}, e.g. ${example}`)
      .optional(),
  );

export const EnvSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
    DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:pass@127.0.0.1:5432/directory"),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    MEILI_URL: urlWithProtocols(["http:", "https:"], "http://127.0.0.1:7700"),
    MEILI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ message: "must be a whole number from 1 to 65535" }).int("must be a whole number from 1 to 65535").min(1).max(65535).default(3000),
    ),
    SITE_URL: urlWithProtocols(["http:", "https:"], "https://directory.example.com"),
    ADMIN_USERNAME: z.preprocess(
      emptyToUndefined,
      z.string().regex(/^[A-Za-z0-9._@-]{3,64}$/, "must be 3-64 letters, digits or . _ @ -").optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, "must be at least 12 characters").optional()),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters of random text").optional()),
    MAP_STYLE_URL: urlWithProtocols(["http:", "https:"], "https://tiles.example.com/style.json"),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
        message: "ADMIN_USERNAME and ADMIN_PASSWORD must be set together",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  readonly code = "INVALID_ENV";
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}\nFix these variables (see .env.example) and start again.`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      const value = source[name];
      const shown = value === undefined ? "" : name.includes("PASSWORD") || name.includes("SECRET") || name.includes("KEY") ? " (value hidden)" : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

let cached: Env | undefined;

/** The process's config, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
