// What several app hosts (processes on one database) share: cache generations, the per-day visitor keys, the
// public API's rate-limit windows and the generated secret that salts address hashes when SESSION_SECRET is unset.
import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** One row per change signal (`caches`): every host polls it and empties its in-process caches when it moves. */
export const cacheGenerations = pgTable("cache_generations", {
  name: text("name").primaryKey(),
  generation: bigint("generation", { mode: "number" }).notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A visitor (salted hash of address + user agent) seen on a UTC day: counted once per day whichever host served it. */
export const dailyVisitors = pgTable(
  "daily_visitors",
  {
    day: date("day").notNull(),
    visitorKey: text("visitor_key").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitorKey] })],
);

/** Requests of one client (salted address hash) to the public API in one fixed window (UNLOGGED: lost on a crash). */
export const apiRateWindows = pgTable(
  "api_rate_windows",
  {
    clientKey: text("client_key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.clientKey, table.windowStart] })],
);

/** Secrets generated once per database (`address-salt`), so every host hashes an address the same way. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});
