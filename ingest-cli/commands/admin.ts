// `directory admin create|password <username>`: manage administrators; the password comes from a hidden
// prompt, stdin (--password-stdin) or ADMIN_PASSWORD, never from the command line where `ps` shows it.
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { MIN_PASSWORD_LENGTH, upsertAdminUser } from "../../db/writes/admin-users.ts";
import { CliError, parseOptions, printResult } from "./shared.ts";

const UsernameSchema = z.string().regex(/^[A-Za-z0-9._@-]{3,64}$/, "use 3-64 letters, digits or . _ @ -");
const AdminOptionsSchema = z.object({ passwordStdin: z.boolean().default(false), json: z.boolean().default(false) });

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
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
  throw new CliError("PASSWORD_REQUIRED", "No password given: pipe it with --password-stdin, set ADMIN_PASSWORD, or run in a terminal to be prompted.");
}

async function setAdmin(usernameRaw: string, raw: unknown, mode: "create" | "password"): Promise<void> {
  const options = parseOptions(AdminOptionsSchema, raw);
  const username = UsernameSchema.safeParse(usernameRaw);
  if (!username.success) throw new CliError("INVALID_USERNAME", `username: ${username.error.issues[0]?.message ?? "invalid"}`);
  const password = await readPassword(options.passwordStdin);
  if (password.length < MIN_PASSWORD_LENGTH) throw new CliError("WEAK_PASSWORD", `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  try {
    const handle = await getDatabase();
    if (mode === "password") {
      const rows = await handle.query<{ n: number }>("select count(*)::int as n from admin_users where lower(username) = lower($1)", [username.data]);
      if ((rows[0]?.n ?? 0) === 0) throw new CliError("ADMIN_NOT_FOUND", `No administrator "${username.data}"; create one with \`directory admin create ${username.data}\`.`);
    }
    const result = await upsertAdminUser(handle, username.data, password);
    if (mode === "password") {
      // A new password ends every session of that user.
      await handle.query("update admin_sessions set revoked_at = now() where user_id = $1 and revoked_at is null", [result.id]);
    }
    printResult(options.json, { username: username.data, ...result }, () =>
      result.created ? `Administrator "${username.data}" created.` : `Password of "${username.data}" updated; their sessions were signed out.`,
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
    .description("Set a new password for an administrator and sign out their sessions")
    .option("--password-stdin", "read the password from standard input")
    .option("--json", "print the result as JSON")
    .action((username: string, raw: unknown) => setAdmin(username, raw, "password"));
}
