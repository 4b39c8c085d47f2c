// The contact form's fields, limits and texts (spec back-office §5, §8, §9): shared by the page, the server schema
// and the JSON call, so a message reads the same wherever it is shown.

export const CONTACT_LIMITS = {
  nameMin: 2,
  subjectMin: 5,
  messageMin: 10,
  /** Upper bounds are ours (the spec sets none): enough for any real message, too small for abuse. */
  nameMax: 200,
  emailMax: 254,
  subjectMax: 300,
  messageMax: 10_000,
  optionalMax: 200,
  messageRows: 6,
} as const;

export const CONTACT_MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  subject: "Subject must be at least 5 characters",
  message: "Message must be at least 10 characters",
  tooLong: "This is too long",
  successTitle: "Message Sent Successfully",
  successText: "Thank you for your message. We'll get back to you within 24 hours.",
  errorTitle: "Error",
  errorText: "Failed to send message. Please try again later.",
} as const;

export type ContactField = "name" | "email" | "company" | "phone" | "subject" | "message";
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * NOTE: the honeypot is an ordinary-looking text field hidden from people (off-screen, aria-hidden, no tab stop);
 * bots that fill every input fill it too. A submission with it filled is answered as a success and dropped.
 */
export const CONTACT_HONEYPOT_FIELD = "website";

/** What the page action and POST /api/contact answer; `code` is a stable SCREAMING_SNAKE identifier. */
export type ContactResult =
  | { ok: true; code: "MESSAGE_SENT" }
  | { ok: false; code: "VALIDATION_FAILED"; message: string; fieldErrors: ContactFieldErrors }
  | { ok: false; code: "RATE_LIMITED" | "FORBIDDEN_ORIGIN" | "SEND_FAILED"; message: string; retryAfterSeconds?: number };

export type ContactValues = Record<ContactField, string>;

const CONTACT_FIELDS: ContactField[] = ["name", "email", "company", "phone", "subject", "message"];

/** The visitor's entries as text, to put back in the form after a failed send (never the honeypot). */
export function pickContactValues(input: Record<string, unknown>): ContactValues {
  const values = {} as ContactValues;
  for (const field of CONTACT_FIELDS) {
    const value = input[field];
    values[field] = typeof value === "string" ? value.slice(0, CONTACT_LIMITS.messageMax) : "";
  }
  return values;
}
