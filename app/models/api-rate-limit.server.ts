// A public API request's client address → allowed, or refused with the seconds until its window ends: at most
// RATE_LIMIT_PER_MINUTE requests per address (IPv4, or IPv6 /64) per fixed minute, counted in the database so every
// app host shares the count. Answers from the page cache never get here (they cost nothing to serve).
import { getDatabase } from "../../db/client.ts";
import { countRateWindowHit } from "../../db/writes/shared-hosts.ts";
import { isAdminPath } from "~/utils/site-paths";
import { hashWithAddressSalt } from "./address-salt.server";
import { throttleAddressKey } from "./client-ip.server";
import { getAppEnv } from "./env.server";

export const RATE_WINDOW_SECONDS = 60;

export type RateVerdict = { limited: false } | { limited: true; retryAfterSeconds: number; limit: number };

/**
 * The public JSON API's reads: GET and HEAD of /api/… outside /api/admin. NOTE: writes under /api/ are the admin's
 * (uploads, edits, exports: signed in, audited) or the contact form (its own per-sender limit), so only reads count.
 */
export function isRateLimitedRequest(method: string, pathname: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const path = pathname.toLowerCase();
  return (path === "/api" || path.startsWith("/api/")) && !isAdminPath(path);
}

/**
 * Counts this request of `clientIp` and answers whether it is over the limit.
 * NOTE: fails open: when the count cannot be written (database trouble) the request goes on, and its own queries
 * answer the outage.
 */
export async function checkApiRateLimit(clientIp: string): Promise<RateVerdict> {
  const limit = getAppEnv().RATE_LIMIT_PER_MINUTE;
  if (limit === 0) return { limited: false };
  try {
    const clientKey = (await hashWithAddressSalt(`api:${throttleAddressKey(clientIp)}`)).slice(0, 32);
    const count = await countRateWindowHit(await getDatabase(), clientKey, RATE_WINDOW_SECONDS);
    return count.hits > limit ? { limited: true, retryAfterSeconds: count.secondsLeft, limit } : { limited: false };
  } catch {
    return { limited: false };
  }
}
