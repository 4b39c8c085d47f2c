// Contact form input (form fields or JSON) + the sender → a stored contact message, or the spec's field errors,
// a rate-limit refusal or a silent drop for bots (honeypot). Both the /contact page and POST /api/contact call this.
import { createHmac, randomBytes } from "node:crypto";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { getAppEnv } from "./env.server";
import { storeContactMessage } from "../../db/writes/contact-messages.ts";
import { getClientIp } from "./client-ip.server";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactField,
  type ContactFieldErrors,
  type ContactResult,
} from "~/utils/contact-form";
import { NO_STORE } from "./cache-policy.server";

/** Per sender (salted IP hash): at most 5 stored messages per hour. */
export const CONTACT_RATE_LIMIT = { maxMessages: 5, windowSeconds: 3600 } as const;

const nullToUndefined = (value: unknown) => (value === null ? undefined : value);
/** NOTE: PostgreSQL text cannot hold NUL; a pasted one is dropped rather than failing the send with a 503. */
const textWithoutNul = (value: unknown) => (typeof value === "string" ? value.replaceAll("\u0000", "") : nullToUndefined(value));

const requiredText = (min: number, max: number, message: string) =>
  z.preprocess(textWithoutNul, z.string({ message }).trim().min(min, message).max(max, CONTACT_MESSAGES.tooLong));

const optionalText = z.preprocess(
  textWithoutNul,
  z
    .string()
    .trim()
    .max(CONTACT_LIMITS.optionalMax, CONTACT_MESSAGES.tooLong)
    .optional()
    .transform((value) => value || null),
);

export const ContactMessageSchema = z.object({
  name: requiredText(CONTACT_LIMITS.nameMin, CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.name),
  email: z.preprocess(
    nullToUndefined,
    z.string({ message: CONTACT_MESSAGES.email }).trim().max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.tooLong).pipe(z.email(CONTACT_MESSAGES.email)),
  ),
  company: optionalText,
  phone: optionalText,
  subject: requiredText(CONTACT_LIMITS.subjectMin, CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.subject),
  message: requiredText(CONTACT_LIMITS.messageMin, CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.message),
  [CONTACT_HONEYPOT_FIELD]: z.preprocess(nullToUndefined, z.string().optional()),
});

export interface ContactSender {
  /** The client address as the HTTP server saw it (proxy-aware), or null when unknown. */
  clientIp: string | null;
  userAgent: string | null;
  /** Origin header of the request, when the browser sent one. */
  origin: string | null;
  /** Origin of the URL the request was made to. */
  requestOrigin: string;
}

export interface ContactAnswer {
  status: 200 | 400 | 403 | 429 | 503;
  result: ContactResult;
  /** Never cached; Retry-After when rate-limited. */
  headers: Record<string, string>;
}

function answer(status: ContactAnswer["status"], result: ContactResult): ContactAnswer {
  const headers: Record<string, string> = { "Cache-Control": NO_STORE };
  if (!result.ok && "retryAfterSeconds" in result && result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return { status, result, headers };
}

/** The sender facts the model needs, read from the request (the client address is set by our HTTP server). */
export function readContactSender(request: Request): ContactSender {
  const address = getClientIp(request);
  const clientIp = address === "unknown" ? null : address;
  return {
    clientIp,
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    origin: request.headers.get("origin"),
    requestOrigin: new URL(request.url).origin,
  };
}

/**
 * NOTE: the salt is SESSION_SECRET when set, else random per process. A random salt means each app process (and each
 * restart) counts separately: a visitor could get 5 messages per process per hour. Set SESSION_SECRET in production.
 */
let processSalt: string | undefined;
export function hashClientIp(ip: string | null): string {
  const salt = getAppEnv().SESSION_SECRET ?? (processSalt ??= randomBytes(32).toString("hex"));
  // Unknown addresses share one bucket: without an address the limit must still hold.
  return createHmac("sha256", salt)
    .update(`contact-ip:${ip ?? "unknown"}`)
    .digest("hex");
}

function collectFieldErrors(error: z.ZodError): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in ContactMessageSchema.shape && field !== CONTACT_HONEYPOT_FIELD && !errors[field as ContactField]) {
      errors[field as ContactField] = issue.message;
    }
  }
  return errors;
}

/**
 * A cross-site page must not post messages in a visitor's name. Browsers send Origin on every POST; a request
 * without it (curl, old clients) is allowed.
 */
export function isForeignOrigin(sender: ContactSender): boolean {
  if (!sender.origin) return false;
  const allowed = new Set([sender.requestOrigin]);
  const siteUrl = getAppEnv().SITE_URL;
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  return !allowed.has(sender.origin);
}

/** Validates, filters bots, applies the per-sender limit and stores the message. */
export async function sendContactMessage(input: unknown, request: Request): Promise<ContactAnswer> {
  const sender = readContactSender(request);
  if (isForeignOrigin(sender)) {
    return answer(403, { ok: false, code: "FORBIDDEN_ORIGIN", message: "Messages can only be sent from this site's contact page." });
  }
  const parsed = ContactMessageSchema.safeParse(input && typeof input === "object" ? input : {});
  if (!parsed.success) {
    return answer(400, {
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Please correct the highlighted fields.",
      fieldErrors: collectFieldErrors(parsed.error),
    });
  }
  const { [CONTACT_HONEYPOT_FIELD]: honeypot, ...message } = parsed.data;
  // Bots get the same answer as people, so they learn nothing; the message is simply not kept.
  if (honeypot?.trim()) return answer(200, { ok: true, code: "MESSAGE_SENT" });

  try {
    const stored = await storeContactMessage(
      await getDatabase(),
      { ...message, ipHash: hashClientIp(sender.clientIp), userAgent: sender.userAgent },
      CONTACT_RATE_LIMIT,
    );
    if (!stored.stored) {
      return answer(429, {
        ok: false,
        code: "RATE_LIMITED",
        message: "Too many messages from your connection. Please try again later.",
        retryAfterSeconds: stored.retryAfterSeconds,
      });
    }
    return answer(200, { ok: true, code: "MESSAGE_SENT" });
  } catch (error) {
    console.error("contact message not stored:", error instanceof Error ? error.message : error);
    return answer(503, { ok: false, code: "SEND_FAILED", message: CONTACT_MESSAGES.errorText });
  }
}
