// /business/{slug} → the business page (server-rendered, cached 10 minutes), a 301 for an old or suffixed slug,
// or the 'Business Not Found' page with a 404 status.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { BusinessAdSlot } from "~/components/business-ad-slot";
import { BusinessHoursTable, ClosedBanner, OpenBadge, SpecialHoursList, useOpenState } from "~/components/business-hours";
import { BusinessMap } from "~/components/business-map";
import { BusinessNotFound } from "~/components/business-not-found";
import { BusinessPhoto, PhotoGallery } from "~/components/business-photo";
import { BusinessShareButton } from "~/components/business-share-button";
import { BusinessSkeleton } from "~/components/business-skeleton";
import { JsonLd } from "~/components/json-ld";
import { RatingStars } from "~/components/rating-stars";
import { ToastProvider } from "~/components/toast";
import { getBusinessPageView } from "~/models/businesses.server";
import { BusinessParamsSchema } from "~/models/public-params.server";
import { movedPermanently } from "~/models/public-responses.server";
import { formatInteger, formatRating, formatReviewCount } from "~/utils/format";
import { buildPageMeta, getSiteUrlFromMatches, SITE_NAME } from "~/utils/seo";
import { CACHE_DETAIL, NO_STORE } from "~/models/cache-policy.server";

/** The spec's internal error text; the visitor sees the 'Business Not Found' page. */
function businessNotFound(): Response {
  return new Response("Business not found: 404", { status: 404, headers: { "Cache-Control": NO_STORE } });
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const parsed = BusinessParamsSchema.safeParse(params);
  if (!parsed.success) throw businessNotFound();
  const found = await getBusinessPageView(parsed.data.slug, request);
  if (found.status === "moved") throw movedPermanently(`/business/${encodeURIComponent(found.slug)}`);
  if (found.status === "not_found") throw businessNotFound();
  return json(found.view, { headers: { "Cache-Control": CACHE_DETAIL } });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  "Cache-Control": (errorHeaders ?? loaderHeaders).get("Cache-Control") ?? NO_STORE,
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: `Business Not Found | ${SITE_NAME}` }, { name: "robots", content: "noindex, follow" }];
  return buildPageMeta({ ...data.seo, siteUrl: getSiteUrlFromMatches(matches), type: "business.business" });
};

function Section({ id, title, children, className = "" }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`card p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="text-lg font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Icon({ path, className = "h-4 w-4" }: { path: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

const ICONS = {
  back: "M15 18l-6-6 6-6",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
  directions: "M12 2l9 9-9 9-9-9 9-9zM9 13v-2a1 1 0 0 1 1-1h4m-2-2l2 2-2 2",
  pin: "M12 21s-7-7.6-7-12a7 7 0 0 1 14 0c0 4.4-7 12-7 12zm0-9.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  check: "M5 12.5l4.5 4.5L19 7.5",
  globe: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18",
  verified:
    "M9 12l2 2 4-4M12 3l2.4 1.8 3 .1.9 2.8 2.4 1.8-.9 2.8.9 2.8-2.4 1.8-.9 2.8-3 .1L12 21l-2.4-1.8-3-.1-.9-2.8L3.3 14.5l.9-2.8-.9-2.8 2.4-1.8.9-2.8 3-.1z",
};

function BusinessPage() {
  const view = useLoaderData<typeof loader>();
  const openState = useOpenState(view.hours, view.timeZone, view.openState, view.specialHours);
  const reviewsText = view.reviews > 0 ? `(${formatReviewCount(view.reviews)} ${view.reviews === 1 ? "review" : "reviews"})` : "No reviews yet";
  return (
    <ToastProvider>
      {view.jsonLd.map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
      <div className="container-page pb-16 pt-6">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <Link to="/" className="btn-secondary">
            <Icon path={ICONS.back} />
            Back to Home
          </Link>
          <nav aria-label="Breadcrumb" className="min-w-0 text-sm text-slate-600">
            <ol className="flex flex-wrap items-center gap-1.5">
              {view.breadcrumbs.map((crumb, index) => {
                const last = index === view.breadcrumbs.length - 1;
                return (
                  <li key={crumb.path} className="flex min-w-0 items-center gap-1.5">
                    {index > 0 ? (
                      <span aria-hidden="true" className="text-slate-400">
                        /
                      </span>
                    ) : null}
                    {last ? (
                      <span aria-current="page" className="truncate font-medium text-slate-800">
                        {crumb.name}
                      </span>
                    ) : (
                      <Link to={crumb.path} className="hover:text-brand-700 hover:underline">
                        {crumb.name}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
        </div>

        <article className="mt-6">
          {view.status !== "operational" ? (
            <div className="mb-4">
              <ClosedBanner status={view.status} />
            </div>
          ) : null}
          <header className="card grid gap-6 p-4 sm:p-6 md:grid-cols-[260px_minmax(0,1fr)] lg:grid-cols-[300px_minmax(0,1fr)]">
            <BusinessPhoto src={view.photo} name={view.name} />
            <div className="flex min-w-0 flex-col gap-4">
              <div>
                <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl lg:text-4xl">{view.name}</h1>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <OpenBadge open={openState.open} label={openState.label} status={view.status} />
                  {view.verified ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                      <Icon path={ICONS.verified} className="h-3.5 w-3.5" />
                      Verified
                    </span>
                  ) : null}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
                <span className="flex items-center gap-1.5">
                  <RatingStars rating={view.rating} className="h-5 w-5" />
                  <span className="font-semibold text-slate-900">{formatRating(view.rating)}</span>
                  <span className="text-slate-600">{reviewsText}</span>
                </span>
                {view.category ? (
                  <Link
                    to={view.category.path}
                    className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-200"
                  >
                    {view.category.name}
                  </Link>
                ) : null}
              </div>
              {view.fullAddress || view.city || view.country ? (
                <div className="flex items-start gap-2 text-sm text-slate-700">
                  <Icon path={ICONS.pin} className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                  <div className="min-w-0">
                    {view.fullAddress ? <p className="break-words">{view.fullAddress}</p> : null}
                    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                      {view.city ? (
                        <span>
                          {view.district ? `${view.district}, ` : null}
                          <Link to={view.city.path} className="font-medium text-brand-700 hover:underline">
                            {view.city.name}
                          </Link>
                        </span>
                      ) : null}
                      {view.country ? (
                        <Link to={view.country.path} className="font-medium text-brand-700 hover:underline">
                          {view.country.name}
                        </Link>
                      ) : null}
                    </p>
                  </div>
                </div>
              ) : null}
              <div className="mt-auto grid gap-3 pt-1 sm:flex sm:flex-wrap">
                {view.telHref ? (
                  <a href={view.telHref} className="btn-primary">
                    <Icon path={ICONS.phone} />
                    Call Now
                  </a>
                ) : null}
                {view.directionsUrl ? (
                  <a href={view.directionsUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                    <Icon path={ICONS.directions} />
                    Get Directions
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
                <BusinessShareButton url={view.url} title={view.name} />
              </div>
            </div>
          </header>

          {view.photos.length > 0 ? (
            <div className="mt-4">
              <PhotoGallery photos={view.photos} name={view.name} />
            </div>
          ) : null}

          {view.adSlots.ad1 ? (
            <div className="mt-8">
              <BusinessAdSlot slot="ad1" code={view.adSlots.ad1} />
            </div>
          ) : null}

          <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
            <div className="flex min-w-0 flex-col gap-8">
              {view.amenities.length > 0 ? (
                <Section id="amenities-heading" title="Features & Amenities">
                  <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
                    {view.amenities.map((amenity) => (
                      <li key={amenity} className="flex items-center gap-2.5 text-sm text-slate-800">
                        <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200">
                          <Icon path={ICONS.check} className="h-3.5 w-3.5" />
                        </span>
                        {amenity}
                      </li>
                    ))}
                  </ul>
                </Section>
              ) : null}
              <Section id="about-heading" title="About">
                <p className="whitespace-pre-line leading-relaxed text-slate-700">{view.about}</p>
              </Section>
              <BusinessAdSlot slot="ad2" code={view.adSlots.ad2} />
              <Section id="map-heading" title="Location & Map">
                {view.coordinates ? (
                  <BusinessMap
                    latitude={view.coordinates.latitude}
                    longitude={view.coordinates.longitude}
                    name={view.name}
                    fullAddress={view.fullAddress}
                    mapsUrl={view.mapsUrl}
                    styleUrl={view.mapStyleUrl}
                  />
                ) : (
                  <div className="grid h-64 place-items-center rounded-xl border border-dashed border-slate-300 bg-slate-50 text-center">
                    <div>
                      <Icon path={ICONS.pin} className="mx-auto h-8 w-8 text-slate-400" />
                      <p className="mt-2 text-sm font-medium text-slate-700">Location not available</p>
                    </div>
                  </div>
                )}
              </Section>
            </div>

            <div className="flex min-w-0 flex-col gap-8">
              <Section id="hours-heading" title="Opening Hours">
                {view.weekHours ? (
                  <BusinessHoursTable
                    rows={view.weekHours}
                    today={openState.today}
                    timeZone={view.timeZone}
                    specialToday={view.specialDays.find((day) => day.isToday)?.text ?? null}
                  />
                ) : (
                  <p className="text-sm text-slate-600">Opening hours not available.</p>
                )}
                <SpecialHoursList days={view.specialDays} />
              </Section>
              <BusinessAdSlot slot="ad3" code={view.adSlots.ad3} />
              <Section id="contact-heading" title="Contact Information">
                <ul className="flex flex-col gap-3 text-sm">
                  {view.phone && view.telHref ? (
                    <li className="flex items-center gap-2.5">
                      <Icon path={ICONS.phone} className="h-4 w-4 shrink-0 text-slate-500" />
                      <a href={view.telHref} className="font-medium text-brand-700 hover:underline">
                        {view.phone}
                      </a>
                    </li>
                  ) : null}
                  {view.fullAddress ? (
                    <li className="flex items-start gap-2.5">
                      <Icon path={ICONS.pin} className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                      <span className="break-words text-slate-700">{view.fullAddress}</span>
                    </li>
                  ) : null}
                  {view.website ? (
                    // NOTE: min-w-0 lets a long URL shrink and truncate; `relative` keeps its absolutely placed
                    // sr-only text inside the link, which would otherwise sit past the URL's end and widen the page.
                    <li className="flex items-center gap-2.5">
                      <Icon path={ICONS.globe} className="h-4 w-4 shrink-0 text-slate-500" />
                      <a
                        href={view.website}
                        target="_blank"
                        rel="noopener noreferrer nofollow ugc"
                        className="relative min-w-0 truncate font-medium text-brand-700 hover:underline"
                      >
                        {view.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ) : null}
                  {view.actionLinks.map((link) => (
                    <li key={link.name} className="flex items-center gap-2.5">
                      <Icon path={ICONS.globe} className="h-4 w-4 shrink-0 text-slate-500" />
                      <a
                        href={link.path}
                        target="_blank"
                        rel="noopener noreferrer nofollow ugc"
                        className="relative min-w-0 break-words font-medium text-brand-700 hover:underline"
                      >
                        {link.name}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                  {!view.phone && !view.fullAddress && !view.website ? <li className="text-slate-600">No contact details listed.</li> : null}
                </ul>
              </Section>
              <BusinessAdSlot slot="ad4" code={view.adSlots.ad4} />
              <Section id="details-heading" title="Business Details">
                <dl className="divide-y divide-slate-100 text-sm">
                  {view.category ? (
                    <div className="flex justify-between gap-4 py-2">
                      <dt className="text-slate-600">Category</dt>
                      <dd>
                        <Link to={view.category.path} className="font-medium text-brand-700 hover:underline">
                          {view.category.name}
                        </Link>
                      </dd>
                    </div>
                  ) : null}
                  <div className="flex justify-between gap-4 py-2">
                    <dt className="text-slate-600">Status</dt>
                    <dd className="font-medium text-slate-900">{view.status.replace(/_/g, " ").toUpperCase()}</dd>
                  </div>
                  {view.reviews > 0 ? (
                    <div className="flex justify-between gap-4 py-2">
                      <dt className="text-slate-600">Total reviews</dt>
                      <dd className="font-medium tabular-nums text-slate-900">{formatInteger(view.reviews)}</dd>
                    </div>
                  ) : null}
                  {view.priceRange ? (
                    <div className="flex justify-between gap-4 py-2">
                      <dt className="text-slate-600">Price range</dt>
                      <dd className="font-medium text-slate-900">{view.priceRange}</dd>
                    </div>
                  ) : null}
                </dl>
                <a
                  href={`/business/${encodeURIComponent(view.slug)}/suggest`}
                  className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
                >
                  Suggest an edit or report closed
                </a>
              </Section>
            </div>
          </div>
        </article>
      </div>
    </ToastProvider>
  );
}

export default function BusinessRoute() {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location?.pathname;
  // The spec's loading state: another business page is on its way.
  if (navigation.state === "loading" && next?.startsWith("/business/") && next !== location.pathname) return <BusinessSkeleton />;
  return <BusinessPage />;
}

export function ErrorBoundary() {
  // The spec: a failed load and an unknown business both show 'Business Not Found'.
  return <BusinessNotFound />;
}
