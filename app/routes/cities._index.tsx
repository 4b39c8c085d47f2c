// /cities?q=&page= → every city, most businesses first, 12 per page (at most 100 pages; letters and search narrow it).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { buildCityListMeta, cityListHeading, CityListView } from "~/components/city-list-view";
import { RouteErrorState } from "~/components/route-error";
import { getCityListPage } from "~/models/cities.server";
import { assertPageExists, LIST_PAGE_SIZE, MAX_LIST_PAGE, pageHeaders, pageJson, readPageQuery } from "~/models/public-pages.server";
import { formatInteger } from "~/utils/format";
import { getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, q } = readPageQuery(request, MAX_LIST_PAGE);
  const data = await getCityListPage({ q, page });
  assertPageExists(data.pagination, request);
  return pageJson({ ...data, pageSize: LIST_PAGE_SIZE }, CACHE_LISTS);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? buildCityListMeta(data, {
        siteUrl: getSiteUrlFromMatches(matches),
        basePath: "/cities",
        title: "Businesses by City",
        description: `Browse ${formatInteger(data.stats.cities)} cities with ${formatInteger(data.stats.businesses)} businesses: pick a city to see its best-rated businesses and top categories.`,
      })
    : [{ title: "Unable to load cities | Business Directory" }, { name: "robots", content: "noindex" }];

export default function Cities() {
  const data = useLoaderData<typeof loader>();
  return (
    <CityListView
      data={data}
      basePath="/cities"
      title={cityListHeading()}
      lead="Find businesses in the city you are looking for, largest cities first."
      crumbs={[
        { name: "Home", path: "/" },
        { name: "Cities", path: "/cities" },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="cities" />;
}
