// Admin-edited site code, ad slots, and visitor contact messages.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, date } from "drizzle-orm/pg-core";

/** One row (id = 1): the site-wide code snippets injected on public pages, and the operator's published identity. */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    headTags: text("head_tags").notNull().default(""),
    footerTags: text("footer_tags").notNull().default(""),
    analyticsCode: text("analytics_code").notNull().default(""),
    facebookPixel: text("facebook_pixel").notNull().default(""),
    /** Identity shown on /contact, the legal pages and the footer; "" = not configured (see site-identity.server). */
    companyName: text("company_name").notNull().default(""),
    companyStreet: text("company_street").notNull().default(""),
    /** Postal code and city as one line, in the order the country writes them ("8001 Zürich", "London SW1A 1AA"). */
    companyPostalCity: text("company_postal_city").notNull().default(""),
    companyCountry: text("company_country").notNull().default(""),
    companyPhone: text("company_phone").notNull().default(""),
    supportEmail: text("support_email").notNull().default(""),
    privacyEmail: text("privacy_email").notNull().default(""),
    legalEmail: text("legal_email").notNull().default(""),
    /** The legal notice's registration, management and governing-law facts; "" = not configured, never a default jurisdiction. */
    companyLegalForm: text("company_legal_form").notNull().default(""),
    companyRegister: text("company_register").notNull().default(""),
    companyRegistrationNumber: text("company_registration_number").notNull().default(""),
    companyVatId: text("company_vat_id").notNull().default(""),
    companyManagement: text("company_management").notNull().default(""),
    governingLaw: text("governing_law").notNull().default(""),
    placeOfJurisdiction: text("place_of_jurisdiction").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("site_settings_single_row", sql`${t.id} = 1`),
    // The last line of defence behind the admin's zod limits: no identity field above 320 characters.
    check(
      "site_settings_identity_size",
      sql`greatest(char_length(${t.companyName}), char_length(${t.companyStreet}), char_length(${t.companyPostalCity}), char_length(${t.companyCountry}), char_length(${t.companyPhone}), char_length(${t.supportEmail}), char_length(${t.privacyEmail}), char_length(${t.legalEmail}), char_length(${t.companyLegalForm}), char_length(${t.companyRegister}), char_length(${t.companyRegistrationNumber}), char_length(${t.companyVatId}), char_length(${t.companyManagement}), char_length(${t.governingLaw}), char_length(${t.placeOfJurisdiction})) <= 320`,
    ),
  ],
);

/** One row (id = 1): the four business-page ad slots, each capped at 50 KB. */
export const adCodes = pgTable(
  "ad_codes",
  {
    id: integer("id").primaryKey().default(1),
    ad1: text("ad1").notNull().default(""),
    ad2: text("ad2").notNull().default(""),
    ad3: text("ad3").notNull().default(""),
    ad4: text("ad4").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ad_codes_single_row", sql`${t.id} = 1`),
    check(
      "ad_codes_size",
      sql`octet_length(${t.ad1}) <= 51200 and octet_length(${t.ad2}) <= 51200 and octet_length(${t.ad3}) <= 51200 and octet_length(${t.ad4}) <= 51200`,
    ),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Salted hash, not the address: enough for rate limiting, useless to a thief. */
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc()), index("contact_messages_ip_idx").on(t.ipHash, t.createdAt)],
);

/** Daily public page views and distinct visitors for the admin dashboard. */
export const dailyVisits = pgTable("daily_visits", {
  day: date("day").primaryKey(),
  pageViews: bigint("page_views", { mode: "number" }).notNull().default(0),
  visitors: integer("visitors").notNull().default(0),
});
