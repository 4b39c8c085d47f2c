// /cities/{letter} → the cities whose name begins with that letter (upper-cased; /cities/b answers 301 to /cities/B).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { buildCityListMeta, cityListHeading, CityListView } from "~/components/city-list-view";
import { isFilterLetter, letterHref } from "~/components/letter-filter";
import { RouteErrorState } from "~/components/route-error";
import { getCityListPage } from "~/models/cities.server";
import {
  assertPageExists,
  LIST_PAGE_SIZE,
  MAX_LIST_PAGE,
  pageHeaders,
  pageJson,
  pageNotFound,
  readLetterParam,
  readPageQuery,
} from "~/models/public-pages.server";
import { formatInteger } from "~/utils/format";
import { getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isFilterLetter(params.letter)) throw pageNotFound("Page not found");
  const letter = readLetterParam(params.letter, "/cities", request);
  const { page, q } = readPageQuery(request, MAX_LIST_PAGE);
  const data = await getCityListPage({ letter, q, page });
  assertPageExists(data.pagination, request);
  return pageJson({ ...data, pageSize: LIST_PAGE_SIZE }, CACHE_LISTS);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data?.letter
    ? buildCityListMeta(data, {
        siteUrl: getSiteUrlFromMatches(matches),
        basePath: letterHref("/cities", data.letter),
        title: cityListHeading(data.letter),
        description: `${formatInteger(data.stats.cities)} cities beginning with ${data.letter}, with ${formatInteger(data.stats.businesses)} businesses. Pick a city to see its best-rated businesses.`,
      })
    : [{ title: "Unable to load cities | Business Directory" }, { name: "robots", content: "noindex" }];

export default function CitiesByLetter() {
  const data = useLoaderData<typeof loader>();
  const letter = data.letter ?? "";
  return (
    <CityListView
      data={data}
      basePath={letterHref("/cities", letter)}
      title={cityListHeading(letter)}
      lead={`Every city whose name begins with ${letter}, largest first.`}
      crumbs={[
        { name: "Home", path: "/" },
        { name: "Cities", path: "/cities" },
        { name: `Letter ${letter}`, path: letterHref("/cities", letter) },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState screen="cities" />;
}
