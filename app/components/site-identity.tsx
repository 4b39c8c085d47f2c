// Root loader's site facts → the operator's identity and live figures as page fragments: a configured value, a
// visible "not configured" mark outside production, or nothing at all in production (never a made-up line).
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { formatAtLeast, formatCounted } from "~/utils/format";
import { SITE_NAME } from "~/utils/seo";
import { UNKNOWN_SITE_FACTS, type PublicSiteFacts, type PublicSiteIdentity } from "~/utils/site-identity";

/** The facts the root loader read for this page (none under /admin or after a failed read). */
export function useSiteFacts(): PublicSiteFacts {
  const shell = useRouteLoaderData("root") as { siteFacts?: PublicSiteFacts | null } | undefined;
  return shell?.siteFacts ?? UNKNOWN_SITE_FACTS;
}

/** The live counts in the spec's "564,000+" style, with their nouns; null when they could not be read. */
export function useDirectoryFigures(): { businesses: string; countries: string; cities: string; categories: string } | null {
  const { figures } = useSiteFacts();
  if (!figures) return null;
  return {
    businesses: formatCounted(figures.businesses, "business", "businesses", formatAtLeast),
    countries: formatCounted(figures.countries, "country", "countries", formatAtLeast),
    cities: formatCounted(figures.cities, "city", "cities", formatAtLeast),
    categories: formatCounted(figures.categories, "category", "categories", formatAtLeast),
  };
}

/** The mark an unset field gets outside production, so a test site never passes for a configured one. */
export function NotConfigured({ what }: { what: string }) {
  return (
    <span className="rounded bg-amber-100 px-1 font-medium text-amber-900" data-not-configured="">
      {what} not configured
    </span>
  );
}

/** A value, its placeholder, or null (production, unset). */
export function identityValue(identity: PublicSiteIdentity, value: string | null, what: string): ReactNode {
  if (value) return value;
  return identity.showPlaceholders ? <NotConfigured what={what} /> : null;
}

/** Lines separated by <br />, skipping the ones that render nothing. */
export function IdentityLines({ lines }: { lines: ReactNode[] }) {
  const shown = lines.filter((line) => line !== null && line !== undefined && line !== false);
  return (
    <>
      {shown.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** The postal address as lines: company, street, postal code and city, country. */
export function addressLines(identity: PublicSiteIdentity): ReactNode[] {
  return [
    identityValue(identity, identity.companyName, "Company name"),
    identityValue(identity, identity.street, "Street"),
    identityValue(identity, identity.postalCity, "Postal code and city"),
    identityValue(identity, identity.country, "Country"),
  ];
}

/** A mailto link, its placeholder, or null. */
export function EmailLink({
  identity,
  email,
  what,
  className,
}: {
  identity: PublicSiteIdentity;
  email: string | null;
  what: string;
  className?: string;
}) {
  if (email)
    return (
      <a href={`mailto:${email}`} className={className}>
        {email}
      </a>
    );
  return identity.showPlaceholders ? <NotConfigured what={what} /> : null;
}

/** For sentences ("write to …"): the e-mail, its placeholder, or, in production when unset, the contact form. */
export function EmailOrContactForm({ identity, email, what }: { identity: PublicSiteIdentity; email: string | null; what: string }) {
  if (email || identity.showPlaceholders) return <EmailLink identity={identity} email={email} what={what} />;
  return <Link to="/contact">our contact form</Link>;
}

/** For sentences: the company name, its placeholder, or, in production when unset, the site's own name. */
export function companyName(identity: PublicSiteIdentity): ReactNode {
  return identity.companyName ?? (identity.showPlaceholders ? <NotConfigured what="Company name" /> : SITE_NAME);
}

type EmailKind = "support" | "privacy" | "legal";
const EMAIL_LABELS: Record<EmailKind, string> = { support: "Support e-mail", privacy: "Privacy e-mail", legal: "Legal e-mail" };

function emailOf(identity: PublicSiteIdentity, kind: EmailKind): string | null {
  return kind === "support" ? identity.supportEmail : kind === "privacy" ? identity.privacyEmail : identity.legalEmail;
}

/** In legal text: the operator's name (see companyName). */
export function CompanyName() {
  return <>{companyName(useSiteFacts().identity)}</>;
}

/** In legal text: one of the operator's e-mails as a link (or the contact form in production when unset). */
export function CompanyEmail({ kind }: { kind: EmailKind }) {
  const { identity } = useSiteFacts();
  return <EmailOrContactForm identity={identity} email={emailOf(identity, kind)} what={EMAIL_LABELS[kind]} />;
}

/**
 * In legal text: the postal address, then "Phone: …" and "Email: …" lines when asked for; unset lines are marked
 * outside production and left out in production.
 */
export function CompanyContactLines({
  phone = false,
  email,
  separator = "lines",
}: {
  phone?: boolean;
  email?: EmailKind;
  separator?: "lines" | "commas";
}) {
  const { identity } = useSiteFacts();
  // The operator's name always leads (the site's own name in production when unset), so "operated by:" is never empty.
  const [, ...place] = addressLines(identity);
  const name = companyName(identity);
  const placeLines = separator === "commas" ? [joinPresent(place)] : place;
  const phoneValue = identity.phone ? <a href={identity.phoneHref ?? undefined}>{identity.phone}</a> : identityValue(identity, null, "Phone");
  const emailAddress = email ? emailOf(identity, email) : null;
  const emailValue = email ? <EmailLink identity={identity} email={emailAddress} what={EMAIL_LABELS[email]} /> : null;
  return (
    <IdentityLines
      lines={[
        name,
        ...placeLines,
        phone && phoneValue ? <>Phone: {phoneValue}</> : null,
        email && (emailAddress || identity.showPlaceholders) ? <>Email: {emailValue}</> : null,
      ]}
    />
  );
}

function joinPresent(parts: ReactNode[]): ReactNode {
  const shown = parts.filter((part) => part !== null);
  if (shown.length === 0) return null;
  return shown.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ", " : null}
      {part}
    </Fragment>
  ));
}

const FIGURE_FALLBACKS = { businesses: "businesses", countries: "many countries", cities: "many cities", categories: "many categories" } as const;

/** In legal text: a live count with its noun ("564,000+ businesses"); a plain noun when the counts could not be read. */
export function DirectoryFigure({ name }: { name: keyof typeof FIGURE_FALLBACKS }) {
  const figures = useDirectoryFigures();
  return <>{figures ? figures[name] : FIGURE_FALLBACKS[name]}</>;
}

type LegalFact = "legalForm" | "register" | "registrationNumber" | "vatId" | "management";
const LEGAL_FACT_LABELS: Record<LegalFact, string> = {
  legalForm: "Legal form",
  register: "Commercial register",
  registrationNumber: "Registration number",
  vatId: "VAT number",
  management: "Management",
};

/** A value typed with a closing full stop ("Zürich.") would end its sentence twice. */
function withoutFinalStop(value: string): string {
  return value.replace(/\.+$/, "");
}

/**
 * In legal text: one "Label: value" line per fact asked for, as a paragraph; an unset fact is marked outside production
 * and left out in production, and nothing is rendered when no line is left (never a default register or legal form).
 */
export function LegalFacts({ facts }: { facts: LegalFact[] }) {
  const { identity } = useSiteFacts();
  const lines = facts.map((fact) => {
    const value = identity[fact];
    if (value) return <>{`${LEGAL_FACT_LABELS[fact]}: ${value}`}</>;
    return identity.showPlaceholders ? <NotConfigured what={LEGAL_FACT_LABELS[fact]} /> : null;
  });
  if (lines.every((line) => line === null)) return null;
  return (
    <p>
      <IdentityLines lines={lines} />
    </p>
  );
}

/**
 * In legal text: "{subject} are governed by {law}" and the place of jurisdiction as the operator configured them (marked
 * outside production when unset); in production an unset law or court is left out and only the consumer-law sentence
 * stays, so a deployment never claims a jurisdiction it did not choose.
 */
export function GoverningLaw({ subject, clause = "" }: { subject: string; clause?: string }) {
  const { identity } = useSiteFacts();
  const { governingLaw, placeOfJurisdiction, showPlaceholders } = identity;
  return (
    <p>
      {governingLaw ? (
        <>{`${subject} are governed by ${withoutFinalStop(governingLaw)}${clause}. `}</>
      ) : showPlaceholders ? (
        <>
          <NotConfigured what="Governing law" />.{" "}
        </>
      ) : null}
      {placeOfJurisdiction ? (
        <>{`Place of jurisdiction: ${withoutFinalStop(placeOfJurisdiction)}, unless the law gives you the right to go to another court. `}</>
      ) : showPlaceholders ? (
        <>
          <NotConfigured what="Place of jurisdiction" />.{" "}
        </>
      ) : null}
      Mandatory consumer protection laws of your country of residence always apply.
    </p>
  );
}
