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


export function RouteErrorState({ texts }: { texts: RouteErrorTexts }) {
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
        search={<SearchBox variant="compact" placeholder="What are you looking for?" />}
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
