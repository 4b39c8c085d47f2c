// Username + password → admin user rows with scrypt hashes; the only place passwords are hashed or checked.
import { DirectoryError } from "../rules/directory-error.ts";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { adminUsers } from "../schema/index.ts";
import { revokeUserSessions } from "./admin-sessions.ts";
import { clearLoginFailures } from "./login-attempts.ts";

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64, maxmem: 64 * 1024 * 1024 } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem });
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const actual = await scrypt(password, Buffer.from(saltText, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const MIN_PASSWORD_LENGTH = 12;

/**
 * Creates the user, or sets the password of an existing one with that name (case-insensitive). Either way the
 * name's failed logins are forgiven: guesses at the old password say nothing about the new one.
 */
export async function upsertAdminUser(
  handle: DatabaseHandle,
  username: string,
  password: string,
): Promise<{ id: number; created: boolean; clearedFailures: number }> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new DirectoryError("WEAK_PASSWORD", `use at least ${MIN_PASSWORD_LENGTH} characters.`);
  const passwordHash = await hashPassword(password);
  const [existing] = await handle.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`);
  if (existing) {
    await handle.db.update(adminUsers).set({ passwordHash, updatedAt: new Date(), disabled: false }).where(eq(adminUsers.id, existing.id));
    // A new password ends every session opened with the old one (a leaked password stops working at once).
    await revokeUserSessions(handle, existing.id, new Date());
    const { clearedFailures } = await clearLoginFailures(handle, username, new Date());
    return { id: existing.id, created: false, clearedFailures };
  }
  const [created] = await handle.db.insert(adminUsers).values({ username, passwordHash }).returning({ id: adminUsers.id });
  if (!created) throw new Error("admin user insert returned nothing");
  const { clearedFailures } = await clearLoginFailures(handle, username, new Date());
  return { id: created.id, created: true, clearedFailures };
}

/** Ensures the env-configured admin exists with the env password (idempotent; hashes only when it changed). */
export async function ensureAdminUser(handle: DatabaseHandle, username: string, password: string): Promise<"created" | "updated" | "unchanged"> {
  const [existing] = await handle.db
    .select({ id: adminUsers.id, passwordHash: adminUsers.passwordHash, disabled: adminUsers.disabled })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`);
  if (existing && !existing.disabled && (await verifyPassword(password, existing.passwordHash))) return "unchanged";
  const { created } = await upsertAdminUser(handle, username, password);
  return created ? "created" : "updated";
}
