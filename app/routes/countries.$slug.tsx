// /countries/{slug} (ISO code or name slug: de, germany) → counts, top 20 cities, popular categories 20 per page.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ItemListJsonLd } from "~/components/item-list-json-ld";
import { EmptyState, PendingList } from "~/components/list-states";
import { PageIntro } from "~/components/page-intro";
import { Pagination } from "~/components/pagination";
import { RouteErrorState } from "~/components/route-error";
import { SidePanel } from "~/components/side-panel";
import { StatTiles } from "~/components/stat-tiles";
import { COUNTRY_CATEGORIES_PAGE_SIZE, getCountryDetail } from "~/models/countries.server";
import { MAX_DETAIL_PAGE } from "~/models/public-params.server";
import { assertPageExists, pageHeaders, pageJson, pageNotFound, readPageQuery, readSlugParam } from "~/models/public-pages.server";
import { formatCount, formatInteger } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = readSlugParam(params.slug, "/countries", request);
  const { page } = readPageQuery(request, MAX_DETAIL_PAGE);
  const country = await getCountryDetail({ slug, page });
  if (!country) throw pageNotFound("Country not found");
  assertPageExists(country.categoriesPage, request);
  return pageJson({ ...country, categoriesPageSize: COUNTRY_CATEGORIES_PAGE_SIZE }, CACHE_DETAIL);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Country not found | Business Directory" }, { name: "robots", content: "noindex" }];
  const page = data.categoriesPage.currentPage;
  const topCities = data.topCities.slice(0, 3).map((c) => c.city);
  return buildPageMeta({
    title: `Businesses in ${data.country}${page > 1 ? ` – Categories page ${page}` : ""}`,
    description: `${formatInteger(data.businessCount)} businesses in ${data.country} across ${formatInteger(data.cityCount)} cities and ${formatInteger(data.categoryCount)} categories${topCities.length ? `, including ${topCities.join(", ")}` : ""}.`,
    // NOTE: an ISO-code URL (/countries/de) is the same page: the canonical is always the name slug.
    path: `/countries/${data.slug}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl: getSiteUrlFromMatches(matches),
  });
};

export default function CountryDetail() {
  const data = useLoaderData<typeof loader>();
  const cc = data.countryCode.toLowerCase();
  const firstCategory = (data.categoriesPage.currentPage - 1) * data.categoriesPageSize;
  return (
    <>
      <PageIntro
        title={`Businesses in ${data.country}`}
        lead={`Browse ${formatInteger(data.businessCount)} businesses by city or by category.`}
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Countries", path: "/countries" },
          { name: data.country, path: `/countries/${data.slug}` },
        ]}
      >
        <StatTiles
          stats={[
            { label: "Businesses", value: formatInteger(data.businessCount) },
            { label: "Cities", value: formatInteger(data.cityCount) },
            { label: "Categories", value: formatInteger(data.categoryCount) },
          ]}
        />
      </PageIntro>
      <div className="container-page grid gap-8 py-8 sm:py-10 lg:grid-cols-[1fr_320px]">
        <section aria-labelledby="country-categories">
          <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="country-categories" className="text-xl font-bold tracking-tight">
              Popular categories
            </h2>
            {data.categoriesPage.totalPages > 1 ? (
              <p className="text-sm text-slate-600">
                Page {data.categoriesPage.currentPage} of {data.categoriesPage.totalPages}
              </p>
            ) : null}
          </div>
          <PendingList label="Loading categories...">
            {data.topCategories.length === 0 ? (
              <EmptyState title="No categories found" hint="This country has no categorised businesses yet." />
            ) : (
              <ol className="grid gap-2 sm:grid-cols-2" start={firstCategory + 1}>
                {data.topCategories.map((category) => (
                  <li key={category.slug}>
                    <Link
                      to={`/categories/${category.slug}`}
                      className="card group flex items-center justify-between gap-3 px-4 py-3 transition hover:border-brand-300 hover:shadow-md"
                    >
                      <span className="min-w-0 truncate font-medium text-slate-900 group-hover:text-brand-700">{category.category}</span>
                      <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                        {formatCount(category.count)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </PendingList>
          <Pagination currentPage={data.categoriesPage.currentPage} totalPages={data.categoriesPage.totalPages} label="Category pages" />
        </section>
        <aside>
          <SidePanel
            title="Top cities"
            entries={data.topCities.map((c) => ({ key: c.slug, to: `/cities/${cc}/${c.slug}`, label: c.city, count: c.count }))}
            footer={
              data.hasMoreCities ? (
                <Link to={`/countries/${data.slug}/cities`} className="btn-secondary mt-4 w-full">
                  View all cities
                </Link>
              ) : null
            }
          />
        </aside>
      </div>
      <ItemListJsonLd name={`Cities in ${data.country}`} entries={data.topCities.map((c) => ({ name: c.city, path: `/cities/${cc}/${c.slug}` }))} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="country" />;
}
