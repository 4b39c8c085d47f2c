// The team's published hours and the legal pages' date (spec back-office §2, §9): one source for the contact page and
// the legal pages. The operator's identity and the live figures come from the admin's site settings (site-identity).

export const BUSINESS_HOURS = [
  { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM EST" },
  { days: "Saturday", hours: "10:00 AM – 4:00 PM EST" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** Every static page carries this date (spec §9). */
export const LEGAL_LAST_UPDATED = "December 12, 2025";
export const LEGAL_LAST_UPDATED_ISO = "2025-12-12";
