// /categories?q=&view=&page= → every category, most businesses first, 12 per page (stats, A–Z bar, search, grid/list).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { buildCategoryListMeta, CategoryListView } from "~/components/category-list-view";
import { RouteErrorState } from "~/components/route-error";
import { getCategoryListPage } from "~/models/categories.server";
import { assertPageExists, LIST_PAGE_SIZE, MAX_LIST_PAGE, pageHeaders, pageJson, readPageQuery } from "~/models/public-pages.server";
import { getSiteUrlFromMatches } from "~/utils/seo";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export const headers: HeadersFunction = pageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, q, view } = readPageQuery(request, MAX_LIST_PAGE);
  const data = await getCategoryListPage({ q, page });
  assertPageExists(data.pagination, request);
  return pageJson({ ...data, view, pageSize: LIST_PAGE_SIZE }, CACHE_LISTS);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? buildCategoryListMeta(data, getSiteUrlFromMatches(matches))
    : [{ title: "Unable to load categories | Business Directory" }, { name: "robots", content: "noindex" }];

export default function Categories() {
  return <CategoryListView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteErrorState screen="categories" />;
}
