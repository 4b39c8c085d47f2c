// /cities/{countryCode}/{citySlug}/{categorySlug}?page= → one city × category pair ("Italian restaurants in Zürich"):
// 12 listed businesses per page and the city's other categories; thin pairs are noindex, an empty pair is a 404.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BusinessSection } from "~/components/business-grid";
import { businessEntries, ItemListJsonLd } from "~/components/item-list-json-ld";
import { PageIntro } from "~/components/page-intro";
import { ResultsMap } from "~/components/results-map";
import { RouteErrorState } from "~/components/route-error";
import { SidePanel } from "~/components/side-panel";
import { StatTiles } from "~/components/stat-tiles";
import { getCityCategoryPage, readCityCategoryParams } from "~/models/city-categories.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";
import { DEFAULT_DETAIL_LIMIT, MAX_DETAIL_PAGE } from "~/models/public-params.server";
import { assertPageExists, pageHeaders, pageJson, pageNotFound, readPageQuery, redirectPermanently } from "~/models/public-pages.server";
import { cityCategoryPath, pluralizeCategory } from "~/utils/city-category";
import { formatCounted, formatInteger } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const pair = readCityCategoryParams(params, request);
  const { page } = readPageQuery(request, MAX_DETAIL_PAGE);
  const found = await getCityCategoryPage({ ...pair, page, limit: DEFAULT_DETAIL_LIMIT });
  if (found.status === "moved") throw redirectPermanently(`${found.path}${new URL(request.url).search}`);
  if (found.status === "not_found") throw pageNotFound("City or category not found");
  assertPageExists(found.pair, request);
  return pageJson(found.pair, CACHE_DETAIL);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "City or category not found | Business Directory" }, { name: "robots", content: "noindex" }];
  const page = data.currentPage;
  const plural = pluralizeCategory(data.category);
  return buildPageMeta({
    title: `${plural} in ${data.city}, ${data.country}${page > 1 ? ` – Page ${page}` : ""}`,
    description: `The best-rated ${plural} in ${data.city}, ${data.country}: ${formatCounted(data.businessCount, "listing", "listings")} with ratings, addresses, phone numbers and opening hours.`,
    path: `${cityCategoryPath(data.countryCode, data.citySlug, data.categorySlug)}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl: getSiteUrlFromMatches(matches),
    noindex: !data.indexable,
  });
};

export default function CityCategoryDetail() {
  const data = useLoaderData<typeof loader>();
  const plural = pluralizeCategory(data.category);
  const singular = plural.endsWith(" businesses") ? `${data.category} business` : data.category;
  const cityPath = `/cities/${data.countryCode.toLowerCase()}/${data.citySlug}`;
  const countryPath = `/countries/${data.countrySlug ?? data.countryCode.toLowerCase()}`;
  const heading = `${plural} in ${data.city}`;
  return (
    <>
      <PageIntro
        title={heading}
        lead={`${formatCounted(data.businessCount, singular, plural)} in ${data.city}, ${data.country}, best rated first.`}
        crumbs={[
          { name: "Home", path: "/" },
          { name: data.country, path: countryPath },
          { name: data.city, path: cityPath },
          { name: plural, path: cityCategoryPath(data.countryCode, data.citySlug, data.categorySlug) },
        ]}
      >
        <StatTiles
          stats={[
            { label: "Businesses", value: formatInteger(data.businessCount) },
            { label: `All in ${data.city}`, value: formatInteger(data.cityBusinessCount) },
            { label: "Pages", value: formatInteger(Math.max(data.totalPages, 1)) },
          ]}
        />
      </PageIntro>
      <div className="container-page grid gap-8 py-8 sm:py-10 lg:grid-cols-[1fr_300px]">
        <div className="flex min-w-0 flex-col gap-6">
          <ResultsMap places={data.businesses} searchHref={`/search?category=${encodeURIComponent(data.categorySlug)}`}>
            <BusinessSection
              businesses={data.businesses}
              currentPage={data.currentPage}
              totalPages={data.totalPages}
              emptyText={`No ${plural} found in ${data.city}.`}
              emptyHint="Browse the city's other categories or search the directory."
              paginationLabel={`${heading} pages`}
            />
          </ResultsMap>
        </div>
        <aside className="space-y-6">
          <SidePanel
            title={`More in ${data.city}`}
            entries={data.otherCategories.map((c) => ({
              key: c.slug,
              to: cityCategoryPath(data.countryCode, data.citySlug, c.slug),
              label: c.category,
              count: c.count,
            }))}
          />
          <SidePanel
            title="Wider lists"
            entries={[
              { key: "city", to: cityPath, label: `All businesses in ${data.city}`, count: data.cityBusinessCount },
              { key: "category", to: `/categories/${data.categorySlug}`, label: `All ${plural}`, count: data.categoryBusinessCount },
            ]}
          />
        </aside>
      </div>
      <ItemListJsonLd name={heading} firstPosition={(data.currentPage - 1) * data.limit + 1} entries={businessEntries(data.businesses)} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="city" />;
}
