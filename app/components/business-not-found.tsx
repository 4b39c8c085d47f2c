// The spec's 'Business Not Found' page: a what/where search to /search (what required after trimming, where only
// when non-empty), tiles to categories, countries and cities, and 'Back to Home'. Works without JavaScript.
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

/** /search?q={what}&location={where}: both trimmed and URL-encoded, location only when non-empty; null when what is blank. */
export function buildSearchHref(what: string, where: string): string | null {
  const q = what.trim();
  if (!q) return null;
  const params = new URLSearchParams({ q });
  if (where.trim()) params.set("location", where.trim());
  return `/search?${params.toString()}`;
}

const TILES = [
  { to: "/categories", label: "Categories", text: "Browse by type of business" },
  { to: "/countries", label: "Countries", text: "Browse by country" },
  { to: "/cities", label: "Cities", text: "Browse by city" },
];

export function BusinessNotFound() {
  const [what, setWhat] = useState("");
  const [where, setWhere] = useState("");
  // NOTE: the button is only disabled once React runs; before that the browser's own `required` check guards it.
  const [hydrated, setHydrated] = useState(false);
  const whatField = useRef<HTMLInputElement>(null);
  const whereField = useRef<HTMLInputElement>(null);
  // Uncontrolled fields keep what a visitor typed before hydration; read it once React takes over.
  useEffect(() => {
    setWhat(whatField.current?.value ?? "");
    setWhere(whereField.current?.value ?? "");
    setHydrated(true);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const href = buildSearchHref(what, where);
    // The spec: /search is reached by a full navigation.
    if (href) window.location.assign(href);
  };

  return (
    <div className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <div className="mx-auto grid h-16 w-16 place-items-center rounded-2xl bg-brand-50 text-brand-600" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6" />
          </svg>
        </div>
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Business Not Found</h1>
        <p className="mt-4 text-slate-600">
          We couldn't find this business. It may have moved or no longer be listed. Search the directory or browse below.
        </p>
        <form action="/search" method="get" role="search" onSubmit={submit} className="mt-8 grid gap-3 text-left sm:grid-cols-[1fr_1fr_auto]">
          <div>
            <label htmlFor="bnf-q" className="sr-only">
              What are you looking for?
            </label>
            <input
              id="bnf-q"
              name="q"
              required
              pattern=".*\S.*"
              ref={whatField}
              onChange={(event) => setWhat(event.target.value)}
              className="input"
              placeholder="What are you looking for?"
            />
          </div>
          <div>
            <label htmlFor="bnf-location" className="sr-only">
              City or country
            </label>
            <input id="bnf-location" ref={whereField} name="location" onChange={(event) => setWhere(event.target.value)} className="input" placeholder="City or country" />
          </div>
          <button type="submit" className="btn-primary" disabled={hydrated && !what.trim()}>
            Search
          </button>
        </form>
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {TILES.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className="card block h-full p-5 text-left transition hover:border-brand-300 hover:shadow">
                <span className="font-semibold text-slate-900">{tile.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{tile.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/" className="btn-secondary mt-10">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
