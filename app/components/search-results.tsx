// Search hits → business cards (with closed, verified and distance badges), or the empty state with next steps.
import { Link } from "@remix-run/react";
import type { SearchHit } from "~/models/search.server";
import { BusinessCard, type BusinessCardData } from "./business-card";
import { closedStatusLabel } from "./business-hours";
import { buildClearFiltersHref, buildSearchHref, type FilterChip, type SearchParamRecord } from "~/utils/search-params";

export function toBusinessCard(hit: SearchHit): BusinessCardData {
  return {
    slug: hit.slug,
    name: hit.name,
    image_url: hit.photo,
    rating: hit.rating,
    review_count: hit.reviews,
    type: hit.type ?? hit.category,
    full_address: hit.fullAddress,
    phone: hit.phone,
    street: hit.street,
    district: hit.district,
    city: hit.city,
    hours: hit.workingHours,
    special_hours: hit.specialHours,
    time_zone: hit.timeZone,
  };
}

/** 0.42 km → "420 m"; 3.456 km → "3.5 km". */
export function formatDistance(km: number): string {
  return km < 1 ? `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m` : `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

export function SearchHitGrid({ hits }: { hits: SearchHit[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3 lg:group-data-[map-beside]/results:grid-cols-1 xl:group-data-[map-beside]/results:grid-cols-2">
      {hits.map((hit) => {
        // A closed business appears only when the search named it: its card says so before anything else.
        const closed = closedStatusLabel(hit.status);
        return (
          <li key={hit.id} className="relative" data-result-slug={hit.slug}>
            <BusinessCard business={toBusinessCard(hit)} />
            {closed || hit.verified || hit.distanceKm !== undefined ? (
              // NOTE: badges sit over the card's photo but outside its link, so they never swallow the click.
              <div className="pointer-events-none absolute left-3 top-3 flex flex-wrap gap-1.5">
                {closed ? (
                  <span data-testid="closed-badge" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white shadow-sm">
                    {closed}
                  </span>
                ) : null}
                {hit.verified ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-emerald-800 shadow-sm">
                    <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
                      <path d="M8 1.5 9.6 3l2.2-.2.5 2.1 1.9 1.1-.9 2 .9 2-1.9 1.1-.5 2.1-2.2-.2L8 14.5 6.4 13l-2.2.2-.5-2.1-1.9-1.1.9-2-.9-2 1.9-1.1.5-2.1L6.4 3 8 1.5Zm-1 8.3L5.3 8.1l-.9.9L7 11.6l4.6-4.6-.9-.9L7 9.8Z" />
                    </svg>
                    Verified
                  </span>
                ) : null}
                {hit.distanceKm !== undefined ? (
                  <span className="rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-800 shadow-sm">
                    {formatDistance(hit.distanceKm)} away
                  </span>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

export function SearchEmptyState({ params, chips }: { params: SearchParamRecord; chips: FilterChip[] }) {
  const filtered = chips.some((chip) => chip.key !== "location");
  return (
    <div className="card px-6 py-12 text-center">
      <svg viewBox="0 0 48 48" className="mx-auto h-12 w-12 text-slate-300" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
        <circle cx="21" cy="21" r="13" />
        <path d="m31 31 10 10M16 21h10" strokeLinecap="round" />
      </svg>
      <h2 className="mt-4 text-xl font-semibold">No businesses found</h2>
      <p className="mt-2 text-slate-600">Try adjusting your search criteria.</p>
      <ul className="mx-auto mt-6 max-w-md space-y-2 text-left text-sm text-slate-700">
        <li className="flex gap-2">
          <span aria-hidden="true">•</span>
          <span>Check the spelling, or try a more general word such as “restaurant” or “dentist”.</span>
        </li>
        {filtered ? (
          <li className="flex gap-2">
            <span aria-hidden="true">•</span>
            <span>
              Remove a filter above, or{" "}
              <Link to={buildClearFiltersHref(params)} className={linkClass}>
                clear all filters
              </Link>
              .
            </span>
          </li>
        ) : null}
        {params.location ? (
          <li className="flex gap-2">
            <span aria-hidden="true">•</span>
            <span>
              <Link to={buildSearchHref(params, { location: null })} className={linkClass}>
                Search everywhere
              </Link>{" "}
              instead of only in {params.location}.
            </span>
          </li>
        ) : null}
        <li className="flex gap-2">
          <span aria-hidden="true">•</span>
          <span>
            Or browse by{" "}
            <Link to="/categories" className={linkClass}>
              category
            </Link>
            ,{" "}
            <Link to="/countries" className={linkClass}>
              country
            </Link>{" "}
            or{" "}
            <Link to="/cities" className={linkClass}>
              city
            </Link>
            .
          </span>
        </li>
      </ul>
    </div>
  );
}
