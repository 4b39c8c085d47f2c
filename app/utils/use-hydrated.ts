// Render → true once React runs in the browser, false in server HTML and before hydration (and so without JavaScript).
import { useEffect, useState } from "react";

/** False in server HTML and the first client render, true after: no-JS visitors keep what the server drew. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
