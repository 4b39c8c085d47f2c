// A business list item → the all-businesses card: name link, category badge, 'street · city · country' (or the spec's 'city, country'), rating, reviews,
// phone and a 'View Details' button (the spec's /businesses card).
import { Link } from "@remix-run/react";
import { countryName } from "../../db/rules/countries.ts";
import { formatRating, formatReviewCount } from "~/utils/format";
import { RatingStars } from "./rating-stars";

export interface BusinessListCardData {
  name: string;
  slug: string;
  category: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  street?: string | null;
  district?: string | null;
  verified: boolean;
}

export function BusinessListCard({ business }: { business: BusinessListCardData }) {
  const country = business.country || countryName(business.countryCode);
  // With a stored street or district: "street · district · town · country"; without, the spec's "city, country".
  const place =
    business.street || business.district
      ? [business.street, business.district, business.city, country].filter(Boolean).join(" · ")
      : [business.city, country].filter(Boolean).join(", ");
  const href = `/business/${business.slug}`;
  return (
    <article className="card flex h-full flex-col p-5 transition hover:border-brand-300 hover:shadow-md">
      <h2 className="text-base font-semibold leading-snug text-slate-900">
        <Link to={href} className="rounded hover:text-brand-700">
          {business.name}
        </Link>
      </h2>
      {business.category || business.verified ? (
        <p className="mt-2 flex flex-wrap gap-1.5">
          {business.category ? (
            <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{business.category}</span>
          ) : null}
          {business.verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
                <path d="M10 1.5l2.2 1.6 2.7-.1.9 2.6 2.2 1.6-.8 2.6.8 2.6-2.2 1.6-.9 2.6-2.7-.1L10 18.5l-2.2-1.6-2.7.1-.9-2.6L2 12.8l.8-2.6L2 7.6l2.2-1.6.9-2.6 2.7.1L10 1.5zm-1 11.3l5-5-1.1-1.1L9 10.6 7.1 8.7 6 9.8l3 3z" />
              </svg>
              Verified
            </span>
          ) : null}
        </p>
      ) : null}
      {place ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
          <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M10 18s-6-4.8-6-9.5a6 6 0 1 1 12 0C16 13.2 10 18 10 18z" />
            <circle cx="10" cy="8.5" r="2" />
          </svg>
          {place}
        </p>
      ) : null}
      {business.rating && business.rating > 0 ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
          <RatingStars rating={business.rating} />
          <span className="font-medium text-slate-800">{formatRating(business.rating)}</span>
          {business.reviews > 0 ? <span>({formatReviewCount(business.reviews)} reviews)</span> : null}
        </p>
      ) : null}
      {business.phone ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-700">
          <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M4 3h3l1.5 4-2 1.2a9 9 0 0 0 5.3 5.3l1.2-2 4 1.5v3a1.5 1.5 0 0 1-1.6 1.5A14.5 14.5 0 0 1 2.5 4.6 1.5 1.5 0 0 1 4 3z" />
          </svg>
          {business.phone}
        </p>
      ) : null}
      <div className="mt-auto pt-4">
        <Link to={href} className="btn-secondary w-full" aria-label={`View Details: ${business.name}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
