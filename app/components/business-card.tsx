// Reusable business card: photo (http(s) only; an icon when missing, broken or unsafe), name (whole, clamped to two
// lines; cut to 15 characters only on the home page's featured grid, as the spec asks), category, stars, reviews,
// where it is (street and town), open now (on the visitor's clock, after hydration), phone.
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatRating, formatReviewCount, truncate } from "~/utils/format";
import { readWebUrl } from "~/utils/business-links";
import { formatCardPlace } from "~/utils/card-place";
import type { SpecialHoursInput, WeekHoursInput } from "../../db/rules/opening-hours.ts";
import { useOpenLine } from "./business-hours";
import { RatingStars } from "./rating-stars";

export const CARD_NAME_LENGTH = 15;

export interface BusinessCardData {
  slug: string;
  name: string;
  image_url: string | null;
  rating: number | null;
  review_count: number;
  type: string | null;
  full_address: string | null;
  phone: string | null;
  street?: string | null;
  district?: string | null;
  city?: string | null;
  /** Canonical week and zone: the open line, read on the visitor's clock once the page runs. */
  hours?: WeekHoursInput | null;
  /** Dated special days (holidays): they replace the week's hours on their dates. */
  special_hours?: SpecialHoursInput | null;
  time_zone?: string | null;
}

/** A business list item (category, city and country pages) → the card's fields. */
export function toBusinessCardData(item: {
  slug: string;
  name: string;
  photo: string | null;
  rating: number | null;
  reviews: number;
  type: string | null;
  category: string | null;
  fullAddress: string | null;
  phone: string | null;
  street: string | null;
  district: string | null;
  city: string | null;
  hours: WeekHoursInput | null;
  specialHours: SpecialHoursInput | null;
  timeZone: string | null;
}): BusinessCardData {
  return {
    slug: item.slug,
    name: item.name,
    image_url: item.photo,
    rating: item.rating,
    review_count: item.reviews,
    type: item.type ?? item.category,
    full_address: item.fullAddress,
    phone: item.phone,
    street: item.street,
    district: item.district,
    city: item.city,
    hours: item.hours,
    special_hours: item.specialHours,
    time_zone: item.timeZone,
  };
}

function PhotoFallback() {
  return (
    <div className="grid h-full w-full place-items-center bg-gradient-to-br from-brand-50 to-slate-100 text-brand-300" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="h-10 w-10" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6" />
      </svg>
    </div>
  );
}

/** `truncateName`: the spec's 15-character cut, for the home page's featured grid only. */
export function BusinessCard({ business, truncateName = false }: { business: BusinessCardData; truncateName?: boolean }) {
  const [photoBroken, setPhotoBroken] = useState(false);
  const photo = useRef<HTMLImageElement>(null);
  // NOTE: an image can fail before hydration attaches onError; a loaded-but-empty image is broken too.
  useEffect(() => {
    const img = photo.current;
    if (img?.complete && img.naturalWidth === 0) setPhotoBroken(true);
  }, []);
  const imageUrl = readWebUrl(business.image_url);
  const openNow = useOpenLine(business.hours, business.time_zone, business.special_hours);
  const place = formatCardPlace({ street: business.street, district: business.district, city: business.city, fullAddress: business.full_address });
  return (
    <Link
      to={`/business/${business.slug}`}
      className="card group flex h-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
    >
      <div className="aspect-[16/9] w-full overflow-hidden bg-slate-100">
        {imageUrl && !photoBroken ? (
          <img
            ref={photo}
            src={imageUrl}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            className="h-full w-full object-cover transition group-hover:scale-[1.02]"
            onError={() => setPhotoBroken(true)}
          />
        ) : (
          <PhotoFallback />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        {truncateName ? (
          <h3 className="font-semibold text-slate-900" title={business.name}>
            {truncate(business.name, CARD_NAME_LENGTH)}
          </h3>
        ) : (
          <h3 className="line-clamp-2 break-words font-semibold text-slate-900" title={business.name}>
            {business.name}
          </h3>
        )}
        {business.type ? <p className="text-sm text-brand-700">{business.type}</p> : null}
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <RatingStars rating={business.rating} />
          <span className="font-medium text-slate-800">{formatRating(business.rating)}</span>
          {business.review_count > 0 ? <span>({formatReviewCount(business.review_count)})</span> : null}
        </p>
        {place ? <p className="line-clamp-2 text-sm text-slate-600">{place}</p> : null}
        {openNow?.label ? (
          <p data-testid="card-open" className={`text-sm font-medium ${openNow.open ? "text-emerald-700" : "text-slate-600"}`}>
            {openNow.label}
          </p>
        ) : null}
        {business.phone ? <p className="mt-auto pt-1 text-sm text-slate-700">{business.phone}</p> : null}
      </div>
    </Link>
  );
}
