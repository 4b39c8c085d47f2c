// A browse route's thrown error → its screen: the entity's 'not found' text with a way back (404), or the
// spec's load-failure text (anything else). Used as each route's ErrorBoundary.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ErrorState } from "./list-states";
import { SearchBox } from "./search-box";

export interface RouteErrorTexts {
  /** Fallback 404 title when the thrown Response has no message (e.g. "Country not found"). */
  notFoundTitle: string;
  back: { to: string; label: string };
  failureTitle: string;
  /** Failure message; a function receives the HTTP status and status text (category detail: 'HTTP {status}: {statusText}'). */
  failureMessage: string | ((status: number, statusText: string) => string);
}

const LOAD_FAILURE = (what: string) => `There was an error loading the ${what}. Please try again later.`;
const CATEGORIES_FAILED = { failureTitle: "Unable to load categories", failureMessage: LOAD_FAILURE("categories") };
const COUNTRIES_FAILED = { failureTitle: "Unable to load countries", failureMessage: LOAD_FAILURE("countries") };
const CITIES_FAILED = { failureTitle: "Unable to load cities", failureMessage: LOAD_FAILURE("cities") };
const TO_CATEGORIES = { to: "/categories", label: "All categories" };
const TO_COUNTRIES = { to: "/countries", label: "Back to countries" };
const TO_CITIES = { to: "/cities", label: "Back to cities" };

/** The spec's error catalogue for every browse screen. */
export const BROWSE_ERRORS = {
  businesses: {
    notFoundTitle: "Page not found",
    back: { to: "/businesses", label: "All businesses" },
    failureTitle: "Error Loading Businesses",
    failureMessage: "Please try again later.",
  },
  categories: { notFoundTitle: "Page not found", back: TO_CATEGORIES, ...CATEGORIES_FAILED },
  category: {
    notFoundTitle: "Category not found",
    back: TO_CATEGORIES,
    failureTitle: "Error loading category",
    failureMessage: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
  },
  countries: { notFoundTitle: "Page not found", back: TO_COUNTRIES, ...COUNTRIES_FAILED },
  country: { notFoundTitle: "Country not found", back: TO_COUNTRIES, ...COUNTRIES_FAILED },
  countryCities: { notFoundTitle: "Country not found", back: TO_COUNTRIES, ...CITIES_FAILED },
  cities: { notFoundTitle: "Page not found", back: TO_CITIES, ...CITIES_FAILED },
  city: { notFoundTitle: "City not found", back: TO_CITIES, ...CITIES_FAILED },
} satisfies Record<string, RouteErrorTexts>;

export function RouteErrorState({ screen }: { screen: keyof typeof BROWSE_ERRORS }) {
  const texts: RouteErrorTexts = BROWSE_ERRORS[screen];
  const error = useRouteError();
  const back = (
    <Link to={texts.back.to} className="btn-primary">
      {texts.back.label}
    </Link>
  );
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = typeof error.data === "string" && error.data.length > 0 && error.data.length < 120 ? error.data : texts.notFoundTitle;
    return (
      <ErrorState
        title={title}
        message="It may have moved, or it has no listed businesses yet. Browse the directory or search instead."
        search={<SearchBox variant="compact" placeholder="Search businesses" />}
      >
        {back}
      </ErrorState>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error) ? error.statusText || "Internal Server Error" : "Internal Server Error";
  const message = typeof texts.failureMessage === "function" ? texts.failureMessage(status, statusText) : texts.failureMessage;
  return (
    <ErrorState title={texts.failureTitle} message={message}>
      {back}
    </ErrorState>
  );
}
