// Shared public footer: blurb with the directory's live figures, the operator's address (admin site settings), Quick
// Links, Legal links and the copyright line.
import { Link } from "@remix-run/react";
import { addressLines, EmailLink, IdentityLines, useDirectoryFigures, useSiteFacts } from "./site-identity";
import { SITE_NAME } from "~/utils/seo";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/categories", label: "Categories" },
  { to: "/countries", label: "Countries" },
  { to: "/cities", label: "Cities" },
  { to: "/contact", label: "Contact" },
];

const LEGAL_LINKS = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/legal-notice", label: "Legal Notice" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/cookie-policy", label: "Cookie Policy" },
];

function FooterNav({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="rounded hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { identity } = useSiteFacts();
  const figures = useDirectoryFigures();
  const address = addressLines(identity);
  const email =
    identity.supportEmail || identity.showPlaceholders ? (
      <EmailLink identity={identity} email={identity.supportEmail} what="Support e-mail" className="break-all hover:text-white" />
    ) : null;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">{SITE_NAME}</p>
          <p className="mt-3 max-w-sm text-sm leading-6 text-slate-400">
            Find trusted businesses worldwide: contact details, opening hours, maps and directions
            {figures && figures.businesses !== "0 businesses" ? ` for ${figures.businesses} in ${figures.countries}` : ""}.
          </p>
          {address.some((line) => line !== null) || email ? (
            <address className="mt-4 text-sm not-italic leading-6 text-slate-400" aria-label="Postal address">
              <IdentityLines lines={[...address, email]} />
            </address>
          ) : null}
        </div>
        <FooterNav title="Quick Links" links={QUICK_LINKS} />
        <FooterNav title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-6 text-xs text-slate-400">
          © {new Date().getFullYear()} {identity.companyName ?? SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
