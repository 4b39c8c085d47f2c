// Administrators, their server-side sessions, login throttling and the audit trail of every admin action.
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, boolean, uniqueIndex } from "drizzle-orm/pg-core";

export const adminUsers = pgTable(
  "admin_users",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    /** scrypt: "scrypt$N$r$p$salt$hash" (base64). */
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    disabled: boolean("disabled").notNull().default(false),
  },
  (t) => [uniqueIndex("admin_users_username_key").on(sql`lower(${t.username})`)],
);

export const adminSessions = pgTable(
  "admin_sessions",
  {
    /** SHA-256 of the cookie token: a leaked table row cannot be replayed as a cookie. */
    idHash: text("id_hash").primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("admin_sessions_user_idx").on(t.userId)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    /** The throttle's address key: an IPv4 address, or the /64 prefix of an IPv6 one (app/models/client-ip.server.ts). */
    ip: text("ip").notNull(),
    /** False from the moment the attempt is reserved (before the password is checked) until it succeeds. */
    succeeded: boolean("succeeded").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a success from the same address, an unlock or a password change forgave this failure. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (t) => [
    index("login_attempts_username_idx").on(sql`lower(${t.username})`, t.at),
    index("login_attempts_ip_idx").on(t.ip, t.at),
    index("login_attempts_account_address_idx").on(sql`lower(${t.username})`, t.ip, t.at),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => adminUsers.id, { onDelete: "set null" }),
    /** Kept even when the user is deleted: who did it must survive the user. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    rowCount: integer("row_count"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc())],
);
