// The response's CSP nonce → React components that render <script> (Remix's scripts, site code, ad documents).
import { createContext, useContext } from "react";

/** Provided by entry.server for the server render; empty in the browser, where useNonce reads it back. */
export const NonceContext = createContext("");

/**
 * NOTE: browsers hide a nonce from attributes once the document is parsed (`getAttribute("nonce")` is ""), but
 * the `nonce` property keeps it, so the browser render reads it there and renders what the server did: hydration
 * matches, and ad frames created during client navigation still carry the page's nonce.
 */
export function useNonce(): string {
  const nonce = useContext(NonceContext);
  if (nonce || typeof document === "undefined") return nonce;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}
