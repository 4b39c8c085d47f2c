// /cities/{countryCode}/{citySlug}?page= → one city: 12 businesses per page and its top 15 categories.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BusinessSection } from "~/components/business-grid";
import { businessEntries, ItemListJsonLd } from "~/components/item-list-json-ld";
import { PageIntro } from "~/components/page-intro";
import { ResultsMap } from "~/components/results-map";
import { RouteErrorState } from "~/components/route-error";
import { SidePanel } from "~/components/side-panel";
import { StatTiles } from "~/components/stat-tiles";
import { getCityPage } from "~/models/cities.server";
import { DEFAULT_DETAIL_LIMIT, MAX_DETAIL_PAGE } from "~/models/public-params.server";
import {
  assertPageExists,
  pageHeaders,
  pageJson,
  pageNotFound,
  readCountryCodeParam,
  readPageQuery,
  readSlugParam,
  redirectPermanently,
} from "~/models/public-pages.server";
import { cityCategoryPath } from "~/utils/city-category";
import { formatCounted, formatInteger } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const countryCode = readCountryCodeParam(params.countryCode, params.citySlug, request);
  const citySlug = readSlugParam(params.citySlug, `/cities/${countryCode.toLowerCase()}`, request);
  const { page } = readPageQuery(request, MAX_DETAIL_PAGE);
  const found = await getCityPage({ countryCode, citySlug, page, limit: DEFAULT_DETAIL_LIMIT });
  if (found.status === "moved") throw redirectPermanently(`/cities/${countryCode.toLowerCase()}/${found.slug}${new URL(request.url).search}`);
  if (found.status === "not_found") throw pageNotFound("City not found");
  assertPageExists(found.city, request);
  return pageJson(found.city, CACHE_DETAIL);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "City not found | Business Directory" }, { name: "robots", content: "noindex" }];
  const page = data.currentPage;
  const categories = data.topCategories.slice(0, 3).map((c) => c.category.toLowerCase());
  return buildPageMeta({
    title: `Businesses in ${data.city}, ${data.country}${page > 1 ? ` – Page ${page}` : ""}`,
    description: `${formatInteger(data.businessCount)} businesses in ${data.city}, ${data.country}${categories.length ? `: ${categories.join(", ")} and more` : ""}, with ratings, phone numbers, opening hours and directions.`,
    path: `/cities/${data.countryCode.toLowerCase()}/${data.slug}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl: getSiteUrlFromMatches(matches),
  });
};

export default function CityDetail() {
  const data = useLoaderData<typeof loader>();
  const path = `/cities/${data.countryCode.toLowerCase()}/${data.slug}`;
  const countryPath = `/countries/${data.countrySlug ?? data.countryCode.toLowerCase()}`;
  return (
    <>
      <PageIntro
        title={`Businesses in ${data.city}`}
        lead={`${formatCounted(data.businessCount, "business", "businesses")} in ${data.city}, ${data.country}, best rated first.`}
        crumbs={[
          { name: "Home", path: "/" },
          { name: data.country, path: countryPath },
          { name: data.city, path },
        ]}
      >
        <StatTiles
          stats={[
            { label: "Businesses", value: formatInteger(data.businessCount) },
            { label: "Categories", value: formatInteger(data.categoryCount) },
            { label: "Country", value: data.country },
          ]}
        />
      </PageIntro>
      <div className="container-page grid gap-8 py-8 sm:py-10 lg:grid-cols-[1fr_300px]">
        <div className="flex min-w-0 flex-col gap-6">
          <ResultsMap places={data.businesses} searchHref="/search">
            <BusinessSection
              businesses={data.businesses}
              currentPage={data.currentPage}
              totalPages={data.totalPages}
              emptyText="No businesses found in this city."
              emptyHint="Browse other cities or search the directory."
              paginationLabel={`${data.city} pages`}
            />
          </ResultsMap>
        </div>
        <aside>
          <SidePanel
            title="Top categories"
            entries={data.topCategories.map((c) => ({
              key: c.slug,
              to: cityCategoryPath(data.countryCode, data.slug, c.slug),
              label: c.category,
              count: c.count,
            }))}
          />
        </aside>
      </div>
      <ItemListJsonLd
        name={`Businesses in ${data.city}`}
        firstPosition={(data.currentPage - 1) * data.limit + 1}
        entries={businessEntries(data.businesses)}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="city" />;
}
