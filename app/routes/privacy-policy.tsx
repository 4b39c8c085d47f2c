// /privacy-policy: what the directory collects, why, who sees it, how long it is kept and the visitor's rights.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage, type LegalSection } from "~/components/legal-page";
import { CompanyContactLines, CompanyEmail, CompanyName, DirectoryFigure } from "~/components/site-identity";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LEGAL } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) =>
  buildPageMeta({
    title: "Privacy Policy",
    description:
      "How Business Directory collects, uses, shares and protects personal data, how long we keep it, and how to exercise your privacy rights.",
    path: "/privacy-policy",
    siteUrl: getSiteUrlFromMatches(matches),
    type: "article",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": CACHE_LEGAL });

const SECTIONS: LegalSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    content: (
      <>
        <p>
          <CompanyName /> ("Business Directory", "we", "us") runs a worldwide directory of <DirectoryFigure name="businesses" /> in{" "}
          <DirectoryFigure name="countries" />. This policy explains what personal data we process when you browse the directory, search it, contact
          us or manage a listing, why we process it, and the choices and rights you have.
        </p>
        <p>
          It applies to this website and its public interfaces. Business listings themselves describe businesses, not private persons; where a listing
          contains a person's name (for example a sole trader), that person has the same rights as any other visitor.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    content: (
      <>
        <h3>Personal information you give us</h3>
        <ul>
          <li>Contact form messages: your name, email address, subject and message, and optionally your company and phone number.</li>
          <li>Requests about a listing: the details you send to claim, correct or remove a business entry.</li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>Technical data: browser type, device type, operating system, language, referring page and the pages you open.</li>
          <li>
            Network data: your IP address, which we use only in salted, hashed form to limit spam (for example at most five contact messages per hour
            from one connection); we do not store the address itself with your message.
          </li>
          <li>
            Cookies and similar technologies, as described in our <Link to="/cookie-policy">Cookie Policy</Link>.
          </li>
        </ul>
        <h3>Usage statistics</h3>
        <p>
          We count page views, searches and the categories, countries and cities people browse, in aggregate, to understand which parts of the
          directory are useful. These statistics do not identify you.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Your Information",
    content: (
      <ul>
        <li>To provide the directory: show listings, run searches, draw maps and give directions.</li>
        <li>To answer your messages, usually within 24 hours on business days.</li>
        <li>To keep listings accurate, handle corrections and remove entries on request.</li>
        <li>To protect the service: prevent spam, abuse, scraping and fraud.</li>
        <li>To improve the directory from aggregated usage statistics.</li>
        <li>To meet legal obligations, such as answering lawful requests from authorities.</li>
      </ul>
    ),
  },
  {
    id: "sharing-and-disclosure",
    title: "Sharing and Disclosure",
    content: (
      <>
        <p>We do not sell your personal data. We share it only:</p>
        <ul>
          <li>With service providers that host, secure and operate the directory for us, under contracts that limit their use of the data.</li>
          <li>
            With analytics and advertising partners, only as described in the Cookie Policy and only with your consent where the law requires it.
          </li>
          <li>When required by law, a court order or to protect the rights, property or safety of our users, the public or us.</li>
          <li>As part of a merger or acquisition, in which case this policy continues to apply to your data.</li>
        </ul>
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    content: (
      <p>
        Data travels over encrypted connections (TLS). Access to stored data is limited to staff who need it, protected by individual accounts, strong
        password hashing and audit logs. IP addresses used against spam are kept only as salted hashes. No system is perfectly secure; if a breach
        affecting your data occurs, we will inform you and the competent authorities as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    content: (
      <>
        <p>Depending on where you live, you have the following rights over your personal data:</p>
        <ul>
          <li>
            <strong>Access:</strong> ask for a copy of the data we hold about you.
          </li>
          <li>
            <strong>Correction:</strong> have inaccurate or incomplete data corrected.
          </li>
          <li>
            <strong>Deletion:</strong> have your data erased when we no longer need it or have no legal basis to keep it.
          </li>
          <li>
            <strong>Portability:</strong> receive your data in a structured, machine-readable format.
          </li>
          <li>
            <strong>Objection:</strong> object to processing based on our legitimate interests, including profiling and direct marketing.
          </li>
          <li>
            <strong>Restriction:</strong> ask us to limit processing while a complaint is being examined.
          </li>
          <li>
            <strong>Withdrawal of consent:</strong> withdraw consent at any time, without affecting processing that took place before.
          </li>
        </ul>
        <p>
          To use any of these rights, write to <CompanyEmail kind="privacy" />. We answer within 30 days. You may also complain to your local data
          protection authority.
        </p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "International Transfers",
    content: (
      <p>
        We operate worldwide and our providers may process data outside your country, including in the United States. Where data leaves the European
        Economic Area, the United Kingdom or Switzerland, we rely on adequacy decisions or the European Commission's Standard Contractual Clauses,
        together with additional safeguards where needed.
      </p>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    content: (
      <ul>
        <li>Contact messages: up to 2 years after our last exchange, then deleted.</li>
        <li>Hashed network identifiers used against spam: no longer than needed for the rate limit, and at most 12 months.</li>
        <li>Analytics data: up to 24 months; cookie lifetimes are listed in the Cookie Policy.</li>
        <li>Data we must keep by law (for example invoices): for the period the law sets.</li>
      </ul>
    ),
  },
  {
    id: "contact-information",
    title: "Contact Information",
    content: (
      <>
        <p>Questions about this policy or your data:</p>
        <address className="mt-3 not-italic">
          <CompanyContactLines email="privacy" separator="commas" />
          <br />
          Or use our <Link to="/contact">contact form</Link>.
        </address>
      </>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={<p>Your privacy matters to us. This policy explains what we collect, why, and how you stay in control of your data.</p>}
      sections={SECTIONS}
    />
  );
}
