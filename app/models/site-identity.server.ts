// site_settings' identity columns + site_totals → the facts /contact, the legal pages and the footer show (one read
// per process per 60 s, dropped on save and on "Clear cache"); the admin's identity schema (trimmed, size-limited,
// one line without control characters; e-mails, phone and VAT number checked). An unset field is null: outside
// production pages mark it "not configured", in production they leave it out, so a fake address, e-mail, register
// or jurisdiction is never published.
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { createTtlValue } from "../../db/freshness.ts";
import { getSiteIdentity, type SiteIdentityRow } from "../../db/queries/admin-site-code.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import type { PublicSiteFacts, PublicSiteIdentity } from "~/utils/site-identity";

const CACHE_TTL_MS = 60_000;
const siteFactsCache = createTtlValue<PublicSiteFacts>("site-identity", CACHE_TTL_MS);

/**
 * Control characters (line breaks, tabs, NUL, C1) and bidirectional overrides have no place in one line of published
 * identity: they break the page's layout or make a name read differently from what is stored.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `SITE_IDENTITY_TOO_LONG: ${what} takes at most ${max} characters`)
    .refine((value) => !HIDDEN_CHARACTERS.test(value), {
      message: `SITE_IDENTITY_CONTROL_CHARACTERS: ${what} must be one line of plain text; remove line breaks, tabs and other control characters`,
    });
const email = (what: string) =>
  z
    .string()
    .trim()
    .max(254, `INVALID_SITE_EMAIL: ${what} takes at most 254 characters`)
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: `INVALID_SITE_EMAIL: ${what} must be an e-mail address such as help@example.com, or empty`,
    });

/** The identity fields the admin edits (site-code.server takes them as optional: left out = kept as stored). */
export const SiteIdentitySchema = z.object({
  company_name: text(200, "the company name"),
  company_street: text(200, "the street"),
  company_postal_city: text(120, "the postal code and city"),
  company_country: text(100, "the country"),
  company_phone: z
    .string()
    .trim()
    .refine((value) => value === "" || (/^\+?[0-9 ()./-]{4,40}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 4), {
      message: "INVALID_SITE_PHONE: the phone takes digits, spaces, + ( ) . / - (4 to 40 characters), e.g. +41 44 123 45 67, or empty",
    }),
  support_email: email("the support e-mail"),
  privacy_email: email("the privacy e-mail"),
  legal_email: email("the legal e-mail"),
  company_legal_form: text(120, "the legal form"),
  company_register: text(200, "the commercial register"),
  company_registration_number: text(80, "the registration number"),
  company_vat_id: text(40, "the VAT number").refine((value) => value === "" || /^[\p{L}\p{N}][\p{L}\p{N} ./-]{3,39}$/u.test(value), {
    message: "INVALID_SITE_VAT_ID: the VAT number takes letters, digits, spaces and . / - (4 to 40 characters), e.g. CHE-123.456.789 MWST, or empty",
  }),
  company_management: text(300, "the management"),
  governing_law: text(200, "the governing law"),
  place_of_jurisdiction: text(200, "the place of jurisdiction"),
});

export type SiteIdentity = SiteIdentityRow;

/** The tel: link of a displayed phone number: its digits, with the leading + kept. */
export function buildPhoneHref(phone: string): string {
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;
}

/** Stored row → what pages receive; `production` decides placeholders (shown only outside production). */
export function toPublicIdentity(row: SiteIdentityRow, production: boolean): PublicSiteIdentity {
  const value = (field: string) => (field.trim() === "" ? null : field.trim());
  const phone = value(row.company_phone);
  return {
    companyName: value(row.company_name),
    street: value(row.company_street),
    postalCity: value(row.company_postal_city),
    country: value(row.company_country),
    phone,
    phoneHref: phone ? buildPhoneHref(phone) : null,
    supportEmail: value(row.support_email),
    privacyEmail: value(row.privacy_email),
    legalEmail: value(row.legal_email),
    legalForm: value(row.company_legal_form),
    register: value(row.company_register),
    registrationNumber: value(row.company_registration_number),
    vatId: value(row.company_vat_id),
    management: value(row.company_management),
    governingLaw: value(row.governing_law),
    placeOfJurisdiction: value(row.place_of_jurisdiction),
    showPlaceholders: !production,
  };
}

/** The one read public pages use (through the root loader): identity and live totals, cached for 60 s. */
export async function getPublicSiteFacts(): Promise<PublicSiteFacts> {
  return siteFactsCache.get(async () => {
    const handle = await getDatabase();
    const [row, totals] = await Promise.all([getSiteIdentity(handle), getSiteTotals(handle)]);
    return { identity: toPublicIdentity(row, getEnv().NODE_ENV === "production"), figures: totals };
  });
}

/** After an admin save: the next page shows the new identity at once (in this process; others within 60 s). */
export function forgetPublicSiteFacts(): void {
  siteFactsCache.clear();
}
