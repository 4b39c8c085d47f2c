// "Suggest an edit" on a business page → a stored suggestion (the contact form's protections: same-site origin,
// honeypot, per-sender rate limit, length limits; the body size is capped by the server), and the admin's review
// queue → accept (the business changes, is reindexed and keeps the changed fields over re-imports), edit or reject,
// each written to the audit log.
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { findPendingSuggestionCountry, listPendingSuggestions } from "../../db/queries/business-suggestions.ts";
import type { SuggestionClosure } from "../../db/schema/index.ts";
import {
  acceptBusinessSuggestion,
  rejectBusinessSuggestion,
  saveSuggestionProposal,
  storeBusinessSuggestion,
  type BusinessCorrection,
  type SuggestionProposal,
} from "../../db/writes/business-suggestions.ts";
import { parseWorkingHours } from "../../ingest-cli/pipeline/normalize/hours.ts";
import { parsePhone } from "../../ingest-cli/pipeline/normalize/place/phone.ts";
import { syncBusinessesById } from "../../search/reindex.ts";
import {
  SUGGESTION_CLOSURE_VALUES,
  SUGGESTION_HONEYPOT_FIELD,
  SUGGESTION_LIMITS,
  SUGGESTION_MESSAGES,
  SUGGESTION_TEXT_FIELDS,
  type SuggestionField,
  type SuggestionFieldErrors,
  type SuggestionResult,
} from "~/utils/suggest-edit-form";
import { readWebUrl } from "~/utils/business-links";
import { listWeekHours } from "~/utils/opening-hours";
import { adminDataError } from "./admin-businesses.server";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { findBusinessBySlug } from "./businesses.server";
import { throttleAddressKey } from "./client-ip.server";
import { submitProtectedForm, type ProtectedFormAnswer } from "./contact.server";

/** Per sender (salted hash of the IPv4 address or IPv6 /64): at most 10 stored suggestions per hour. */
export const SUGGESTION_RATE_LIMIT = { maxSuggestions: 10, windowSeconds: 3600 } as const;
export const SUGGESTION_QUEUE_PAGE_SIZE = 20;

// The schema's closures and the form's are one list (the form's module may not import db/schema).
const CLOSURES = SUGGESTION_CLOSURE_VALUES satisfies readonly SuggestionClosure[];

/** NOTE: PostgreSQL text cannot hold NUL; a pasted one is dropped rather than failing the send with a 503. */
const textWithoutNul = (value: unknown) => (typeof value === "string" ? value.replaceAll("\u0000", "") : value === null ? undefined : value);

/** An optional text: trimmed, "" → null, at most `max` characters. */
const optionalText = (max: number) =>
  z.preprocess(
    textWithoutNul,
    z
      .string()
      .trim()
      .max(max, SUGGESTION_MESSAGES.tooLong)
      .optional()
      .transform((value) => value || null),
  );

const ProposalShape = {
  name: optionalText(SUGGESTION_LIMITS.nameMax).refine(
    (value) => value === null || value.length >= SUGGESTION_LIMITS.nameMin,
    SUGGESTION_MESSAGES.name,
  ),
  fullAddress: optionalText(SUGGESTION_LIMITS.addressMax),
  phone: optionalText(SUGGESTION_LIMITS.phoneMax).refine(
    (value) => value === null || (/^[\d\s()+./-]+$/.test(value) && value.replace(/\D/g, "").length >= 5),
    SUGGESTION_MESSAGES.phone,
  ),
  website: optionalText(SUGGESTION_LIMITS.websiteMax).refine((value) => value === null || readWebUrl(value) !== null, SUGGESTION_MESSAGES.website),
  hours: optionalText(SUGGESTION_LIMITS.hoursMax),
  closure: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(CLOSURES, { message: SUGGESTION_MESSAGES.closure }).optional(),
  ),
};

/** A proposal (the visitor's or the admin's edit): each field optional, a move needs the new address. */
export const SuggestionProposalSchema = z
  .object(ProposalShape)
  .superRefine((value, context) => {
    if (value.closure === "moved" && !value.fullAddress)
      context.addIssue({ code: "custom", path: ["fullAddress"], message: SUGGESTION_MESSAGES.movedNeedsAddress });
  })
  .transform((value): SuggestionProposal => ({ ...value, closure: value.closure ?? null }));

export const SuggestionFormSchema = z
  .object({
    ...ProposalShape,
    note: optionalText(SUGGESTION_LIMITS.noteMax),
    email: z.preprocess(
      textWithoutNul,
      z
        .string()
        .trim()
        .max(SUGGESTION_LIMITS.emailMax, SUGGESTION_MESSAGES.tooLong)
        .optional()
        .transform((value) => value || null)
        .pipe(z.email(SUGGESTION_MESSAGES.email).nullable()),
    ),
    [SUGGESTION_HONEYPOT_FIELD]: z.preprocess(textWithoutNul, z.string().optional()),
  })
  .superRefine((value, context) => {
    if (value.closure === "moved" && !value.fullAddress)
      context.addIssue({ code: "custom", path: ["fullAddress"], message: SUGGESTION_MESSAGES.movedNeedsAddress });
    if (!value.closure && SUGGESTION_TEXT_FIELDS.every((field) => !value[field]))
      context.addIssue({ code: "custom", path: ["form"], message: SUGGESTION_MESSAGES.nothing });
  });

const FIELD_NAMES = new Set<string>([...SUGGESTION_TEXT_FIELDS, "closure", "note", "email", "form"]);

function collectFieldErrors(error: z.ZodError): SuggestionFieldErrors {
  const errors: SuggestionFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && FIELD_NAMES.has(field) && !errors[field as SuggestionField]) errors[field as SuggestionField] = issue.message;
  }
  return errors;
}

export type SuggestionAnswer = ProtectedFormAnswer<SuggestionResult>;

/** What the form shows about the business: its current values, as hints beside the fields. */
export interface SuggestTarget {
  id: number;
  name: string;
  slug: string;
  fullAddress: string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
  status: string;
}

/** The business a suggestion is for, by its page's slug: found, moved to another slug (301), or not found. */
export async function findSuggestTarget(
  slug: string,
): Promise<{ status: "found"; business: SuggestTarget } | { status: "moved"; slug: string } | { status: "not_found" }> {
  const found = await findBusinessBySlug(slug);
  if (found.status !== "found") return found;
  if (found.retried) return { status: "moved", slug: found.business.slug };
  const business = found.business;
  const hours = business.workingHours ? (JSON.parse(business.workingHours) as Record<string, string>) : null;
  return {
    status: "found",
    business: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      fullAddress: business.fullAddress,
      phone: business.phone,
      website: business.url,
      hours: hours
        ? Object.entries(hours)
            .map(([day, text]) => `${day}: ${text}`)
            .join(" | ")
        : null,
      status: business.status,
    },
  };
}

/** Validates, drops bots, applies the per-sender limit and stores the suggestion for `businessId`. */
export async function submitBusinessSuggestion(businessId: number, input: unknown, request: Request): Promise<SuggestionAnswer> {
  return submitProtectedForm(
    {
      schema: SuggestionFormSchema,
      honeypotField: SUGGESTION_HONEYPOT_FIELD,
      collectFieldErrors,
      sentCode: "SUGGESTION_SENT",
      messages: {
        foreignOrigin: "Suggestions can only be sent from this site's business pages.",
        rateLimited: "Too many suggestions from your connection. Please try again later.",
        sendFailed: SUGGESTION_MESSAGES.errorText,
      },
      failureLog: "suggestion not stored:",
      // NOTE: one IPv6 host owns a whole /64; counted per address, each new address would get a fresh allowance.
      senderKey: (clientIp) => `suggest:${throttleAddressKey(clientIp)}`,
      store: async (suggestion, sender) =>
        storeBusinessSuggestion(
          await getDatabase(),
          { ...suggestion, closure: suggestion.closure ?? null, businessId, ...sender },
          SUGGESTION_RATE_LIMIT,
        ),
    },
    input,
    request,
  );
}

/** "Monday: 9:00 AM – 5:00 PM | Tuesday: Closed | …": the stored week in the form the accept reads back. */
function formatStoredWeek(json: string | null): string | null {
  const rows = listWeekHours(json ? JSON.parse(json) : null);
  return rows ? rows.map((row) => `${row.label}: ${row.text}`).join(" | ") : null;
}

/** The queue: pending suggestions, oldest first, each with its business's current values. */
export async function listSuggestionQueue(options: { afterId?: number }) {
  const rows = await listPendingSuggestions(await getDatabase(), { limit: SUGGESTION_QUEUE_PAGE_SIZE + 1, afterId: options.afterId });
  const page = rows.slice(0, SUGGESTION_QUEUE_PAGE_SIZE);
  return {
    suggestions: page.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      note: row.note,
      email: row.email,
      proposal: row.proposal,
      business: {
        id: row.business.id,
        name: row.business.name,
        slug: row.business.slug,
        status: row.business.status,
        keptFields: row.business.keptFields,
        current: {
          name: row.business.name,
          fullAddress: row.business.fullAddress,
          phone: row.business.phone,
          website: row.business.url,
          hours: formatStoredWeek(row.business.workingHoursJson),
        },
      },
    })),
    nextAfterId: rows.length > SUGGESTION_QUEUE_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

const QueueQuerySchema = z.object({ after: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined) });

/** ?after=<id> → queue options; junk values are ignored, not errors. */
export function parseSuggestionQueueQuery(url: URL): { afterId?: number } {
  return { afterId: QueueQuerySchema.parse(Object.fromEntries(url.searchParams)).after };
}

const ReviewActionSchema = z.object({
  intent: z.enum(["accept", "save", "reject"]),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export type SuggestionReview =
  | { intent: "reject"; id: number }
  | { intent: "accept" | "save"; id: number; proposal: SuggestionProposal }
  | { intent: "invalid"; id: number | null; fieldErrors: SuggestionFieldErrors };

/** The review form → what to do; an accept or save carries the (possibly edited) proposal, checked like the visitor's. */
export function parseSuggestionReview(form: FormData): SuggestionReview {
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  const action = ReviewActionSchema.safeParse(fields);
  if (!action.success) throw adminDataError(400, "INVALID_SUGGESTION_ACTION", "Send intent (accept, save or reject) and a suggestion id.");
  const { intent, id } = action.data;
  if (intent === "reject") return { intent, id };
  const proposal = SuggestionProposalSchema.safeParse(fields);
  if (!proposal.success) return { intent: "invalid", id, fieldErrors: collectFieldErrors(proposal.error) };
  // An accept applies the hours, so they must read as the import reads them; a saved draft may stay free text.
  if (intent === "accept" && proposal.data.hours && !parseWorkingHours(proposal.data.hours)) {
    return { intent: "invalid", id, fieldErrors: { hours: HOURS_UNREADABLE } };
  }
  return { intent, id, proposal: proposal.data };
}

const HOURS_UNREADABLE =
  'The opening hours could not be read. Write one day per part, e.g. "Monday: 9:00 AM – 5:00 PM | Tuesday: Closed", then accept again.';

function suggestionGone(id: number): Response {
  return adminDataError(409, "SUGGESTION_NOT_PENDING", `Suggestion #${id} was already reviewed or its business deleted; reload the queue.`);
}

/** The proposal → the business's new column values; unreadable hours are a 400 saying how to write them. */
function buildCorrection(proposal: SuggestionProposal, countryCode: string | null): BusinessCorrection {
  const correction: BusinessCorrection = {};
  if (proposal.name) correction.name = proposal.name;
  if (proposal.fullAddress) correction.fullAddress = proposal.fullAddress;
  if (proposal.phone) {
    correction.phone = proposal.phone;
    correction.phoneE164 = parsePhone(proposal.phone, countryCode)?.e164 ?? null;
  }
  if (proposal.website) correction.url = readWebUrl(proposal.website) ?? undefined;
  if (proposal.hours) {
    const week = parseWorkingHours(proposal.hours);
    if (!week) throw adminDataError(400, "HOURS_UNREADABLE", HOURS_UNREADABLE);
    correction.workingHours = week;
  }
  if (proposal.closure === "closed_permanently" || proposal.closure === "closed_temporarily") correction.status = proposal.closure;
  return correction;
}

/** Accepts a suggestion (with the admin's edits): the business changes, is reindexed, and the audit log says what changed. */
export async function acceptSuggestionAsAdmin(admin: AdminContext, id: number, proposal: SuggestionProposal) {
  const handle = await getDatabase();
  const pending = await findPendingSuggestionCountry(handle, id);
  if (!pending) throw suggestionGone(id);
  const correction = buildCorrection(proposal, pending.countryCode);
  const result = await acceptBusinessSuggestion(handle, { id, reviewer: admin.user.username, proposal, correction });
  if (result.status !== "accepted") throw suggestionGone(id);
  await syncBusinessesById([result.businessId]).catch((error: unknown) =>
    console.warn(`search: index update after an accepted suggestion failed (${String(error)}); run \`directory reindex\``),
  );
  await recordAdminAction(admin, "suggestion.accept", {
    target: `business:${result.businessId}`,
    rowCount: Object.keys(result.changes).length > 0 ? 1 : 0,
    details: { suggestionId: id, name: result.name, slug: result.slug, changes: result.changes, keptFields: result.keptFields },
  });
  return { success: true as const, intent: "accept" as const, id, businessId: result.businessId, changed: Object.keys(result.changes) };
}

export async function saveSuggestionAsAdmin(admin: AdminContext, id: number, proposal: SuggestionProposal) {
  const changed = await saveSuggestionProposal(await getDatabase(), id, proposal);
  if (changed === 0) throw suggestionGone(id);
  await recordAdminAction(admin, "suggestion.edit", { target: `business_suggestions/${id}`, rowCount: changed, details: { proposal } });
  return { success: true as const, intent: "save" as const, id };
}

export async function rejectSuggestionAsAdmin(admin: AdminContext, id: number) {
  const rejected = await rejectBusinessSuggestion(await getDatabase(), id, admin.user.username);
  if (!rejected) throw suggestionGone(id);
  await recordAdminAction(admin, "suggestion.reject", {
    target: `business_suggestions/${id}`,
    rowCount: 1,
    details: { businessId: rejected.businessId },
  });
  return { success: true as const, intent: "reject" as const, id };
}
