// Home: hero search, animated counters, featured businesses, popular categories, top cities, countries, why-us.
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { AnimatedCounter } from "~/components/animated-counter";
import { BusinessCard } from "~/components/business-card";
import { JsonLd } from "~/components/json-ld";
import { useSiteUrl } from "~/components/breadcrumbs";
import { getHomePage } from "~/models/home.server";
import { pageHeaders, pageJson } from "~/models/public-pages.server";
import { SearchBox } from "~/components/search-box";
import { formatBusinessCounter, formatCityCounter, formatCount, formatCounted, formatInteger, truncate } from "~/utils/format";
import { absoluteUrl, buildPageMeta, getSiteUrlFromMatches, SITE_NAME } from "~/utils/seo";
import { CACHE_FEATURED } from "~/models/cache-policy.server";

const PANEL_NAME_LENGTH = 12;

/** The hero's claim, from the live totals (not the spec's static marketing figures, which would drift). */
function describeTotals(totals: { businesses: number; countries: number; cities: number; categories: number }): string {
  return `${formatCounted(totals.businesses, "business", "businesses")} in ${formatCounted(totals.countries, "country", "countries")}, ${formatCounted(totals.cities, "city", "cities")} and ${formatCounted(totals.categories, "category", "categories")}`;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  buildPageMeta({
    title: SITE_NAME,
    description: data
      ? `Find trusted businesses worldwide: ${describeTotals(data.totals)}, with contact details, opening hours, maps and directions.`
      : "Find trusted businesses worldwide, with contact details, opening hours, maps and directions.",
    path: "/",
    siteUrl: getSiteUrlFromMatches(matches),
  });

export const headers: HeadersFunction = pageHeaders;

// NOTE: the page mixes the 2-hour panels with the 30-minute featured list: it is as fresh as its freshest part.
export async function loader() {
  return pageJson(await getHomePage(), CACHE_FEATURED);
}

function Panel({ title, children, footer }: { title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  // NOTE: not the title itself: an id with a space would make aria-labelledby name two (missing) elements.
  const id = useId();
  return (
    <section className="card p-5" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
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

function PanelFooter({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="mt-3 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:text-brand-800">
      {label}
      <span aria-hidden="true">→</span>
    </Link>
  );
}

const WHY_US = [
  {
    title: "Interactive Maps",
    text: "See every business on a map and get directions in one tap.",
    icon: "M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14",
  },
  {
    title: "Advanced Search",
    text: "Search by name, category, city or country — typos forgiven.",
    icon: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4",
  },
  {
    title: "Verified Information",
    text: "Contact details, ratings and opening hours you can rely on.",
    icon: "M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3zM9 12l2 2 4-4",
  },
];

/** schema.org WebSite with a SearchAction, so search engines can offer the site's search box. */
function WebsiteJsonLd() {
  const siteUrl = useSiteUrl();
  if (!siteUrl) return null;
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: SITE_NAME,
        url: absoluteUrl(siteUrl, "/"),
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(siteUrl, "/search")}?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      }}
    />
  );
}

export default function Home() {
  const { totals, featured, popularCategories, topCities, topCountries } = useLoaderData<typeof loader>();
  return (
    <>
      <WebsiteJsonLd />
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-600 text-white">
        <div className="container-page py-16 sm:py-24">
          <div className="max-w-3xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Find the right business, anywhere in the world</h1>
            <p className="mt-4 text-lg text-brand-100">{describeTotals(totals)}, with opening hours, maps and directions.</p>
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
                    <BusinessCard business={business} truncateName />
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
          <Panel title="Popular Categories" footer={<PanelFooter to="/categories" label="All categories" />}>
            {popularCategories.map((c) => (
              <PanelRow key={c.slug} to={`/categories/${c.slug}`} label={c.category} count={c.count} />
            ))}
          </Panel>
          <Panel title="Top Cities" footer={<PanelFooter to="/cities" label="All cities" />}>
            {topCities.map((c) => (
              <PanelRow key={`${c.countryCode}/${c.slug}`} to={`/cities/${c.countryCode}/${c.slug}`} label={c.city} count={c.count} />
            ))}
          </Panel>
          <Panel title="Countries" footer={<PanelFooter to="/countries" label="All countries" />}>
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
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-600" aria-hidden="true">
                <svg
                  viewBox="0 0 24 24"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={item.icon} />
                </svg>
              </span>
              <h3 className="mt-4 font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
