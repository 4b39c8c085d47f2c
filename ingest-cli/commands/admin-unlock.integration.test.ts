import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { loginAdmin, MAX_ACCOUNT_ADDRESS_FAILURES } from "../../app/models/admin-sessions.server.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const PASSWORD = "the operator's long password";
const NEW_PASSWORD = "a brand new long password";
const ADDRESS = { ip: "198.51.100.23", userAgent: null };

/** `directory admin unlock` and `directory admin password` clear the login throttle, spawned as the real CLI. */
describe(`directory admin unlock / password clear the login throttle on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    const created = await runDirectory(["admin", "create", "ops", "--password-stdin"], { env, input: `${PASSWORD}\n` });
    expect(created.code, created.stderr).toBe(0);
  });
  afterAll(async () => {
    await cleanup?.();
  });

  /** Opens the CLI's database in this process for `work`, and closes it before the next CLI run (PGlite: one opener). */
  async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  /** Five wrong guesses from ADDRESS, after which even the right password is refused there. */
  async function throttleOps(password: string) {
    await withDatabase(async (handle) => {
      for (let i = 0; i < MAX_ACCOUNT_ADDRESS_FAILURES; i++)
        expect(await loginAdmin(handle, { username: "ops", password: "wrong guess" }, ADDRESS)).toMatchObject({ code: "INVALID_CREDENTIALS" });
      expect(await loginAdmin(handle, { username: "ops", password }, ADDRESS)).toMatchObject({ ok: false, code: "LOGIN_THROTTLED" });
    });
  }

  const logInOps = (password: string) => withDatabase((handle) => loginAdmin(handle, { username: "ops", password }, ADDRESS));

  it("unlock clears the account's failed logins and says how many", async () => {
    await throttleOps(PASSWORD);
    const run = await runDirectory(["admin", "unlock", "OPS"], { env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Cleared ${MAX_ACCOUNT_ADDRESS_FAILURES} failed logins of "ops" from 1 address; no address is throttled on it any more.\n`,
    );
    expect((await logInOps(PASSWORD)).ok).toBe(true);
    const again = await runDirectory(["admin", "unlock", "ops", "--json"], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ username: "ops", clearedFailures: 0, addresses: 0 });
  });

  it("a new password clears them too", async () => {
    await throttleOps(PASSWORD);
    const run = await runDirectory(["admin", "password", "ops", "--password-stdin"], { env, input: `${NEW_PASSWORD}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect((await logInOps(NEW_PASSWORD)).ok).toBe(true);
    expect(run.stdout).toContain(`${MAX_ACCOUNT_ADDRESS_FAILURES} failed logins cleared`);
  });

  it("refuses an unknown administrator or a malformed name with a code and exit 1", async () => {
    const missing = await runDirectory(["admin", "unlock", "nobody"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("ADMIN_NOT_FOUND");
    expect(missing.stdout).toBe("");
    const malformed = await runDirectory(["admin", "unlock", "no spaces allowed"], { env });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain("INVALID_USERNAME");
  });
});
