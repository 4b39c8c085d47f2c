// Facet counts and filter params → the search page's filter panel: category/country/city links with counts and a
// GET form for open now, verified and minimum rating. A disclosure on phones, always open from lg up; no JS needed.
// Counts from a sampled match set are lower bounds, shown as "706+": never above what the filter returns.
import { Form, Link } from "@remix-run/react";
import type { FacetValue, SearchResult } from "~/models/search.server";
import { formatCount } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { buildSearchHref, labelCityFacets, MIN_RATING_OPTIONS, type SearchParamChanges, type SearchParamRecord } from "~/utils/search-params";

/** Facet values shown before "Show more"; the engine sends up to 20 per dimension. */
const VISIBLE_FACETS = 6;

/** Params the filter form carries unchanged while it edits open now, verified and minimum rating. */
const CARRIED_PARAMS = ["q", "location", "category", "country", "city", "lat", "lng", "radius_km", "sort", "per_page"] as const;

interface FacetGroupProps {
  title: string;
  values: FacetValue[];
  isSelected: (value: FacetValue) => boolean;
  select: (value: FacetValue) => SearchParamChanges;
  clear: SearchParamChanges;
  params: SearchParamRecord;
  approximate: boolean;
}

function FacetLink({ value, selected, href, approximate }: { value: FacetValue; selected: boolean; href: string; approximate: boolean }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-current={selected ? "true" : undefined}
      className={`group flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm transition ${
        selected ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      }`}
    >
      <span className="flex min-w-0 items-center gap-2">
        <span
          className={`grid h-4 w-4 shrink-0 place-items-center rounded border ${selected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white group-hover:border-slate-400"}`}
          aria-hidden="true"
        >
          {selected ? (
            <svg viewBox="0 0 16 16" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="m3.5 8.5 3 3 6-7" />
            </svg>
          ) : null}
        </span>
        <span className="truncate">{value.label}</span>
        {selected ? <span className="sr-only">(selected, select to remove)</span> : null}
      </span>
      {approximate ? (
        <span className="shrink-0 tabular-nums text-xs text-slate-500" title={`At least ${value.count.toLocaleString("en-US")}`}>
          <span aria-hidden="true">{formatCount(value.count)}+</span>
          <span className="sr-only">at least {formatCount(value.count)}</span>
        </span>
      ) : (
        <span className="shrink-0 tabular-nums text-xs text-slate-500">{formatCount(value.count)}</span>
      )}
    </Link>
  );
}

function FacetGroup({ title, values, isSelected, select, clear, params, approximate }: FacetGroupProps) {
  if (values.length === 0) return null;
  const hrefFor = (value: FacetValue) => buildSearchHref(params, isSelected(value) ? clear : select(value));
  const item = (value: FacetValue) => (
    <li key={`${value.countryCode ?? ""}/${value.value}`}>
      <FacetLink value={value} selected={isSelected(value)} href={hrefFor(value)} approximate={approximate} />
    </li>
  );
  const headingId = `facet-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h3 id={headingId} className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      <ul className="mt-2 space-y-0.5">{values.slice(0, VISIBLE_FACETS).map(item)}</ul>
      {values.length > VISIBLE_FACETS ? (
        <details className="group mt-1">
          <summary className="cursor-pointer list-none rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Show {values.length - VISIBLE_FACETS} more</span>
            <span className="hidden group-open:inline">Show fewer</span>
            <span className="sr-only"> {title.toLowerCase()} options</span>
          </summary>
          <ul className="space-y-0.5">{values.slice(VISIBLE_FACETS).map(item)}</ul>
        </details>
      ) : null}
    </section>
  );
}

function FilterForm({ params }: { params: SearchParamRecord }) {
  const hydrated = useHydrated();
  const submitOnChange = (event: React.ChangeEvent<HTMLInputElement>) => event.currentTarget.form?.requestSubmit();
  return (
    <Form method="get" action="/search" preventScrollReset className="space-y-4 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      {CARRIED_PARAMS.map((name) => (params[name] ? <input key={name} type="hidden" name={name} value={params[name]} /> : null))}
      <fieldset className="space-y-1">
        <legend className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Show only</legend>
        <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
          <input
            type="checkbox"
            name="open_now"
            value="1"
            defaultChecked={Boolean(params.open_now)}
            onChange={submitOnChange}
            className="h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600"
          />
          Open now
        </label>
        <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
          <input
            type="checkbox"
            name="verified"
            value="1"
            defaultChecked={Boolean(params.verified)}
            onChange={submitOnChange}
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          Verified businesses
        </label>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Rating</legend>
        {[{ value: "", label: "Any rating" }, ...MIN_RATING_OPTIONS.map((value) => ({ value, label: `${value} stars & up` }))].map((option) => (
          <label
            key={option.value || "any"}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
          >
            <input
              type="radio"
              name="min_rating"
              value={option.value}
              defaultChecked={(params.min_rating ?? "") === option.value}
              onChange={submitOnChange}
              className="h-4 w-4 border-slate-300 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className={hydrated ? "hidden" : "btn-secondary w-full"}>
        Apply filters
      </button>
    </Form>
  );
}

export interface SearchFacetsProps {
  facets: SearchResult["facets"];
  params: SearchParamRecord;
  /** Active filter count, shown on the phone toggle. */
  activeCount: number;
  /** The counts come from a sample of the matches: lower bounds, shown with a "+". */
  approximate: boolean;
}

export function SearchFacets({ facets, params, activeCount, approximate }: SearchFacetsProps) {
  return (
    <div>
      <h2 className="sr-only">Filters</h2>
      {/* NOTE: a checkbox + label toggle works without JavaScript; from lg up the panel is always shown. */}
      <input type="checkbox" id="filters-toggle" className="peer sr-only lg:hidden" aria-controls="search-filters" />
      <label
        htmlFor="filters-toggle"
        className="btn-secondary w-full cursor-pointer justify-between peer-checked:[&_.chevron]:rotate-180 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 lg:hidden"
      >
        <span className="flex items-center gap-2">
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M3 5h14M6 10h8M8.5 15h3" strokeLinecap="round" />
          </svg>
          Filters
          {activeCount > 0 ? <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{activeCount}</span> : null}
        </span>
        <svg viewBox="0 0 20 20" className="chevron h-4 w-4 transition" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="m5 8 5 5 5-5" />
        </svg>
      </label>
      <div id="search-filters" className="card mt-3 hidden space-y-4 p-4 peer-checked:block lg:mt-0 lg:block">
        <FacetGroup
          title="Category"
          values={facets.category}
          params={params}
          approximate={approximate}
          isSelected={(value) => params.category === value.value}
          select={(value) => ({ category: value.value })}
          clear={{ category: null }}
        />
        <FacetGroup
          title="Country"
          values={facets.country}
          params={params}
          approximate={approximate}
          isSelected={(value) => params.country === value.value}
          select={(value) => ({ country: value.value, city: null })}
          clear={{ country: null, city: null }}
        />
        <FacetGroup
          title="City"
          values={labelCityFacets(facets.city)}
          params={params}
          approximate={approximate}
          isSelected={(value) => params.city === value.value && (!value.countryCode || params.country === value.countryCode)}
          select={(value) => ({ city: value.value, country: value.countryCode ?? params.country })}
          clear={{ city: null }}
        />
        <FilterForm params={params} />
      </div>
    </div>
  );
}
