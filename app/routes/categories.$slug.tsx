// /categories/{slug} → one category (12 businesses per page, top 15 countries, top 15 cities → their city × category
// pages); a one-character parameter is the letter list instead (/categories/B), as the spec's route table lets the
// parameter be a letter.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { BusinessSection } from "~/components/business-grid";
import { buildCategoryListMeta, CategoryListView } from "~/components/category-list-view";
import { businessEntries, ItemListJsonLd } from "~/components/item-list-json-ld";
import { isFilterLetter } from "~/components/letter-filter";
import { PageIntro } from "~/components/page-intro";
import { RouteErrorState } from "~/components/route-error";
import { SidePanel } from "~/components/side-panel";
import { StatTiles } from "~/components/stat-tiles";
import { getCategoryDetail, getCategoryListPage } from "~/models/categories.server";
import { DEFAULT_DETAIL_LIMIT, MAX_DETAIL_PAGE } from "~/models/public-params.server";
import {
  assertPageExists,
  LIST_PAGE_SIZE,
  MAX_LIST_PAGE,
  pageHeaders,
  pageJson,
  pageNotFound,
  readLetterParam,
  readPageQuery,
  readSlugParam,
} from "~/models/public-pages.server";
import { cityCategoryPath } from "~/utils/city-category";
import { formatCounted, formatInteger } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_DETAIL, CACHE_LISTS } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (isFilterLetter(params.slug)) {
    const letter = readLetterParam(params.slug, "/categories", request);
    const { page, q, view } = readPageQuery(request, MAX_LIST_PAGE);
    const list = await getCategoryListPage({ letter, q, page });
    assertPageExists(list.pagination, request);
    return pageJson({ kind: "list" as const, list: { ...list, view, pageSize: LIST_PAGE_SIZE } }, CACHE_LISTS);
  }
  const slug = readSlugParam(params.slug, "/categories", request);
  const { page } = readPageQuery(request, MAX_DETAIL_PAGE);
  const detail = await getCategoryDetail({ slug, page, limit: DEFAULT_DETAIL_LIMIT });
  if (!detail) throw pageNotFound("Category not found");
  assertPageExists(detail, request);
  return pageJson({ kind: "detail" as const, detail }, CACHE_DETAIL);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const siteUrl = getSiteUrlFromMatches(matches);
  if (!data) return [{ title: "Category not found | Business Directory" }, { name: "robots", content: "noindex" }];
  if (data.kind === "list") return buildCategoryListMeta(data.list, siteUrl);
  const { detail } = data;
  const page = detail.currentPage;
  return buildPageMeta({
    title: `${detail.category} – ${formatInteger(detail.businessCount)} businesses${page > 1 ? ` – Page ${page}` : ""}`,
    description: `The best-rated ${detail.category.toLowerCase()} businesses: ${formatCounted(detail.businessCount, "listing", "listings")} in ${formatCounted(detail.countryCount, "country", "countries")}, with ratings, addresses, phone numbers and opening hours.`,
    path: `/categories/${detail.slug}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl,
  });
};

type CategoryDetailData = Extract<SerializeFrom<typeof loader>, { kind: "detail" }>["detail"];

function CategoryDetailView({ detail }: { detail: CategoryDetailData }) {
  const first = (detail.currentPage - 1) * detail.limit + 1;
  return (
    <>
      <PageIntro
        title={detail.category}
        lead={`${formatCounted(detail.businessCount, "business", "businesses")} in ${formatCounted(detail.countryCount, "country", "countries")}, best rated first.`}
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Categories", path: "/categories" },
          { name: detail.category, path: `/categories/${detail.slug}` },
        ]}
      >
        <StatTiles
          stats={[
            { label: "Businesses", value: formatInteger(detail.businessCount) },
            { label: "Countries", value: formatInteger(detail.countryCount) },
            { label: "Pages", value: formatInteger(Math.max(detail.totalPages, 1)) },
          ]}
        />
      </PageIntro>
      <div className="container-page grid gap-8 py-8 sm:py-10 lg:grid-cols-[1fr_300px]">
        <BusinessSection
          businesses={detail.businesses}
          currentPage={detail.currentPage}
          totalPages={detail.totalPages}
          emptyText="No businesses found in this category."
          emptyHint="Browse other categories or search the directory."
          paginationLabel={`${detail.category} pages`}
        />
        <aside className="space-y-6">
          <SidePanel
            title="Top countries"
            entries={detail.topCountries.map((c) => ({ key: c.countryCode, to: `/countries/${c.slug}`, label: c.country, count: c.count }))}
          />
          <SidePanel
            title="Top cities"
            entries={detail.topCities.map((c) => ({
              key: `${c.countryCode}/${c.citySlug}`,
              to: cityCategoryPath(c.countryCode, c.citySlug, detail.slug),
              label: `${c.city}, ${c.countryCode}`,
              count: c.count,
            }))}
          />
        </aside>
      </div>
      <ItemListJsonLd name={detail.category} firstPosition={first} entries={businessEntries(detail.businesses)} />
    </>
  );
}

export default function CategoryRoute() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "list" ? <CategoryListView data={data.list} /> : <CategoryDetailView detail={data.detail} />;
}

export function ErrorBoundary() {
  const { slug } = useParams();
  return <RouteErrorState screen={isFilterLetter(slug) ? "categories" : "category"} />;
}
