// The salt of every stored address hash (contact and suggestion limits, daily visitors, API rate limits) → SESSION_SECRET
// when set, else a random secret generated once and kept in the database, so every app host hashes an address alike.
import { createHmac, randomBytes } from "node:crypto";
import { getDatabase, type DatabaseHandle } from "../../db/client.ts";
import { readOrCreateSecret } from "../../db/writes/shared-hosts.ts";
import { getAppEnv } from "./env.server";

const SECRET_NAME = "address-salt";
const loaded = new WeakMap<DatabaseHandle, Promise<string>>();

/** NOTE: a per-process random salt would make each host count a sender apart (5 messages per host per hour). */
export async function getAddressSalt(): Promise<string> {
  const configured = getAppEnv().SESSION_SECRET;
  if (configured) return configured;
  const handle = await getDatabase();
  let salt = loaded.get(handle);
  if (!salt) {
    salt = readOrCreateSecret(handle, SECRET_NAME, randomBytes(32).toString("hex"));
    loaded.set(handle, salt);
    salt.catch(() => loaded.delete(handle));
  }
  return salt;
}

/** A keyed hash of `text` (an address with its purpose), hex: the raw address never reaches the database or a log. */
export async function hashWithAddressSalt(text: string): Promise<string> {
  return createHmac("sha256", await getAddressSalt())
    .update(text)
    .digest("hex");
}
