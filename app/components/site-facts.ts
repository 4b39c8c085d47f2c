// The company's published contact details and marketing figures (spec back-office §1, §9): one source for the
// contact page, the legal pages and the footer, so an address or a figure never disagrees between pages.

export const COMPANY = {
  name: "Business Directory Inc.",
  street: "100 Example Avenue, Suite 500",
  city: "New York, NY 10001",
  country: "United States",
  phone: "+1 (555) 010-2400",
  phoneHref: "tel:+15550102400",
  supportEmail: "support@businessdirectory.example",
  privacyEmail: "privacy@businessdirectory.example",
  legalEmail: "legal@businessdirectory.example",
} as const;

/** Static marketing text, not live data (spec: "These are marketing text, not live data"). */
export const CLAIMED_FIGURES = {
  businesses: "564,000+",
  countries: "195+",
  cities: "15,000+",
  categories: "500+",
} as const;

export const BUSINESS_HOURS = [
  { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM EST" },
  { days: "Saturday", hours: "10:00 AM – 4:00 PM EST" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** Every static page carries this date (spec §9). */
export const LEGAL_LAST_UPDATED = "December 12, 2025";
export const LEGAL_LAST_UPDATED_ISO = "2025-12-12";
