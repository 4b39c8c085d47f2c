// process.env → the web app's validated config (site, admin, secrets, server tuning); the database's is db/env.ts.
// A bad value stops start-up naming the variable and what it expects.
import { isIP } from "node:net";
import { z } from "zod";
import { emptyToUndefined, parseEnvWith, urlWithProtocols } from "../../db/env.ts";
import { DEFAULT_MAP_STYLE_URL, MAP_OFF_WORDS } from "../utils/map-style";

/** The interface to bind when neither --host nor HOST names one: this machine only. */
export const DEFAULT_HOST = "127.0.0.1";
export const HostSchema = z
  .string()
  .trim()
  .refine(
    (value) =>
      isIP(value) !== 0 ||
      /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(value),
    {
      message: "must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name such as localhost",
    },
  );

/** Public API requests per address per minute when RATE_LIMIT_PER_MINUTE is unset: 5 a second, above any person typing. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 300;

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
/** One trusted proxy: loopback/linklocal/uniquelocal, an IP address, or a subnet (10.0.0.0/8, fd00::/8). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: how many proxies in front of the server (1, 2…) or which ones (a comma list of addresses, subnets or
 * loopback/linklocal/uniquelocal), as Express's "trust proxy" takes them. Unset or 0: no X-Forwarded-* header counts.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] | undefined => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops === 0 ? undefined : hops;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyEntry)) return entries;
    }
    ctx.addIssue({
      code: "custom",
      message: "must be a number of proxies (1-10) or a comma list of loopback, linklocal, uniquelocal, IP addresses or subnets (10.0.0.0/8)",
    });
    return z.NEVER;
  });

/** MAP_STYLE_URL: unset → the keyless default style; "off"/"none" → null (no interactive maps); else an http(s) URL. */
const MapStyleUrlSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined) return DEFAULT_MAP_STYLE_URL;
      if ((MAP_OFF_WORDS as readonly string[]).includes(value.toLowerCase())) return null;
      try {
        if (["http:", "https:"].includes(new URL(value).protocol)) return value;
      } catch {
        // Not a URL: refused below.
      }
      ctx.addIssue({
        code: "custom",
        message: `must be a map style URL starting with http:// or https://, e.g. https://tiles.example.com/style.json, or "off" for no interactive maps`,
      });
      return z.NEVER;
    }),
);

export const AppEnvSchema = z
  .object({
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: "must be a whole number from 1 to 65535" })
        .int("must be a whole number from 1 to 65535")
        .min(1)
        .max(65535)
        .default(3000),
    ),
    HOST: z.preprocess(emptyToUndefined, HostSchema.optional()),
    TRUST_PROXY: z.preprocess(emptyToUndefined, TrustProxySchema.optional()),
    SITE_URL: urlWithProtocols(["http:", "https:"], "https://directory.example.com"),
    ADMIN_USERNAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._@-]{3,64}$/, "must be 3-64 letters, digits or . _ @ -")
        .optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, "must be at least 12 characters").optional()),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters of random text").optional()),
    MAP_STYLE_URL: MapStyleUrlSchema,
    WEB_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
    PAGE_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(4096).optional()),
    PAGE_CACHE_MAX_AGE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3600).optional()),
    // Public API requests per client address per minute, counted across every app host (0 = no limit).
    RATE_LIMIT_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: "must be a whole number from 0 (off) to 100000" })
        .int("must be a whole number from 0 (off) to 100000")
        .min(0, "must be a whole number from 0 (off) to 100000")
        .max(100_000, "must be a whole number from 0 (off) to 100000")
        .default(DEFAULT_RATE_LIMIT_PER_MINUTE),
    ),
    // How often each app host reads the shared cache generation, in ms: other hosts' admin changes show within it.
    CACHE_GENERATION_POLL_MS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: "must be a whole number of milliseconds from 100 to 600000" })
        .int("must be a whole number of milliseconds from 100 to 600000")
        .min(100, "must be a whole number of milliseconds from 100 to 600000")
        .max(600_000, "must be a whole number of milliseconds from 100 to 600000")
        .default(500),
    ),
    // Bearer token that opens /metrics to other hosts (loopback scrapes need none); see app/server/observability.ts.
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._~+/=-]{24,256}$/, "must be 24-256 letters, digits or . _ ~ + / = - (e.g. `openssl rand -hex 32`)")
        .optional(),
    ),
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

export type AppEnv = z.infer<typeof AppEnvSchema>;

export function parseAppEnv(source: Record<string, string | undefined>): AppEnv {
  return parseEnvWith(AppEnvSchema, source);
}

let cached: AppEnv | undefined;

/** The process's app config, parsed once. */
export function getAppEnv(): AppEnv {
  cached ??= parseAppEnv(process.env);
  return cached;
}
