// /terms-of-service: the rules for using the directory (AGB): services, accounts, content, liability, termination; the
// governing law and courts are the operator's site identity settings, never a default jurisdiction.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage, LegalTable, type LegalSection } from "~/components/legal-page";
import { CompanyContactLines, CompanyName, DirectoryFigure, GoverningLaw } from "~/components/site-identity";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LEGAL } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) =>
  buildPageMeta({
    title: "Terms of Service",
    description:
      "The terms for using Business Directory: our services, accounts, content rules and moderation, liability, termination and governing law.",
    path: "/terms-of-service",
    siteUrl: getSiteUrlFromMatches(matches),
    type: "article",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": CACHE_LEGAL });

const SERVICE_FIGURES = [
  { label: "Monthly users", value: "about 2.5 million" },
  { label: "Monthly searches", value: "15 million" },
  { label: "Business inquiries per month", value: "500,000" },
  { label: "Availability target", value: "99.9% uptime" },
  { label: "Data accuracy", value: "95%+" },
  { label: "Page response time", value: "under 2 seconds" },
];

const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement to These Terms",
    content: (
      <p>
        These Terms of Service ("Terms", in German "Allgemeine Geschäftsbedingungen" or AGB) are an agreement between you and <CompanyName />. By
        using this website you accept them. If you do not agree, please do not use the service. If you use it on behalf of a company, you confirm that
        you may accept these Terms for it.
      </p>
    ),
  },
  {
    id: "description-of-services",
    title: "Description of Services",
    content: (
      <>
        <p>
          Business Directory lets anyone find businesses worldwide: <DirectoryFigure name="businesses" /> in <DirectoryFigure name="countries" /> and{" "}
          <DirectoryFigure name="cities" /> across <DirectoryFigure name="categories" />, with contact details, opening hours, maps and directions.
          The service is free for visitors.
        </p>
        <LegalTable columns={["Service figure", "Value"]} rows={SERVICE_FIGURES.map((row) => [row.label, row.value])} />
        <p>
          These figures describe our usual service level; they are goals, not guarantees, and listings come from public and business-supplied sources.
        </p>
      </>
    ),
  },
  {
    id: "accounts-and-registration",
    title: "Accounts and Registration",
    content: (
      <>
        <p>
          Browsing needs no account. Business owners and partners who receive an account must give accurate information, keep their credentials secret
          and tell us at once about any unauthorised use.
        </p>
        <h3>Allowed activities</h3>
        <ul>
          <li>Searching and browsing listings for personal or business purposes.</li>
          <li>Sharing links to listings and pages.</li>
          <li>Contacting businesses through the details they publish.</li>
          <li>Suggesting corrections to listings you know to be wrong.</li>
        </ul>
        <h3>Prohibited activities</h3>
        <ul>
          <li>Scraping, bulk downloading or systematically copying the directory.</li>
          <li>Submitting false, misleading, defamatory or unlawful information.</li>
          <li>Impersonating a business or person, or claiming a listing you do not represent.</li>
          <li>Sending spam or malware, or trying to break, overload or bypass the security of the service.</li>
          <li>Using the directory to harass people or to build lists for unsolicited marketing.</li>
        </ul>
      </>
    ),
  },
  {
    id: "content-guidelines",
    title: "Content Guidelines and Moderation",
    content: (
      <>
        <p>
          Content submitted to us must be accurate, lawful and respectful, and must not infringe anyone's rights. Our moderation team reviews about
          10,000 submissions every week, combining automated checks with human review. We may edit, decline or remove content that breaks these rules,
          and we explain our decision when you ask.
        </p>
        <p>You keep the rights to content you submit and grant us a worldwide, non-exclusive licence to publish it in the directory.</p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    content: (
      <p>
        The service, its software, design and the compilation of listings are protected by law and belong to <CompanyName /> or its licensors. Nothing
        in these Terms transfers those rights to you. See the <Link to="/legal-notice">Legal Notice</Link> for details.
      </p>
    ),
  },
  {
    id: "privacy",
    title: "Privacy",
    content: (
      <p>
        How we handle personal data is described in our <Link to="/privacy-policy">Privacy Policy</Link> and our use of cookies in the{" "}
        <Link to="/cookie-policy">Cookie Policy</Link>. Both form part of these Terms.
      </p>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    content: (
      <>
        <p>
          We work hard to keep listings correct, but businesses change their hours, numbers and addresses. The service is provided "as is"; please
          confirm important details with the business itself.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential loss, or for the acts of listed businesses. Nothing in these
          Terms limits liability for intent, gross negligence, injury to life or health, or any other liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    content: (
      <>
        <p>If someone breaks these Terms, we respond in proportion, normally in this order:</p>
        <ol>
          <li>
            <strong>Warning:</strong> we explain the problem and how to fix it.
          </li>
          <li>
            <strong>Temporary suspension:</strong> access or content is paused while the problem continues.
          </li>
          <li>
            <strong>Review:</strong> you may explain or appeal, and a different team member reviews the case.
          </li>
          <li>
            <strong>Permanent termination:</strong> for serious or repeated breaches, access ends for good.
          </li>
        </ol>
        <p>Serious breaches such as fraud or attacks on the service may lead to immediate termination. You may stop using the service at any time.</p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law and Dispute Resolution",
    content: (
      <>
        <GoverningLaw subject="These Terms" />
        <p>
          Disputes follow the four steps of our <Link to="/legal-notice#dispute-resolution">Legal Notice</Link>: direct resolution, mediation,
          arbitration and legal action.
        </p>
        <ul>
          <li>95% of disputes are resolved at the first step, directly with us.</li>
          <li>85% of mediations end in agreement.</li>
          <li>Resolution takes an average of 7 business days.</li>
          <li>Fewer than 1% of cases go to arbitration.</li>
        </ul>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    content: (
      <p>
        We may update these Terms as the service evolves. For material changes we give at least 30 days' notice on this page before they take effect;
        the date at the top always shows the latest version. Continuing to use the service after that date means you accept the new Terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <>
        <p>
          Questions about these Terms: write to us, or use our <Link to="/contact">contact form</Link>.
        </p>
        <address className="mt-3 not-italic">
          <CompanyContactLines email="legal" separator="commas" />
        </address>
      </>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      summary={
        <p>
          The rules for using Business Directory, written to be read: what we offer, what we expect from you, and what happens when things go wrong.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
