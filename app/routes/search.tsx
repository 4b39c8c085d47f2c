// GET /search (q, location, category, country, city, open_now, verified, min_rating, lat, lng, sort, page) → results
// with facets, chips and pages, all in GET params so it works without JavaScript; bad params → a friendly 400, never a 500.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useNavigate, useNavigation, useRouteError } from "@remix-run/react";
import { useState } from "react";
import { ResultsMap } from "~/components/results-map";
import { SearchBox } from "~/components/search-box";
import { SearchFacets } from "~/components/search-facets";
import { SearchPagination } from "~/components/search-pagination";
import { SearchEmptyState, SearchHitGrid } from "~/components/search-results";
import { assertPageExists } from "~/models/public-pages.server";
import { searchForPage } from "~/models/search.server";
import { buildPageMeta, getSiteUrlFromMatches } from "~/utils/seo";
import { useHydrated } from "~/utils/use-hydrated";
import { buildClearFiltersHref, buildSearchHref, listFilterChips, SEARCH_PATH, SORT_OPTIONS, type SearchParamRecord } from "~/utils/search-params";
import { CACHE_SEARCH, NO_STORE } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await searchForPage(new URL(request.url).searchParams);
  if (!outcome.ok) {
    throw json(
      { error: { code: "INVALID_SEARCH", message: outcome.problems.join("; "), problems: outcome.problems } },
      { status: 400, headers: { "Cache-Control": NO_STORE } },
    );
  }
  assertPageExists({ currentPage: outcome.result.page, totalPages: outcome.totalPages }, request);
  return json({ result: outcome.result, params: outcome.params, totalPages: outcome.totalPages }, { headers: { "Cache-Control": CACHE_SEARCH } });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const q = data?.params.q ?? "";
  const location = data?.params.location;
  const where = location ? ` in ${location}` : "";
  const canonical = buildSearchHref(data ? { ...(q ? { q } : {}), ...(location ? { location } : {}) } : {});
  return buildPageMeta({
    title: data ? (q ? `“${q}”${where} – Search` : `Search businesses${where}`) : "Invalid search",
    description: data
      ? `${data.result.total.toLocaleString("en-US")} businesses${q ? ` matching “${q}”` : ""}${where}, with ratings, opening hours and contact details.`
      : "Search the business directory by name, category, city or country.",
    path: canonical,
    siteUrl: getSiteUrlFromMatches(matches),
    // NOTE: result pages are thin and endless in combinations; crawlers should follow them, not index them.
    noindex: true,
  });
};

function SortForm({ params }: { params: SearchParamRecord }) {
  const hydrated = useHydrated();
  const hasPoint = Boolean(params.lat && params.lng);
  const carried = Object.entries(params).filter(([name]) => name !== "sort" && name !== "page");
  return (
    <Form method="get" action={SEARCH_PATH} preventScrollReset className="flex items-center gap-2">
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="search-sort" className="sr-only whitespace-nowrap text-sm text-slate-600 sm:not-sr-only">
        Sort by
      </label>
      <select
        id="search-sort"
        name="sort"
        defaultValue={params.sort ?? "relevance"}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm font-medium text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      >
        {SORT_OPTIONS.filter((option) => option.value !== "distance" || hasPoint).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className={hydrated ? "hidden" : "btn-secondary py-2"}>
        Sort
      </button>
    </Form>
  );
}

function NearMeButton({ params }: { params: SearchParamRecord }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // NOTE: geolocation needs JavaScript; without it the button would do nothing, so it is not rendered.
  if (!hydrated || !("geolocation" in navigator) || (params.lat && params.lng)) return null;
  const locate = () =>
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude.toFixed(5), lng: position.coords.longitude.toFixed(5), sort: "distance", location: null };
        navigate(buildSearchHref(params, point));
      },
      () => setFailed(true),
      { timeout: 10_000, maximumAge: 300_000 },
    );
  return (
    <>
      <button type="button" onClick={locate} className="btn-secondary py-2">
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <circle cx="10" cy="10" r="3" />
          <path d="M10 1.5v3M10 15.5v3M1.5 10h3M15.5 10h3" strokeLinecap="round" />
        </svg>
        Near me
      </button>
      <span role="status" className={failed ? "text-sm text-amber-800" : "sr-only"}>
        {failed ? "Location unavailable" : ""}
      </span>
    </>
  );
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10 ? 3 : 2)} s`;
}

export default function SearchPage() {
  const { result, params, totalPages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  const selectedCategory = result.facets.category.find((facet) => facet.value === params.category);
  const selectedCity = result.facets.city.find((facet) => facet.value === params.city);
  const chips = listFilterChips(params, { category: selectedCategory?.label, city: selectedCity?.label });
  const first = (result.page - 1) * result.perPage + 1;
  const last = first + result.hits.length - 1;
  const q = params.q ?? "";

  return (
    <>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-600">
        <div className="container-page py-4 sm:py-8">
          <SearchBox key={`${q}\n${params.location ?? ""}`} variant="hero" defaultQuery={q} defaultLocation={params.location ?? ""} />
        </div>
      </section>

      <div className="container-page py-8">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {q ? (
              <>
                Results for <span className="text-brand-700">“{q}”</span>
              </>
            ) : (
              "Search businesses"
            )}
            {params.location ? <span className="text-slate-500"> in {params.location}</span> : null}
          </h1>
          {result.showingResultsFor ? (
            <p className="text-base text-slate-700">
              No exact matches. Showing results for{" "}
              <Link
                to={buildSearchHref(params, { q: result.showingResultsFor })}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {result.showingResultsFor}
              </Link>
              .
            </p>
          ) : result.didYouMean ? (
            <p className="text-base text-slate-700">
              Did you mean{" "}
              <Link
                to={buildSearchHref(params, { q: result.didYouMean })}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {result.didYouMean}
              </Link>
              ?
            </p>
          ) : null}
          {result.degraded ? (
            <p role="status" className="mt-1 flex items-center gap-2 text-sm text-amber-800">
              <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true">
                <path d="M10 2 1 18h18L10 2Zm-1 6h2v5H9V8Zm0 6h2v2H9v-2Z" />
              </svg>
              Search is running in a simplified mode right now, so results may be less precise than usual.
            </p>
          ) : null}
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-[260px_1fr] lg:gap-8">
          <aside aria-label="Filters" className="lg:sticky lg:top-24 lg:self-start">
            <SearchFacets facets={result.facets} params={params} activeCount={chips.length} approximate={result.facetsApproximate ?? false} />
          </aside>

          <section aria-labelledby="results-summary" aria-busy={busy} className={busy ? "opacity-60 transition-opacity" : "transition-opacity"}>
            <div className="flex flex-col gap-3 border-b border-slate-200 pb-4 sm:flex-row sm:items-center sm:justify-between">
              <p id="results-summary" className="text-sm text-slate-600" aria-live="polite">
                {result.total > 0 && result.hits.length > 0 ? (
                  <>
                    Showing <span className="font-semibold text-slate-900">{first.toLocaleString("en-US")}</span>–
                    <span className="font-semibold text-slate-900">{last.toLocaleString("en-US")}</span> of{" "}
                  </>
                ) : null}
                <span className="font-semibold text-slate-900">{result.total.toLocaleString("en-US")}</span>{" "}
                {result.total === 1 ? "business" : "businesses"}
                <span className="text-slate-500"> · {formatSeconds(result.tookMs)}</span>
              </p>
              <div className="flex items-center justify-between gap-2 sm:justify-end">
                <NearMeButton params={params} />
                <SortForm params={params} />
              </div>
            </div>

            {chips.length > 0 ? (
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <h2 className="sr-only">Active filters</h2>
                <ul className="flex flex-wrap gap-2">
                  {chips.map((chip) => (
                    <li key={chip.key}>
                      <Link
                        to={chip.href}
                        preventScrollReset
                        aria-label={`Remove filter: ${chip.label}`}
                        className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 transition hover:border-brand-300 hover:bg-brand-100"
                      >
                        {chip.label}
                        <svg
                          viewBox="0 0 16 16"
                          className="h-4 w-4 text-brand-600"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          aria-hidden="true"
                        >
                          <path d="m4.5 4.5 7 7m0-7-7 7" strokeLinecap="round" />
                        </svg>
                      </Link>
                    </li>
                  ))}
                </ul>
                {chips.length > 1 ? (
                  <Link
                    to={buildClearFiltersHref(params)}
                    className="text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
                  >
                    Clear all
                  </Link>
                ) : null}
              </div>
            ) : null}

            <div className="mt-6">
              <ResultsMap places={result.hits} searchHref={buildSearchHref(params)}>
                <div>
                  {result.hits.length > 0 ? (
                    <SearchHitGrid hits={result.hits} />
                  ) : result.total > 0 ? (
                    <div className="card px-6 py-12 text-center">
                      <h2 className="text-xl font-semibold">No results on page {result.page}</h2>
                      <p className="mt-2 text-slate-600">
                        This search has {totalPages.toLocaleString("en-US")} {totalPages === 1 ? "page" : "pages"} of results.
                      </p>
                      <Link to={buildSearchHref(params, { page: null })} className="btn-primary mt-6">
                        Go to the first page
                      </Link>
                    </div>
                  ) : (
                    <SearchEmptyState params={params} chips={chips} />
                  )}
                </div>

                <SearchPagination page={result.page} totalPages={totalPages} params={params} />
              </ResultsMap>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const problems: string[] =
    isRouteErrorResponse(error) && error.status === 400 && Array.isArray(error.data?.error?.problems) ? error.data.error.problems : [];
  const invalid = isRouteErrorResponse(error) && error.status === 400;
  return (
    <div className="container-page py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-brand-600">{invalid ? "400" : "Search unavailable"}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{invalid ? "We couldn't read that search" : "Search is unavailable right now"}</h1>
        <p className="mt-4 text-slate-600">
          {invalid
            ? "The link you followed has a setting we don't understand. Start a new search below."
            : "Something went wrong on our side. Please try again in a moment."}
        </p>
        {problems.length > 0 ? (
          <ul className="mx-auto mt-6 max-w-md space-y-1 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-left text-sm text-amber-900">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <div className="mt-8 flex justify-center">
          <SearchBox variant="hero" />
        </div>
        <Link to="/" className="btn-secondary mt-8">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
