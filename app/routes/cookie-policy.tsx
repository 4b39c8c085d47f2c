// /cookie-policy: which cookies the directory and its partners set, for how long, and how to control them.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage, LegalTable, type LegalSection } from "~/components/legal-page";
import { CompanyEmail } from "~/components/site-identity";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LEGAL } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) =>
  buildPageMeta({
    title: "Cookie Policy",
    description: "Which cookies Business Directory and its partners use, how long they last, and how to manage your cookie preferences.",
    path: "/cookie-policy",
    siteUrl: getSiteUrlFromMatches(matches),
    type: "article",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": CACHE_LEGAL });

const COOKIE_TYPES = [
  {
    type: "Essential",
    purpose: "Security, load balancing and signing in to the back-office. The site cannot work without them, so they need no consent.",
    examples: "__session, csrf_token, cookie_consent",
  },
  {
    type: "Analytics",
    purpose: "Count visits and see which pages and searches help people, in aggregate. Providers: Google Analytics.",
    examples: "_ga, _gid, _ga_<container-id>",
  },
  {
    type: "Marketing",
    purpose: "Measure and limit advertising, and show ads that fit your interests. Providers: Meta (Facebook) Pixel, Google Ads.",
    examples: "_fbp, IDE, _gcl_au",
  },
  {
    type: "Preference",
    purpose: "Remember your choices, such as the list or grid view and your last search location.",
    examples: "site_preferences, view_mode",
  },
];

const RETENTION = [
  { kind: "Preference cookies", period: "1 year" },
  { kind: "Analytics cookies", period: "24 months" },
  { kind: "Marketing cookies", period: "90 days" },
  { kind: "Authentication cookies", period: "30 days" },
];

const COMPLIANCE = [
  { region: "European Union", law: "GDPR and the ePrivacy Directive: non-essential cookies only with prior consent." },
  { region: "California", law: "CCPA/CPRA: you may opt out of the sale or sharing of personal information." },
  { region: "Canada", law: "PIPEDA: meaningful consent and clear explanations of purposes." },
  { region: "Brazil", law: "LGPD: a legal basis for each purpose and easy withdrawal of consent." },
  { region: "Australia", law: "Privacy Act 1988 and the Australian Privacy Principles." },
  { region: "Singapore", law: "PDPA: consent, purpose limitation and notification." },
];

const SECTIONS: LegalSection[] = [
  {
    id: "what-are-cookies",
    title: "What Are Cookies",
    content: (
      <>
        <p>
          Cookies are small text files a website stores in your browser. They let a site remember you between pages and visits. Similar technologies
          (local storage, pixels) are covered by this policy too.
        </p>
        <ul>
          <li>
            <strong>First-party cookies</strong> are set by Business Directory itself, on this domain.
          </li>
          <li>
            <strong>Third-party cookies</strong> are set by other services we use, such as analytics and advertising partners.
          </li>
          <li>
            <strong>Usage statistics:</strong> analytics cookies help us count visits and popular searches in aggregate; they are not used to identify
            you personally.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "types-of-cookies",
    title: "Types of Cookies We Use",
    content: (
      <LegalTable
        columns={["Type", "Purpose", "Examples"]}
        rows={COOKIE_TYPES.map((row) => [
          <strong key="type">{row.type}</strong>,
          row.purpose,
          <code key="examples" className="text-xs">
            {row.examples}
          </code>,
        ])}
      />
    ),
  },
  {
    id: "duration-and-retention",
    title: "Duration and Retention",
    content: (
      <>
        <p>Session cookies disappear when you close your browser. Persistent cookies last at most:</p>
        <LegalTable columns={["Cookie kind", "Maximum lifetime"]} rows={RETENTION.map((row) => [row.kind, row.period])} />
      </>
    ),
  },
  {
    id: "managing-preferences",
    title: "Managing Your Preferences",
    content: (
      <>
        <h3>Browser settings</h3>
        <p>
          Every major browser lets you see, block and delete cookies, and many can block third-party cookies only. See the help pages of Chrome,
          Firefox, Safari or Edge for the exact steps.
        </p>
        <h3>Our own settings</h3>
        <p>
          Where the law requires consent, we ask before setting analytics or marketing cookies, and you can change your choice at any time in the
          cookie settings we show, or by writing to us.
        </p>
        <h3>Impact of blocking cookies</h3>
        <p>
          Blocking analytics and marketing cookies does not affect searching or browsing the directory. Blocking essential cookies may stop features
          such as signing in to the back-office from working.
        </p>
      </>
    ),
  },
  {
    id: "third-party-services",
    title: "Third-Party Services",
    content: (
      <p>
        Our partners, including Google (Analytics and Ads) and Meta (Facebook Pixel), process data under their own privacy policies, which we
        encourage you to read. Map tiles and directions links are provided by mapping services that may log the requests your browser sends them. We
        choose partners that offer opt-out tools and contractual data protection commitments.
      </p>
    ),
  },
  {
    id: "international-compliance",
    title: "International Compliance",
    content: (
      <>
        <p>We follow the cookie and privacy rules of the regions our visitors come from:</p>
        <ul>
          {COMPLIANCE.map((row) => (
            <li key={row.region}>
              <strong>{row.region}:</strong> {row.law}
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: "updates-and-contact",
    title: "Updates and Contact",
    content: (
      <p>
        We update this policy when our cookies or partners change; the date at the top shows the current version. Questions:{" "}
        <CompanyEmail kind="privacy" /> or our <Link to="/contact">contact form</Link>. See also our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      summary={<p>What cookies are, which ones we and our partners use, and how you stay in control.</p>}
      sections={SECTIONS}
    />
  );
}
