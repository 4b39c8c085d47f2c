// Home: hero search, animated counters, featured businesses, popular categories, top cities, countries, why-us.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnimatedCounter } from "~/components/animated-counter";
import { BusinessCard } from "~/components/business-card";
import { getHomePage } from "~/models/home.server";
import { SearchBox } from "~/components/search-box";
import { formatBusinessCounter, formatCityCounter, formatCount, formatInteger, truncate } from "~/utils/format";

const PANEL_NAME_LENGTH = 12;
const PAGE_CACHE = "public, max-age=600, stale-while-revalidate=300";

export const meta: MetaFunction = () => [
  { title: "Business Directory – Find businesses worldwide" },
  {
    name: "description",
    content: "Find trusted local businesses worldwide: browse by category, country and city, with contact details, opening hours, maps and directions.",
  },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": PAGE_CACHE });

export async function loader() {
  return json(await getHomePage(), { headers: { "Cache-Control": PAGE_CACHE } });
}

function Panel({ title, children, footer }: { title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <section className="card p-5" aria-labelledby={`panel-${title}`}>
      <h2 id={`panel-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">{children}</ul>
      {footer}
    </section>
  );
}

function PanelRow({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <li>
      <Link to={to} className="flex items-center justify-between gap-3 rounded py-2 text-sm hover:text-brand-700" title={label}>
        <span className="font-medium">{truncate(label, PANEL_NAME_LENGTH)}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{formatCount(count)}</span>
      </Link>
    </li>
  );
}

const WHY_US = [
  { title: "Interactive Maps", text: "See every business on a map and get directions in one tap." },
  { title: "Advanced Search", text: "Search by name, category, city or country — typos forgiven." },
  { title: "Verified Information", text: "Contact details, ratings and opening hours you can rely on." },
];

export default function Home() {
  const { totals, featured, popularCategories, topCities, topCountries } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-600 text-white">
        <div className="container-page py-16 sm:py-24">
          <div className="max-w-3xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Find the right business, anywhere in the world</h1>
            <p className="mt-4 text-lg text-brand-100">
              Over 564,000+ businesses in 195+ countries, 15,000+ cities and 500+ categories — with hours, maps and directions.
            </p>
          </div>
          <div className="mt-8">
            <SearchBox variant="hero" />
          </div>
          <dl className="mt-10 grid max-w-2xl grid-cols-3 gap-4">
            {[
              { label: "Businesses", value: totals.businesses, format: formatBusinessCounter },
              { label: "Countries", value: totals.countries, format: formatInteger },
              { label: "Cities", value: totals.cities, format: formatCityCounter },
            ].map((counter) => (
              <div key={counter.label} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/20">
                <dt className="text-sm text-brand-100">{counter.label}</dt>
                <dd className="mt-1 text-2xl font-bold sm:text-3xl">
                  <AnimatedCounter value={counter.value} format={counter.format} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="container-page mt-12 grid gap-10 lg:grid-cols-[1fr_320px]">
        <section aria-labelledby="featured-heading">
          <div className="flex items-end justify-between gap-4">
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
              Featured Businesses
            </h2>
            <Link to="/businesses" className="btn-secondary">
              View All Businesses
            </Link>
          </div>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {featured.length > 0
              ? featured.map((business) => (
                  <li key={business.id}>
                    <BusinessCard business={business} />
                  </li>
                ))
              : Array.from({ length: 12 }, (_, i) => (
                  <li key={i} className="card p-4 text-slate-500">
                    Sample Business {i + 1}
                  </li>
                ))}
          </ul>
        </section>

        <aside className="flex flex-col gap-6">
          <Panel title="Popular Categories">
            {popularCategories.map((c) => (
              <PanelRow key={c.slug} to={`/categories/${c.slug}`} label={c.category} count={c.count} />
            ))}
          </Panel>
          <Panel title="Top Cities">
            {topCities.map((c) => (
              <PanelRow key={`${c.countryCode}/${c.slug}`} to={`/cities/${c.countryCode}/${c.slug}`} label={c.city} count={c.count} />
            ))}
          </Panel>
          <Panel title="Countries">
            {topCountries.map((c) => (
              <PanelRow key={c.slug} to={`/countries/${c.slug}`} label={c.country} count={c.businessCount} />
            ))}
          </Panel>
        </aside>
      </div>

      <section className="container-page mt-16" aria-labelledby="why-heading">
        <h2 id="why-heading" className="text-2xl font-bold tracking-tight">
          Why Choose Us
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {WHY_US.map((item) => (
            <li key={item.title} className="card p-6">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
