// Visitors' suggested edits → business_suggestions rows (rate-limited per sender like contact messages), and the
// admin's review: save an edited proposal, reject, or accept (the business changes, its changed fields are kept
// over re-imports, a closure leaves the lists) — each in one transaction that only moves a pending suggestion.
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { businesses, businessSuggestions, type BusinessStatus, type SuggestionClosure, type WeekHours } from "../schema/index.ts";
import { addNameWords, adjustAggregatesForBusiness } from "./aggregates.ts";
import type { AuditChanges } from "./audit-log.ts";
import { ADMIN_KEPT_FIELDS, type AdminKeptField } from "./kept-values.ts";

/** The proposal as text, the way the visitor (or the reviewing admin) wrote it; null = no change offered. */
export interface SuggestionProposal {
  name: string | null;
  fullAddress: string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
  closure: SuggestionClosure | null;
}

export interface SuggestionInput extends SuggestionProposal {
  businessId: number;
  note: string | null;
  email: string | null;
  /** Salted hash of the sender's address (never the address itself). */
  ipHash: string;
  userAgent: string | null;
}

export interface SuggestionRateLimit {
  maxSuggestions: number;
  windowSeconds: number;
}

export type StoreSuggestionResult = { stored: true; id: number } | { stored: false; retryAfterSeconds: number };

/** Namespace of the per-sender advisory locks (two-key form: namespace, hashtext(ip_hash)); contact uses 4_210_017. */
const SUGGESTION_LOCK_NAMESPACE = 4_210_018;

/** Stores a suggestion unless the sender already sent the window's maximum (count and insert under one lock). */
export async function storeBusinessSuggestion(
  handle: DatabaseHandle,
  input: SuggestionInput,
  limit: SuggestionRateLimit,
): Promise<StoreSuggestionResult> {
  return handle.db.transaction(async (tx) => {
    // NOTE: without the lock, two requests of one sender could both count below the limit and both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(${SUGGESTION_LOCK_NAMESPACE}::int, hashtext(${input.ipHash}))`);
    const window = sql`make_interval(secs => ${limit.windowSeconds})`;
    const [recent] = await tx
      .select({
        sent: count(),
        secondsLeft: sql<number | null>`ceil(extract(epoch from (min(${businessSuggestions.createdAt}) + ${window} - now())))::int`,
      })
      .from(businessSuggestions)
      .where(and(eq(businessSuggestions.ipHash, input.ipHash), gt(businessSuggestions.createdAt, sql`now() - ${window}`)));
    if ((recent?.sent ?? 0) >= limit.maxSuggestions) {
      return { stored: false as const, retryAfterSeconds: Math.max(1, Number(recent?.secondsLeft ?? limit.windowSeconds)) };
    }
    const [row] = await tx.insert(businessSuggestions).values(input).returning({ id: businessSuggestions.id });
    if (!row) throw new Error("suggestion insert returned no row");
    return { stored: true as const, id: row.id };
  });
}

/** Replaces a pending suggestion's proposal with the admin's edit; how many rows changed (0: gone or reviewed). */
export async function saveSuggestionProposal(handle: DatabaseHandle, id: number, proposal: SuggestionProposal): Promise<number> {
  const rows = await handle.db
    .update(businessSuggestions)
    .set(proposal)
    .where(and(eq(businessSuggestions.id, id), eq(businessSuggestions.status, "pending")))
    .returning({ id: businessSuggestions.id });
  return rows.length;
}

/** Marks a pending suggestion rejected; the business is left alone. Returns its business id, or null. */
export async function rejectBusinessSuggestion(handle: DatabaseHandle, id: number, reviewer: string): Promise<{ businessId: number } | null> {
  const [row] = await handle.db
    .update(businessSuggestions)
    .set({ status: "rejected", reviewedAt: sql`now()`, reviewedBy: reviewer })
    .where(and(eq(businessSuggestions.id, id), eq(businessSuggestions.status, "pending")))
    .returning({ businessId: businessSuggestions.businessId });
  return row ?? null;
}

/** The business's new values an accepted suggestion sets (already checked and normalised by the caller). */
export interface BusinessCorrection {
  name?: string;
  fullAddress?: string;
  phone?: string;
  phoneE164?: string | null;
  url?: string;
  workingHours?: WeekHours;
  status?: BusinessStatus;
}

/** Correction key → the kept field (businesses.kept_fields) it marks. */
const KEPT_FIELD: Record<keyof BusinessCorrection, AdminKeptField> = {
  name: "name",
  fullAddress: "full_address",
  phone: "phone",
  phoneE164: "phone",
  url: "url",
  workingHours: "working_hours",
  status: "status",
};

export type AcceptSuggestionResult =
  | { status: "accepted"; businessId: number; name: string; slug: string; changes: AuditChanges; keptFields: AdminKeptField[] }
  | { status: "not_pending" };

/**
 * Applies an accepted suggestion: the business's columns, its kept fields (so the next import of the same place keeps
 * them), the counts when it leaves or rejoins the lists, and the suggestion marked accepted with the final proposal
 * and what changed. Only the values that differ are written and reported.
 */
export async function acceptBusinessSuggestion(
  handle: DatabaseHandle,
  input: { id: number; reviewer: string; proposal: SuggestionProposal; correction: BusinessCorrection },
): Promise<AcceptSuggestionResult> {
  return handle.db.transaction(async (tx) => {
    const [suggestion] = await tx
      .select({ businessId: businessSuggestions.businessId, status: businessSuggestions.status })
      .from(businessSuggestions)
      .where(eq(businessSuggestions.id, input.id))
      .for("update");
    if (!suggestion || suggestion.status !== "pending") return { status: "not_pending" as const };
    const [before] = await tx
      .select({
        name: businesses.name,
        slug: businesses.slug,
        fullAddress: businesses.fullAddress,
        phone: businesses.phone,
        phoneE164: businesses.phoneE164,
        url: businesses.url,
        workingHours: businesses.workingHours,
        status: businesses.status,
        isApproved: businesses.isApproved,
        categorySlug: businesses.categorySlug,
        countryCode: businesses.countryCode,
        citySlug: businesses.citySlug,
        keptFields: businesses.keptFields,
      })
      .from(businesses)
      .where(eq(businesses.id, suggestion.businessId))
      .for("update");
    // The business cascade-deletes its suggestions, so a pending one always has it; still, never write half.
    if (!before) return { status: "not_pending" as const };

    const changes: AuditChanges = {};
    const set: BusinessCorrection = {};
    for (const [key, value] of Object.entries(input.correction) as Array<[keyof BusinessCorrection, unknown]>) {
      if (value === undefined) continue;
      const old = before[key];
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      (set as Record<string, unknown>)[key] = value;
      changes[key] = { before: old, after: value };
    }
    const keptFields = [...new Set(Object.keys(set).map((key) => KEPT_FIELD[key as keyof BusinessCorrection]))];
    if (Object.keys(set).length > 0) {
      const kept = ADMIN_KEPT_FIELDS.filter((field) => keptFields.includes(field) || (before.keptFields ?? []).includes(field));
      await tx
        .update(businesses)
        .set({ ...set, keptFields: kept, updatedAt: sql`now()` })
        .where(eq(businesses.id, suggestion.businessId));
      const wasListed = before.status === "operational";
      const isListed = (set.status ?? before.status) === "operational";
      // A closure leaves the lists, counts and sitemaps (listed = approved and operational); the recounts say so.
      if (before.isApproved && wasListed !== isListed) {
        await adjustAggregatesForBusiness(tx, { ...before, status: "operational" }, isListed ? 1 : -1);
      }
      // A new name's words join the typo vocabulary now (the old ones leave at the next count refresh).
      if (set.name !== undefined && before.isApproved) await addNameWords(tx, suggestion.businessId);
    }
    await tx
      .update(businessSuggestions)
      .set({ ...input.proposal, status: "accepted", reviewedAt: sql`now()`, reviewedBy: input.reviewer, applied: changes })
      .where(eq(businessSuggestions.id, input.id));
    return {
      status: "accepted" as const,
      businessId: suggestion.businessId,
      name: set.name ?? before.name,
      slug: before.slug,
      changes,
      keptFields,
    };
  });
}
