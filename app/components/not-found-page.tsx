// The 404 page: search form (what/where → /search), browse tiles and a way home.
import { Link } from "@remix-run/react";

export function NotFoundPage() {
  return (
    <div className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-6xl font-extrabold tracking-tight text-brand-600">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
        <p className="mt-4 text-slate-600">The page you are looking for doesn't exist or has moved. Try a search or browse the directory.</p>
        <form action="/search" method="get" className="mt-8 grid gap-3 sm:grid-cols-[1fr_1fr_auto]" role="search">
          <label className="sr-only" htmlFor="nf-q">
            What are you looking for?
          </label>
          <input id="nf-q" name="q" required className="input" placeholder="What are you looking for?" />
          <label className="sr-only" htmlFor="nf-location">
            City or country
          </label>
          <input id="nf-location" name="location" className="input" placeholder="City or country" />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </form>
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {[
            { to: "/categories", label: "Categories", text: "Browse by type of business" },
            { to: "/countries", label: "Countries", text: "Browse by country" },
            { to: "/cities", label: "Cities", text: "Browse by city" },
          ].map((tile) => (
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
