// The request id of an error answer (4xx/5xx document) → a small "Request ID" line on the page, so a visitor's
// report names the log line; pages answered 200 show nothing.
import { createContext, useContext, useState } from "react";
import { useLocation } from "@remix-run/react";

/** Provided by entry.server for an error answer's render; empty otherwise and in the browser. */
export const RequestIdContext = createContext("");

const ELEMENT_ID = "request-id";

/**
 * NOTE: the browser render reads the id back from the server's own element (as useNonce does), so hydration
 * matches; after a client-side navigation the line is gone (that answer's id is in its own X-Request-Id header).
 */
export function RequestIdNote() {
  const provided = useContext(RequestIdContext);
  const { key } = useLocation();
  const [first] = useState(() => ({
    key,
    id: provided || (typeof document === "undefined" ? "" : (document.getElementById(ELEMENT_ID)?.textContent ?? "")),
  }));
  if (!first.id || key !== first.key) return null;
  return (
    <p className="container-page pb-8 text-center text-xs text-slate-500">
      Request ID: <code id={ELEMENT_ID}>{first.id}</code>
    </p>
  );
}
