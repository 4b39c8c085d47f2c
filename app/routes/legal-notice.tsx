// /legal-notice: who runs the directory, its legal status, insurance, intellectual property, dispute steps and law; the
// registration, management and governing-law facts are the operator's site identity settings, never a default jurisdiction.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage, LegalTable, type LegalSection } from "~/components/legal-page";
import { BUSINESS_HOURS } from "~/components/site-facts";
import { CompanyContactLines, CompanyEmail, CompanyName, DirectoryFigure, GoverningLaw, LegalFacts, useSiteFacts } from "~/components/site-identity";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LEGAL } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) =>
  buildPageMeta({
    title: "Legal Notice",
    description:
      "Company information, registration, management, liability insurance, intellectual property and dispute resolution for Business Directory.",
    path: "/legal-notice",
    siteUrl: getSiteUrlFromMatches(matches),
    type: "article",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": CACHE_LEGAL });

const INSURANCE = [
  { cover: "General liability", amount: "$5,000,000" },
  { cover: "Professional liability (errors and omissions)", amount: "$10,000,000" },
  { cover: "Cyber liability", amount: "$2,000,000" },
  { cover: "Data breach response", amount: "$1,000,000" },
];

const TRAFFIC = [
  { region: "United States", share: "45%" },
  { region: "European Union", share: "30%" },
  { region: "Asia-Pacific", share: "20%" },
  { region: "Other regions", share: "5%" },
];

/** Who answers for the content: the management the operator named, or nothing (never an invented officer). */
function ManagementResponsibility() {
  if (!useSiteFacts().identity.management) return null;
  return <p>The management named above is responsible for the content of this website, at the address above.</p>;
}

const SECTIONS: LegalSection[] = [
  {
    id: "company-information",
    title: "Company Information",
    content: (
      <>
        <p>This website is operated by:</p>
        <address className="mt-3 not-italic">
          <CompanyContactLines phone email="support" />
        </address>
        <p>
          We publish a directory of <DirectoryFigure name="businesses" /> in <DirectoryFigure name="countries" />, <DirectoryFigure name="cities" />{" "}
          and <DirectoryFigure name="categories" />. Our visitors come from:
        </p>
        <LegalTable columns={["Region", "Share of traffic"]} rows={TRAFFIC.map((row) => [row.region, row.share])} />
      </>
    ),
  },
  {
    id: "registration-and-legal-status",
    title: "Registration and Legal Status",
    content: (
      <>
        <LegalFacts facts={["legalForm", "register", "registrationNumber", "vatId"]} />
        <p>
          <CompanyName /> acts as a neutral publisher of business information: listings describe third-party businesses, which remain responsible for
          their own offers, prices and conduct.
        </p>
      </>
    ),
  },
  {
    id: "management",
    title: "Management",
    content: (
      <>
        <LegalFacts facts={["management"]} />
        <ManagementResponsibility />
        <p>
          Questions about data protection: <CompanyEmail kind="privacy" />.
        </p>
      </>
    ),
  },
  {
    id: "professional-liability-insurance",
    title: "Professional Liability Insurance",
    content: (
      <>
        <p>We hold the following insurance cover with internationally recognised insurers:</p>
        <LegalTable columns={["Cover", "Limit per claim"]} rows={INSURANCE.map((row) => [row.cover, row.amount])} />
        <p>The cover applies worldwide.</p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    content: (
      <>
        <p>
          The design, software, text, logos and the compilation of the directory are protected by copyright, trademark and database rights and belong
          to <CompanyName /> or its licensors. You may view and share individual pages for personal, non-commercial use. Systematic copying, scraping
          or republishing of the directory requires our written permission.
        </p>
        <p>
          Business names, logos and photos shown in listings belong to their owners. If you believe content on this site infringes your rights, write
          to <CompanyEmail kind="legal" /> and we will review it promptly.
        </p>
      </>
    ),
  },
  {
    id: "dispute-resolution",
    title: "Dispute Resolution",
    content: (
      <>
        <p>We want to resolve disagreements quickly and fairly, in four steps:</p>
        <ol>
          <li>
            <strong>Direct resolution:</strong> contact us first; most questions are settled within days.
          </li>
          <li>
            <strong>Mediation:</strong> if we cannot agree within 30 days, either side may propose mediation by an independent mediator.
          </li>
          <li>
            <strong>Arbitration:</strong> if mediation fails, the dispute is settled by binding arbitration, unless the law of your country gives you
            the right to go to court.
          </li>
          <li>
            <strong>Legal action:</strong> as a last resort, or where the law requires it, before the competent courts.
          </li>
        </ol>
        <p>Mandatory consumer protection rules of your country of residence, including your right to go to its courts, remain unaffected.</p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    content: <GoverningLaw subject="This legal notice and the use of this website" clause=", without regard to conflict-of-law rules" />,
  },
  {
    id: "compliance-certifications",
    title: "Compliance and Certifications",
    content: (
      <ul>
        <li>
          Data protection programme aligned with the EU General Data Protection Regulation (GDPR) and the California Consumer Privacy Act (CCPA).
        </li>
        <li>Information security management aligned with ISO/IEC 27001.</li>
        <li>Web accessibility work towards WCAG 2.1 level AA.</li>
        <li>Payment data, where any is processed, handled only by PCI DSS certified providers.</li>
      </ul>
    ),
  },
  {
    id: "legal-contact",
    title: "Legal Contact and Office Hours",
    content: (
      <>
        <p>
          Legal department: <CompanyEmail kind="legal" />, or write to the address above. General questions: <Link to="/contact">contact form</Link>.
        </p>
        <ul>
          {BUSINESS_HOURS.map((row) => (
            <li key={row.days}>
              {row.days}: {row.hours}
            </li>
          ))}
        </ul>
      </>
    ),
  },
];

export default function LegalNoticePage() {
  return (
    <LegalPage
      title="Legal Notice"
      summary={<p>Who we are, how we are organised and insured, and how to reach us on legal matters.</p>}
      sections={SECTIONS}
    />
  );
}
