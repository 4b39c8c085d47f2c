// /countries?q=&page= → every country with businesses, most first, 12 per page (stats, search by name or ISO code).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CountryCard } from "~/components/directory-cards";
import { ItemListJsonLd } from "~/components/item-list-json-ld";
import { ListFilterForm } from "~/components/list-filter-form";
import { EmptyState, PendingList } from "~/components/list-states";
import { PageIntro } from "~/components/page-intro";
import { Pagination } from "~/components/pagination";
import { RouteErrorState } from "~/components/route-error";
import { StatTiles } from "~/components/stat-tiles";
import { getCountryListPage } from "~/models/countries.server";
import { assertPageExists, LIST_PAGE_SIZE, MAX_LIST_PAGE, pageHeaders, pageJson, readPageQuery } from "~/models/public-pages.server";
import { formatInteger } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, q } = readPageQuery(request, MAX_LIST_PAGE);
  const data = await getCountryListPage({ q, page });
  assertPageExists(data.pagination, request);
  return pageJson({ ...data, pageSize: LIST_PAGE_SIZE }, CACHE_LISTS);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Unable to load countries | Business Directory" }, { name: "robots", content: "noindex" }];
  const page = data.pagination.currentPage;
  return buildPageMeta({
    title: page > 1 ? `Businesses by Country – Page ${page}` : "Businesses by Country",
    description: `Browse businesses in ${formatInteger(data.stats.countries)} countries: ${formatInteger(data.stats.businesses)} listings across ${formatInteger(data.stats.cities)} cities, with categories and top cities for each country.`,
    path: page > 1 ? `/countries?page=${page}` : "/countries",
    siteUrl: getSiteUrlFromMatches(matches),
    noindex: Boolean(data.q) || data.countries.length === 0,
  });
};

export default function Countries() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title="Global Business Directory"
        lead="Pick a country to see its cities, its most popular categories and its best-rated businesses."
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Countries", path: "/countries" },
        ]}
      >
        <StatTiles
          stats={[
            { label: "Countries", value: formatInteger(data.stats.countries) },
            { label: "Total businesses", value: formatInteger(data.stats.businesses) },
            { label: "Total cities", value: formatInteger(data.stats.cities) },
          ]}
        />
      </PageIntro>
      <div className="container-page py-8 sm:py-10">
        <ListFilterForm action="/countries" label="Search countries" placeholder="Search countries..." defaultValue={data.q} />
        <div className="mt-8">
          <PendingList label="Loading countries...">
            {data.countries.length === 0 ? (
              <EmptyState
                title="No countries found"
                hint="Try adjusting your search terms or browse all countries."
                action={{ to: "/countries", label: "All countries" }}
              />
            ) : (
              <ul aria-label="Country results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.countries.map((country) => (
                  <li key={country.countryCode}>
                    <CountryCard country={country} allBusinesses={data.allBusinesses} />
                  </li>
                ))}
              </ul>
            )}
          </PendingList>
        </div>
        <Pagination currentPage={data.pagination.currentPage} totalPages={data.pagination.totalPages} label="Country pages" />
        <ItemListJsonLd
          name="Countries"
          firstPosition={(data.pagination.currentPage - 1) * data.pageSize + 1}
          entries={data.countries.map((c) => ({ name: c.country, path: `/countries/${c.slug}` }))}
        />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="countries" />;
}
