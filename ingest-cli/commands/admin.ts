// `directory admin create|password|unlock <username>`: manage administrators; the password comes from a hidden
// prompt, stdin (--password-stdin) or ADMIN_PASSWORD, never from the command line where `ps` shows it. A new
// password and `unlock` both forgive the account's failed logins, so a throttled owner gets in at once.
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { findAdminUserByUsername } from "../../db/queries/admin-sessions.ts";
import { MIN_PASSWORD_LENGTH, upsertAdminUser } from "../../db/writes/admin-users.ts";
import { clearLoginFailures } from "../../db/writes/login-attempts.ts";
import { CliError, parseOptions, printResult } from "./shared.ts";
import { recordCliAuditEvent } from "../../db/writes/audit-log.ts";

const UsernameSchema = z.string().regex(/^[A-Za-z0-9._@-]{3,64}$/, "use 3-64 letters, digits or . _ @ -");
const AdminOptionsSchema = z.object({ passwordStdin: z.boolean().default(false), json: z.boolean().default(false) });
const UnlockOptionsSchema = z.object({ json: z.boolean().default(false) });

function parseUsername(raw: string): string {
  const username = UsernameSchema.safeParse(raw);
  if (!username.success) throw new CliError("INVALID_USERNAME", `username: ${username.error.issues[0]?.message ?? "invalid"}`);
  return username.data;
}

function adminNotFound(username: string): CliError {
  return new CliError("ADMIN_NOT_FOUND", `No administrator "${username}"; create one with \`directory admin create ${username}\`.`);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : noun.endsWith("s") ? "es" : "s"}`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode?.(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (char: string) => {
      for (const c of char) {
        if (c === "\r" || c === "\n") {
          stdin.setRawMode?.(false);
          stdin.pause();
          stdin.off("data", onData);
          stderr.write("\n");
          resolve(value);
          return;
        }
        if (c === "\u0003") {
          stdin.setRawMode?.(false);
          reject(new CliError("CANCELLED", "Cancelled."));
          return;
        }
        if (c === "\u007f") value = value.slice(0, -1);
        else value += c;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(passwordStdin: boolean): Promise<string> {
  if (passwordStdin) return readStdin();
  if (process.stdin.isTTY) {
    const first = await promptHidden("Password: ");
    const second = await promptHidden("Repeat password: ");
    if (first !== second) throw new CliError("PASSWORD_MISMATCH", "The two passwords differ; run the command again.");
    return first;
  }
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  throw new CliError(
    "PASSWORD_REQUIRED",
    "No password given: pipe it with --password-stdin, set ADMIN_PASSWORD, or run in a terminal to be prompted.",
  );
}

async function setAdmin(usernameRaw: string, raw: unknown, mode: "create" | "password"): Promise<void> {
  const options = parseOptions(AdminOptionsSchema, raw);
  const username = parseUsername(usernameRaw);
  const password = await readPassword(options.passwordStdin);
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new CliError("WEAK_PASSWORD", `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  try {
    const handle = await getDatabase();
    if (mode === "password" && !(await findAdminUserByUsername(handle, username))) throw adminNotFound(username);
    // Also ends every session of an existing user and forgives the name's failed logins.
    const result = await upsertAdminUser(handle, username, password);
    await recordCliAuditEvent(handle, {
      action: result.created ? "admin-user.create" : "admin-user.password",
      target: `admin_users/${username}`,
      rowCount: 1,
      details: result.created ? {} : { clearedFailures: result.clearedFailures },
    });
    printResult(options.json, { username, ...result }, () =>
      result.created
        ? `Administrator "${username}" created.`
        : `Password of "${username}" updated; their sessions were signed out and ${plural(result.clearedFailures, "failed login")} cleared.`,
    );
  } finally {
    await closeDatabase();
  }
}

/** Forgives every failed login of the account: each address it was throttled at may try again at once. */
async function unlockAdmin(usernameRaw: string, raw: unknown): Promise<void> {
  const options = parseOptions(UnlockOptionsSchema, raw);
  const username = parseUsername(usernameRaw);
  try {
    const handle = await getDatabase();
    const user = await findAdminUserByUsername(handle, username);
    if (!user) throw adminNotFound(username);
    const cleared = await clearLoginFailures(handle, user.username, new Date());
    await recordCliAuditEvent(handle, {
      action: "admin-user.unlock",
      target: `admin_users/${user.username}`,
      rowCount: cleared.clearedFailures,
      details: { addresses: cleared.addresses },
    });
    printResult(options.json, { username: user.username, ...cleared }, () =>
      cleared.clearedFailures === 0
        ? `"${user.username}" had no failed logins to clear; no address is throttled on it.`
        : `Cleared ${plural(cleared.clearedFailures, "failed login")} of "${user.username}" from ${plural(cleared.addresses, "address")}; no address is throttled on it any more.`,
    );
  } finally {
    await closeDatabase();
  }
}

export function register(program: Command): void {
  const admin = program.command("admin").description("Manage administrator accounts");
  admin
    .command("create <username>")
    .description("Create an administrator (or reset the password of an existing one)")
    .option("--password-stdin", "read the password from standard input")
    .option("--json", "print the result as JSON")
    .action((username: string, raw: unknown) => setAdmin(username, raw, "create"));
  admin
    .command("password <username>")
    .description("Set a new password for an administrator, sign out their sessions and clear their failed logins")
    .option("--password-stdin", "read the password from standard input")
    .option("--json", "print the result as JSON")
    .action((username: string, raw: unknown) => setAdmin(username, raw, "password"));
  admin
    .command("unlock <username>")
    .description("Clear an administrator's failed logins, so no address is throttled on that account")
    .option("--json", "print the result as JSON")
    .action((username: string, raw: unknown) => unlockAdmin(username, raw));
}
