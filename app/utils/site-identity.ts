// The operator's identity and the directory's live totals as public pages receive them (root loader data): a field
// nobody configured is null, and `showPlaceholders` says whether pages mark it "not configured" or leave it out.

export interface PublicSiteIdentity {
  companyName: string | null;
  street: string | null;
  /** Postal code and city as one line. */
  postalCity: string | null;
  country: string | null;
  phone: string | null;
  /** tel: link built from the phone's digits (and a leading +). */
  phoneHref: string | null;
  supportEmail: string | null;
  privacyEmail: string | null;
  legalEmail: string | null;
  /** Legal notice facts, as the operator typed them ("Aktiengesellschaft (AG)", "Swiss law"); null = not configured. */
  legalForm: string | null;
  register: string | null;
  registrationNumber: string | null;
  vatId: string | null;
  /** Names of the people who manage the company (and answer for its content). */
  management: string | null;
  governingLaw: string | null;
  placeOfJurisdiction: string | null;
  /** Outside production: unset fields show a "not configured" placeholder; in production they are left out. */
  showPlaceholders: boolean;
}

/** Live counts from site_totals (shown through formatAtLeast). */
export interface DirectoryFigures {
  businesses: number;
  countries: number;
  cities: number;
  categories: number;
}

export interface PublicSiteFacts {
  identity: PublicSiteIdentity;
  /** null when the totals could not be read: pages then leave the figures out rather than guess. */
  figures: DirectoryFigures | null;
}

/** What pages show when the facts are missing (an error page, a failed read): nothing invented, no placeholders. */
export const UNKNOWN_SITE_FACTS: PublicSiteFacts = {
  identity: {
    companyName: null,
    street: null,
    postalCity: null,
    country: null,
    phone: null,
    phoneHref: null,
    supportEmail: null,
    privacyEmail: null,
    legalEmail: null,
    legalForm: null,
    register: null,
    registrationNumber: null,
    vatId: null,
    management: null,
    governingLaw: null,
    placeOfJurisdiction: null,
    showPlaceholders: false,
  },
  figures: null,
};
