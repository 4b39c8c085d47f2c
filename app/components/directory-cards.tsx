// Count-table rows → the category, country and city cards of the list pages (grid or list layout), with the spec's
// figures: counts, fixed 4.2 category rating, share of businesses to one decimal and a bar (as wide as the share;
// on city cards scaled to the largest card on the page, as the spec says).
import { Link } from "@remix-run/react";
import { formatCount, formatCounted, formatShare, formatThousands } from "~/utils/format";
import { countryName } from "../../db/rules/countries.ts";
import { RatingStars } from "./rating-stars";
import { ShareBar } from "./share-bar";

/** The spec's fixed rating figure on category cards. */
export const CATEGORY_CARD_RATING = 4.2;

export type CardLayout = "grid" | "list";

const cardBase = "card group block h-full transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md";

/** The share of `total` printed to one decimal, over a bar as wide as value / full (full defaults to the total). */
function ShareLine({ value, total, full = total, label }: { value: number; total: number; full?: number; label: string }) {
  return (
    <div className="mt-4">
      <div className="mb-1.5 flex items-center justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span className="font-semibold text-slate-800">{formatShare(value, total)}%</span>
      </div>
      <ShareBar value={value} full={full} />
    </div>
  );
}

export function CategoryCard({
  category,
  layout,
  siteBusinesses,
}: {
  category: { category: string; count: number; slug: string };
  layout: CardLayout;
  siteBusinesses: number;
}) {
  if (layout === "list") {
    return (
      <Link to={`/categories/${category.slug}`} className={`${cardBase} flex items-center gap-4 px-4 py-3`}>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900 group-hover:text-brand-700">{category.category}</span>
          <span className="text-sm text-slate-600">{formatCounted(category.count, "business", "businesses", formatCount)}</span>
        </span>
        <span className="hidden w-40 sm:block">
          <ShareBar value={category.count} full={siteBusinesses} />
        </span>
        <span className="w-16 text-right text-sm font-semibold text-slate-800">{formatShare(category.count, siteBusinesses)}%</span>
      </Link>
    );
  }
  return (
    <Link to={`/categories/${category.slug}`} className={`${cardBase} p-5`}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-slate-900 group-hover:text-brand-700">{category.category}</h2>
        <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{formatCount(category.count)}</span>
      </div>
      <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
        <RatingStars rating={CATEGORY_CARD_RATING} />
        <span className="font-medium text-slate-800">{CATEGORY_CARD_RATING.toFixed(1)}</span>
        <span aria-hidden="true">·</span>
        <span>{formatCounted(category.count, "business", "businesses", formatCount)}</span>
      </p>
      <ShareLine value={category.count} total={siteBusinesses} label="Share of all businesses" />
    </Link>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-lg bg-slate-50 px-2 py-2 text-center">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-base font-bold text-slate-900">{value}</dd>
    </div>
  );
}

export function CountryCard({
  country,
  allBusinesses,
}: {
  country: { country: string; countryCode: string; slug: string; businessCount: number; cityCount: number; categoryCount: number };
  allBusinesses: number;
}) {
  return (
    <Link to={`/countries/${country.slug}`} className={`${cardBase} p-5`}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900 group-hover:text-brand-700">{country.country}</h2>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700">{country.countryCode}</span>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2">
        <Figure value={formatThousands(country.businessCount)} label="Businesses" />
        <Figure value={formatThousands(country.cityCount)} label="Cities" />
        <Figure value={formatThousands(country.categoryCount)} label="Categories" />
      </dl>
      <ShareLine value={country.businessCount} total={allBusinesses} label="Market share" />
    </Link>
  );
}

export function CityCard({
  city,
  total,
  pageMax,
}: {
  city: { city: string; countryCode: string; slug: string; businessCount: number; categoryCount: number };
  total: number;
  /** The largest business count among the page's cards: the spec scales city bars to it. */
  pageMax: number;
}) {
  return (
    <Link to={`/cities/${city.countryCode.toLowerCase()}/${city.slug}`} className={`${cardBase} p-5`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900 group-hover:text-brand-700">{city.city}</h2>
          <p className="text-sm text-slate-600">{countryName(city.countryCode)}</p>
        </div>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700">{city.countryCode}</span>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatCounted(city.businessCount, "business", "businesses", formatCount)}</span>
        <span aria-hidden="true"> · </span>
        {formatCounted(city.categoryCount, "category", "categories", formatCount)}
      </p>
      <ShareLine value={city.businessCount} total={total} full={pageMax} label="Market share" />
    </Link>
  );
}
