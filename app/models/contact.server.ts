// Contact form input (form fields or JSON) + the sender → a stored contact message, or the spec's field errors,
// a rate-limit refusal or a silent drop for bots (honeypot). Both the /contact page and POST /api/contact call this.
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { getAppEnv } from "./env.server";
import { storeContactMessage } from "../../db/writes/contact-messages.ts";
import { getClientIp } from "./client-ip.server";
import { hashWithAddressSalt } from "./address-salt.server";
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

/** What a protected public form answers: its own "sent" code and field errors, the refusals all forms share. */
export type ProtectedFormResult<SentCode extends string, FieldErrors> =
  | { ok: true; code: SentCode }
  | { ok: false; code: "VALIDATION_FAILED"; message: string; fieldErrors: FieldErrors }
  | { ok: false; code: "RATE_LIMITED" | "FORBIDDEN_ORIGIN" | "SEND_FAILED"; message: string; retryAfterSeconds?: number };

export interface ProtectedFormAnswer<Result> {
  status: 200 | 400 | 403 | 429 | 503;
  result: Result;
  /** Never cached; Retry-After when rate-limited. */
  headers: Record<string, string>;
}

export type ContactAnswer = ProtectedFormAnswer<ContactResult>;

function answer<Result extends ProtectedFormResult<string, unknown>>(
  status: ProtectedFormAnswer<Result>["status"],
  result: Result,
): ProtectedFormAnswer<Result> {
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

/** Unknown addresses share one bucket: without an address the limit must still hold. Salted alike on every host. */
export function hashClientIp(ip: string | null): Promise<string> {
  return hashWithAddressSalt(`contact-ip:${ip ?? "unknown"}`);
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

/** One public form (contact, suggest an edit): its schema, honeypot, texts and how it stores what passed. */
export interface ProtectedForm<Data extends Record<string, unknown>, Honeypot extends keyof Data & string, SentCode extends string, FieldErrors> {
  schema: z.ZodType<Data>;
  honeypotField: Honeypot;
  collectFieldErrors: (error: z.ZodError) => FieldErrors;
  sentCode: SentCode;
  messages: { foreignOrigin: string; rateLimited: string; sendFailed: string };
  /** Logged with the error when storing fails. */
  failureLog: string;
  /** The client address → what its hash counts under (default: the address itself). */
  senderKey?: (clientIp: string) => string;
  /** Stores the fields unless the sender's limit is reached (count and insert under one lock). */
  store: (
    fields: Omit<Data, Honeypot>,
    sender: { ipHash: string; userAgent: string | null },
  ) => Promise<{ stored: true } | { stored: false; retryAfterSeconds: number }>;
}

/**
 * The protections every public form shares, in order: same-site origin, validation, honeypot (bots get the
 * "sent" answer and nothing is kept), the salted sender hash and the per-sender rate limit applied by `store`.
 */
export async function submitProtectedForm<
  Data extends Record<string, unknown>,
  Honeypot extends keyof Data & string,
  SentCode extends string,
  FieldErrors,
>(
  form: ProtectedForm<Data, Honeypot, SentCode, FieldErrors>,
  input: unknown,
  request: Request,
): Promise<ProtectedFormAnswer<ProtectedFormResult<SentCode, FieldErrors>>> {
  type Result = ProtectedFormResult<SentCode, FieldErrors>;
  const sender = readContactSender(request);
  if (isForeignOrigin(sender)) return answer<Result>(403, { ok: false, code: "FORBIDDEN_ORIGIN", message: form.messages.foreignOrigin });
  const parsed = form.schema.safeParse(input && typeof input === "object" ? input : {});
  if (!parsed.success) {
    return answer<Result>(400, {
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Please correct the highlighted fields.",
      fieldErrors: form.collectFieldErrors(parsed.error),
    });
  }
  const { [form.honeypotField]: honeypot, ...fields } = parsed.data;
  // Bots get the same answer as people, so they learn nothing; what they sent is simply not kept.
  if (typeof honeypot === "string" && honeypot.trim()) return answer<Result>(200, { ok: true, code: form.sentCode });
  try {
    const key = sender.clientIp === null || !form.senderKey ? sender.clientIp : form.senderKey(sender.clientIp);
    const stored = await form.store(fields, { ipHash: await hashClientIp(key), userAgent: sender.userAgent });
    if (!stored.stored) {
      return answer<Result>(429, {
        ok: false,
        code: "RATE_LIMITED",
        message: form.messages.rateLimited,
        retryAfterSeconds: stored.retryAfterSeconds,
      });
    }
    return answer<Result>(200, { ok: true, code: form.sentCode });
  } catch (error) {
    console.error(form.failureLog, error instanceof Error ? error.message : error);
    return answer<Result>(503, { ok: false, code: "SEND_FAILED", message: form.messages.sendFailed });
  }
}

/** Validates, filters bots, applies the per-sender limit and stores the message. */
export async function sendContactMessage(input: unknown, request: Request): Promise<ContactAnswer> {
  return submitProtectedForm(
    {
      schema: ContactMessageSchema,
      honeypotField: CONTACT_HONEYPOT_FIELD,
      collectFieldErrors,
      sentCode: "MESSAGE_SENT",
      messages: {
        foreignOrigin: "Messages can only be sent from this site's contact page.",
        rateLimited: "Too many messages from your connection. Please try again later.",
        sendFailed: CONTACT_MESSAGES.errorText,
      },
      failureLog: "contact message not stored:",
      store: async (message, sender) => storeContactMessage(await getDatabase(), { ...message, ...sender }, CONTACT_RATE_LIMIT),
    },
    input,
    request,
  );
}
