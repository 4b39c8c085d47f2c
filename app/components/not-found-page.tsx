// The 404 page: search form (what/where → /search), browse tiles and a way home. Without JavaScript the form is a
// plain GET; with it, the button stays disabled while "what" is blank and an empty "where" is left out of the URL.
import { Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";

const TILES = [
  { to: "/categories", label: "Categories", text: "Browse by type of business" },
  { to: "/countries", label: "Countries", text: "Browse by country" },
  { to: "/cities", label: "Cities", text: "Browse by city" },
];

/** The spec's search URL: q always, location only when non-empty, both trimmed and URL-encoded. */
export function buildSearchHref(what: string, where: string): string {
  const params = new URLSearchParams({ q: what.trim() });
  if (where.trim()) params.set("location", where.trim());
  return `/search?${params.toString()}`;
}

export function NotFoundPage() {
  const [what, setWhat] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const where = new FormData(event.currentTarget).get("location");
    if (!what.trim()) return;
    // A full navigation, as the spec reaches /search.
    window.location.assign(buildSearchHref(what, typeof where === "string" ? where : ""));
  };

  return (
    <div className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-6xl font-extrabold tracking-tight text-brand-600">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
        <p className="mt-4 text-slate-600">The page you are looking for doesn't exist or has moved. Try a search or browse the directory.</p>
        <form action="/search" method="get" onSubmit={onSubmit} className="mt-8 grid gap-3 sm:grid-cols-[1fr_1fr_auto]" role="search" aria-label="Search the directory">
          <label className="sr-only" htmlFor="nf-q">
            What are you looking for?
          </label>
          <input id="nf-q" name="q" required className="input" placeholder="What are you looking for?" value={what} onChange={(event) => setWhat(event.target.value)} />
          <label className="sr-only" htmlFor="nf-location">
            City or country
          </label>
          <input id="nf-location" name="location" className="input" placeholder="City or country" />
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
