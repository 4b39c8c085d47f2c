// /countries/{slug}/cities → every city of one country, most businesses first, 12 per page (the 'View all cities' target).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { buildCityListMeta, CityListView } from "~/components/city-list-view";
import { RouteErrorState } from "~/components/route-error";
import { getCountryCityListPage } from "~/models/countries.server";
import {
  assertPageExists,
  LIST_PAGE_SIZE,
  MAX_LIST_PAGE,
  pageHeaders,
  pageJson,
  pageNotFound,
  readPageQuery,
  readSlugParam,
} from "~/models/public-pages.server";
import { formatInteger } from "~/utils/format";
import { getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = readSlugParam(params.slug, "/countries", request);
  const { page, q } = readPageQuery(request, MAX_LIST_PAGE);
  const data = await getCountryCityListPage({ slug, page, q });
  if (!data) throw pageNotFound("Country not found");
  assertPageExists(data.pagination, request);
  return pageJson({ ...data, pageSize: LIST_PAGE_SIZE }, CACHE_LISTS);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? buildCityListMeta(data, {
        siteUrl: getSiteUrlFromMatches(matches),
        basePath: `/countries/${data.country.slug}/cities`,
        title: `Cities in ${data.country.country}`,
        description: `All ${formatInteger(data.country.cityCount)} cities in ${data.country.country} with listed businesses, largest first.`,
      })
    : [{ title: "Country not found | Business Directory" }, { name: "robots", content: "noindex" }];

export default function CountryCities() {
  const data = useLoaderData<typeof loader>();
  const base = `/countries/${data.country.slug}`;
  return (
    <CityListView
      data={data}
      basePath={`${base}/cities`}
      title={`Cities in ${data.country.country}`}
      lead={`Every city in ${data.country.country} with listed businesses, largest first.`}
      showLetters={false}
      crumbs={[
        { name: "Home", path: "/" },
        { name: "Countries", path: "/countries" },
        { name: data.country.country, path: base },
        { name: "Cities", path: `${base}/cities` },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="countryCities" />;
}
