import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { ACCOUNT_ALERT_FAILURES, MAX_ACCOUNT_ADDRESS_FAILURES, THROTTLE_WINDOW_MS } from "~/models/admin-sessions.server";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const PASSWORD = "the owner's long password";
const WRONG = "a wrong guess";

interface Answer {
  status: number;
  retryAfter: number | null;
}

/**
 * The login throttle over real HTTP, the way the attacker hit it: bursts of concurrent guesses at the built server.
 * The server is told to trust X-Forwarded-For from loopback (TRUST_PROXY=loopback), so each request names its address.
 */
describe(`admin login throttle over HTTP on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let handle: DatabaseHandle;
  let server: InProcessServer | undefined;

  beforeAll(async () => {
    database = await useFreshProcessDatabase("login-throttle");
    handle = database.handle;
    for (const username of ["admin", "owner"]) await upsertAdminUser(handle, username, PASSWORD);
    server = await startBuiltApp({ trustProxy: ["loopback"] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  async function logIn(username: string, password: string, address: string): Promise<Answer> {
    const response = await fetch(`${server!.url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server!.url, "X-Forwarded-For": address },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    const retryAfter = response.headers.get("Retry-After");
    return { status: response.status, retryAfter: retryAfter === null ? null : Number(retryAfter) };
  }

  /** Attempts of this account the throttle let through to the password check (each one scrypt). */
  async function evaluated(username: string, addresses: string[]): Promise<number> {
    const [row] = await handle.query<{ n: number }>(
      "select count(*)::int as n from login_attempts where lower(username) = lower($1) and ip = any($2::text[])",
      [username, addresses],
    );
    return Number(row?.n ?? 0);
  }

  const tally = (answers: Answer[]) => ({
    ok: answers.filter((a) => a.status === 200).length,
    wrong: answers.filter((a) => a.status === 401).length,
    throttled: answers.filter((a) => a.status === 429).length,
  });

  it(`evaluates at most ${MAX_ACCOUNT_ADDRESS_FAILURES} of 100 concurrent guesses from one address, and the right password among them does not get in`, async () => {
    const attacker = "198.51.100.66";
    // 99 wrong guesses and then the right password, all sent at once (the attack that got in before).
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => logIn("admin", i === 99 ? PASSWORD : WRONG, attacker)));
    const counts = tally(answers);
    console.info(`login throttle, 100 concurrent guesses from one address: ${counts.wrong + counts.ok} evaluated, ${counts.throttled} answered 429`);
    expect(counts).toEqual({ ok: 0, wrong: MAX_ACCOUNT_ADDRESS_FAILURES, throttled: 100 - MAX_ACCOUNT_ADDRESS_FAILURES });
    expect(await evaluated("admin", [attacker])).toBe(MAX_ACCOUNT_ADDRESS_FAILURES);
    expect(answers[99]?.status).toBe(429);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.retryAfter).toBeGreaterThan(0);
      expect(answer.retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    }
    // Asked again one at a time, the right password from that address still waits.
    expect((await logIn("admin", PASSWORD, attacker)).status).toBe(429);
  });

  it("lets the owner in from a clean address and from their usual one while many addresses hammer the account", async () => {
    const home = "203.0.113.10";
    expect((await logIn("owner", PASSWORD, home)).status).toBe(200);
    const attackers = Array.from({ length: 10 }, (_, i) => `198.51.100.${100 + i}`);
    const wave = () => Promise.all(attackers.flatMap((address) => Array.from({ length: 10 }, () => logIn("owner", WRONG, address))));
    const first = tally(await wave());
    // Every further wave is answered while the owner logs in.
    const [second, fromNewAddress, typoAtHome, atHome] = await Promise.all([
      wave().then(tally),
      logIn("owner", PASSWORD, "192.0.2.44"),
      logIn("owner", "a typo", home),
      logIn("owner", PASSWORD, home),
    ]);
    const attackerEvaluations = await evaluated("owner", attackers);
    console.info(
      `login throttle, 2 × 100 concurrent guesses from ${attackers.length} addresses: ${attackerEvaluations} evaluated ` +
        `(first wave ${first.wrong}, second ${second.wrong}); owner from a new address ${fromNewAddress.status}, from home ${atHome.status}`,
    );
    expect(first.ok + second.ok).toBe(0);
    // Until the account counts as under attack any address may guess; after that each fresh address gets one guess.
    expect(attackerEvaluations).toBeLessThanOrEqual(ACCOUNT_ALERT_FAILURES + attackers.length);
    expect(second.wrong).toBe(0);
    expect(fromNewAddress.status).toBe(200);
    expect(typoAtHome.status).toBe(401);
    expect(atHome.status).toBe(200);
  });
});
