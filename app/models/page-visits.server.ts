// Public page request → a counted page view (and a distinct visitor per day), buffered in memory and written as
// one statement per day every 15 s; a visitor counts once per day across every app host (its salted key is kept in
// daily_visitors); bots and prefetches are not counted. entry.server counts document and navigation requests.
import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { getDatabase } from "../../db/client.ts";
import { addDailyVisits } from "../../db/writes/admin-visits.ts";
import { hashWithAddressSalt } from "./address-salt.server";
import { getClientIp } from "./client-ip.server";

const FLUSH_AFTER_MS = 15_000;
/** Distinct-visitor keys kept per day; beyond this, new visitors are no longer told apart (memory stays bounded). */
const MAX_VISITOR_KEYS = 100_000;

interface DayBucket {
  pageViews: number;
  /** Visitors first seen by this process today, not yet written (the database tells whether another host saw them). */
  visitorKeys: string[];
}

const pending = new Map<string, DayBucket>();
let seenDay = "";
let seenVisitors = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/**
 * Counts one view of a public page. Called by entry.server for public document and navigation requests (not for
 * resource routes), so one navigation is one view. Never throws and never waits for the database.
 */
export function recordPageVisit(request: Request, now = new Date()): void {
  if (request.method !== "GET" || isPrefetch(request) || isbot(request.headers.get("User-Agent") ?? "")) return;
  const day = utcDay(now);
  if (day !== seenDay) {
    seenDay = day;
    seenVisitors = new Set();
  }
  const visitorKey = createHash("sha256")
    .update(`${day}|${getClientIp(request)}|${request.headers.get("User-Agent") ?? ""}`)
    .digest("base64url")
    .slice(0, 16);
  const bucket = pending.get(day) ?? { pageViews: 0, visitorKeys: [] };
  bucket.pageViews += 1;
  if (!seenVisitors.has(visitorKey) && seenVisitors.size < MAX_VISITOR_KEYS) {
    seenVisitors.add(visitorKey);
    bucket.visitorKeys.push(visitorKey);
  }
  pending.set(day, bucket);
  if (!timer) {
    timer = setTimeout(() => void flushPageVisits().catch((error) => console.error("page visits not saved:", error)), FLUSH_AFTER_MS);
    timer.unref?.();
  }
}

/** Writes the buffered counts (the dashboard calls this first, so its figures include the last seconds). */
export async function flushPageVisits(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return;
  const batch = [...pending.entries()];
  pending.clear();
  const handle = await getDatabase();
  for (const [day, bucket] of batch) {
    // The in-memory key is an unsalted digest (it never leaves the process); the stored one is keyed with the salt.
    const stored = await Promise.all(bucket.visitorKeys.map((key) => hashWithAddressSalt(`visitor:${key}`)));
    await addDailyVisits(
      handle,
      day,
      bucket.pageViews,
      stored.map((key) => key.slice(0, 32)),
    );
  }
}
