// Public top navigation: logo to /, six links with the current one highlighted (aria-current); a no-JS disclosure
// menu on phones that closes after a client-side navigation; a compact search box on wide screens.
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SearchBox } from "~/components/search-box";

export const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/businesses", label: "Businesses", end: false },
  { to: "/categories", label: "Categories", end: false },
  { to: "/countries", label: "Countries", end: false },
  { to: "/cities", label: "Cities", end: false },
  { to: "/contact", label: "Contact", end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition ${
    isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-bold text-slate-900" aria-label="Business Directory home">
      <span className="grid h-9 w-9 place-items-center rounded-lg bg-brand-600 text-white shadow-sm" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 21s-7-5.5-7-11a7 7 0 1 1 14 0c0 5.5-7 11-7 11z" />
          <circle cx="12" cy="10" r="2.5" />
        </svg>
      </span>
      <span className="text-lg tracking-tight">Business Directory</span>
    </Link>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // With JavaScript, links navigate in place; the open <details> would otherwise stay open over the new page.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        {pathname === "/" || pathname === "/search" ? null : (
          <div className="hidden max-w-xs flex-1 xl:block">
            <SearchBox variant="compact" />
          </div>
        )}
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} prefetch="intent" className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <details ref={menu} className="group relative md:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">Menu</span>
            <svg viewBox="0 0 24 24" className="h-6 w-6 group-open:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
            <svg viewBox="0 0 24 24" className="hidden h-6 w-6 group-open:block" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <nav aria-label="Main mobile" className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
            <ul className="flex flex-col">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={(state) => `block ${linkClass(state)}`}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
