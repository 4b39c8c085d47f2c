// /businesses?page=n → all approved businesses, 20 per page in rank order, pages 1–100 (others redirect to page 1).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BusinessListCard } from "~/components/business-list-card";
import { businessEntries, ItemListJsonLd } from "~/components/item-list-json-ld";
import { EmptyState, PendingList } from "~/components/list-states";
import { PageIntro } from "~/components/page-intro";
import { Pagination } from "~/components/pagination";
import { RouteErrorState } from "~/components/route-error";
import { BUSINESSES_PAGE_SIZE, getBusinessPage } from "~/models/businesses.server";
import { MAX_LIST_PAGE } from "~/models/public-pages.server";
import { assertPageExists, pageHeaders, pageJson, readPageQuery } from "~/models/public-pages.server";
import { formatInteger } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page } = readPageQuery(request, MAX_LIST_PAGE);
  const data = await getBusinessPage(page);
  assertPageExists(data, request);
  return pageJson({ ...data, pageSize: BUSINESSES_PAGE_SIZE }, CACHE_DETAIL);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Error Loading Businesses | Business Directory" }, { name: "robots", content: "noindex" }];
  const page = data.currentPage;
  return buildPageMeta({
    title: page > 1 ? `All Businesses – Page ${page}` : "All Businesses",
    description: `Browse ${formatInteger(data.totalCount)} businesses worldwide, best rated first: categories, cities, ratings, reviews and phone numbers${page > 1 ? ` (page ${page} of ${data.totalPages})` : ""}.`,
    path: page > 1 ? `/businesses?page=${page}` : "/businesses",
    siteUrl: getSiteUrlFromMatches(matches),
    noindex: data.totalCount === 0,
  });
};

export default function Businesses() {
  const data = useLoaderData<typeof loader>();
  const first = data.totalCount === 0 ? 0 : (data.currentPage - 1) * data.pageSize + 1;
  const last = Math.min(data.currentPage * data.pageSize, data.totalCount);
  return (
    <>
      <PageIntro
        title="All Businesses"
        lead="Every listed business, best rated and most reviewed first."
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Businesses", path: "/businesses" },
        ]}
      />
      <div className="container-page py-8 sm:py-10">
        <div className="mb-6 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <p className="text-sm text-slate-700" aria-live="polite">
            Showing{" "}
            <span className="font-semibold text-slate-900">
              {formatInteger(first)}-{formatInteger(last)}
            </span>{" "}
            of <span className="font-semibold text-slate-900">{formatInteger(data.totalCount)}</span> businesses
          </p>
          <p className="text-sm text-slate-600">
            Page {data.currentPage} of {Math.max(data.totalPages, 1)}
          </p>
        </div>
        <PendingList label="Loading businesses...">
          {data.businesses.length === 0 ? (
            <EmptyState
              title="No businesses found"
              hint="Try adjusting your search criteria."
              action={{ to: "/categories", label: "Browse categories" }}
            />
          ) : (
            <ul aria-label="Business results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {data.businesses.map((business) => (
                <li key={business.id}>
                  <BusinessListCard business={business} />
                </li>
              ))}
            </ul>
          )}
        </PendingList>
        <Pagination currentPage={data.currentPage} totalPages={data.totalPages} mode="edges" label="Businesses pages" />
        <ItemListJsonLd name="All businesses" firstPosition={first} entries={businessEntries(data.businesses)} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="businesses" />;
}
