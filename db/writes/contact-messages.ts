// A visitor's contact message → one contact_messages row, unless the sender (by salted IP hash) already sent the
// window's maximum: the count and the insert run in one transaction under a per-sender lock, so bursts cannot slip by.
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { contactMessages } from "../schema/index.ts";

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string | null;
  phone: string | null;
  /** Salted hash of the sender's IP address (never the address itself). */
  ipHash: string;
  userAgent: string | null;
}

export interface ContactRateLimit {
  maxMessages: number;
  windowSeconds: number;
}

export type StoreContactMessageResult = { stored: true; id: number } | { stored: false; retryAfterSeconds: number };

/** Namespace of the transaction-level advisory locks taken per sender (two-key form: namespace, hashtext(ip_hash)). */
const CONTACT_LOCK_NAMESPACE = 4_210_017;

export async function storeContactMessage(
  handle: DatabaseHandle,
  input: ContactMessageInput,
  limit: ContactRateLimit,
): Promise<StoreContactMessageResult> {
  return handle.db.transaction(async (tx) => {
    // NOTE: without the lock, two requests of one sender could both count 4 and both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_NAMESPACE}::int, hashtext(${input.ipHash}))`);
    const window = sql`make_interval(secs => ${limit.windowSeconds})`;
    const [recent] = await tx
      .select({
        sent: count(),
        // Seconds until the oldest message in the window leaves it, i.e. when the sender may write again.
        secondsLeft: sql<number | null>`ceil(extract(epoch from (min(${contactMessages.createdAt}) + ${window} - now())))::int`,
      })
      .from(contactMessages)
      .where(and(eq(contactMessages.ipHash, input.ipHash), gt(contactMessages.createdAt, sql`now() - ${window}`)));
    if ((recent?.sent ?? 0) >= limit.maxMessages) {
      return { stored: false as const, retryAfterSeconds: Math.max(1, Number(recent?.secondsLeft ?? limit.windowSeconds)) };
    }
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    if (!row) throw new Error("contact message insert returned no row");
    return { stored: true as const, id: row.id };
  });
}
