// The 404 pages (unknown path, unknown business): a what/where search to /search, browse tiles and 'Back to Home'.
// Without JavaScript the form is a plain GET guarded by `required`; with it, the button stays disabled while "what"
// is blank and an empty "where" is left out of the URL.
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";

const TILES = [
  { to: "/categories", label: "Categories", text: "Browse by type of business" },
  { to: "/countries", label: "Countries", text: "Browse by country" },
  { to: "/cities", label: "Cities", text: "Browse by city" },
];

/** /search?q={what}&location={where}: both trimmed and URL-encoded, location only when non-empty; null when what is blank. */
export function buildSearchHref(what: string, where: string): string | null {
  const q = what.trim();
  if (!q) return null;
  const params = new URLSearchParams({ q });
  if (where.trim()) params.set("location", where.trim());
  return `/search?${params.toString()}`;
}

export interface NotFoundViewProps {
  /** Big mark above the title: the "404" figure or an icon. */
  badge: ReactNode;
  title: string;
  text: string;
  /** Prefix of the form's field ids (two not-found views never share a page, but ids stay distinct per view). */
  idPrefix: string;
}

export function NotFoundView({ badge, title, text, idPrefix }: NotFoundViewProps) {
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
        {badge}
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 text-slate-600">{text}</p>
        <form
          action="/search"
          method="get"
          role="search"
          aria-label="Search the directory"
          onSubmit={submit}
          className="mt-8 grid gap-3 text-left sm:grid-cols-[1fr_1fr_auto]"
        >
          <div>
            <label htmlFor={`${idPrefix}-q`} className="sr-only">
              What are you looking for?
            </label>
            <input
              id={`${idPrefix}-q`}
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
            <label htmlFor={`${idPrefix}-location`} className="sr-only">
              City or country
            </label>
            <input
              id={`${idPrefix}-location`}
              ref={whereField}
              name="location"
              onChange={(event) => setWhere(event.target.value)}
              className="input"
              placeholder="City or country"
            />
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

export function NotFoundPage() {
  return (
    <NotFoundView
      idPrefix="nf"
      badge={<p className="text-6xl font-extrabold tracking-tight text-brand-600">404</p>}
      title="Page Not Found"
      text="The page you are looking for doesn't exist or has moved. Try a search or browse the directory."
    />
  );
}
