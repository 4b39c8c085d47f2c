// The "Suggest an edit" form's fields, limits and texts: shared by the public page, the server schema and the
// admin review queue, so a field reads the same wherever it is shown.

export const SUGGESTION_LIMITS = {
  nameMin: 2,
  nameMax: 200,
  addressMax: 300,
  phoneMax: 40,
  websiteMax: 500,
  hoursMax: 1000,
  noteMax: 2000,
  emailMax: 254,
} as const;

/** What a visitor can report besides corrections; "" = the business is open where it was. */
export const SUGGESTION_CLOSURE_VALUES = ["closed_permanently", "closed_temporarily", "moved"] as const;
export type SuggestionClosureValue = (typeof SUGGESTION_CLOSURE_VALUES)[number];

export const SUGGESTION_CLOSURE_LABELS: Record<SuggestionClosureValue | "", string> = {
  "": "Open, details only",
  closed_permanently: "Permanently closed",
  closed_temporarily: "Temporarily closed",
  moved: "Moved to a new address",
};

/** The correction fields, in form order; each is optional, at least one of them or a closure is needed. */
export const SUGGESTION_TEXT_FIELDS = ["name", "fullAddress", "phone", "website", "hours"] as const;
export type SuggestionTextField = (typeof SUGGESTION_TEXT_FIELDS)[number];
export type SuggestionField = SuggestionTextField | "closure" | "note" | "email";

export const SUGGESTION_FIELD_LABELS: Record<SuggestionField, string> = {
  name: "Business name",
  fullAddress: "Address",
  phone: "Phone",
  website: "Website",
  hours: "Opening hours",
  closure: "Is it still open?",
  note: "Anything else we should know",
  email: "Your e-mail",
};

export const SUGGESTION_MESSAGES = {
  name: "The name must be at least 2 characters",
  phone: "Enter a phone number with at least 5 digits (e.g. +41 44 123 45 67)",
  website: "Enter a web address such as https://example.com",
  email: "Enter a valid e-mail address, or leave it empty",
  closure: "Choose one of the listed answers",
  movedNeedsAddress: "Give the new address of a business that moved",
  nothing: "Fill in at least one correction, or say whether the business has closed or moved",
  tooLong: "This is too long",
  successTitle: "Thank you, your suggestion was sent",
  successText: "An editor checks every suggestion before it changes the listing; this usually takes a few days.",
  errorTitle: "Your suggestion was not sent",
  errorText: "Something went wrong on our side. Please try again later.",
} as const;

/**
 * NOTE: as on the contact form, the honeypot is an ordinary-looking text field hidden from people; a submission
 * with it filled is answered as a success and dropped. "website" is taken by a real field here.
 */
export const SUGGESTION_HONEYPOT_FIELD = "homepage";

export type SuggestionFieldErrors = Partial<Record<SuggestionField | "form", string>>;

/** What the page action answers; `code` is a stable SCREAMING_SNAKE identifier. */
export type SuggestionResult =
  | { ok: true; code: "SUGGESTION_SENT" }
  | { ok: false; code: "VALIDATION_FAILED"; message: string; fieldErrors: SuggestionFieldErrors }
  | { ok: false; code: "RATE_LIMITED" | "FORBIDDEN_ORIGIN" | "SEND_FAILED"; message: string; retryAfterSeconds?: number };

export type SuggestionValues = Record<SuggestionField, string>;

const FORM_FIELDS: SuggestionField[] = [...SUGGESTION_TEXT_FIELDS, "closure", "note", "email"];

/** The visitor's entries as text, to put back in the form after a failed send (never the honeypot). */
export function pickSuggestionValues(input: Record<string, unknown>): SuggestionValues {
  const values = {} as SuggestionValues;
  for (const field of FORM_FIELDS) {
    const value = input[field];
    values[field] = typeof value === "string" ? value.slice(0, SUGGESTION_LIMITS.noteMax) : "";
  }
  return values;
}
