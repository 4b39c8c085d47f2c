// Full address text → the city it names: the one rule the importer applies when a row has no city column (the
// pages, search and aggregates read the stored city it produced).

/** The spec's rule: the city is the second-to-last comma-separated segment of the full address. */
export function cityFromAddress(fullAddress: string): string | null {
  const segments = fullAddress
    .split(",")
    .map((segment) => segment.trim())
    .filter(Boolean);
  if (segments.length < 2) return null;
  const clean = (segment: string) =>
    // "8001 Zürich" / "Zürich 8001" / "Leeds LS1 1AA": drop the postal code around the name.
    segment
      .replace(/^[\d-]{3,}\s+/, "")
      .replace(/\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/, "")
      .replace(/\s+[\d-]{3,}$/, "")
      .trim();
  const city = clean(segments[segments.length - 2] as string);
  // "Springfield, IL 62701, United States": the second-to-last segment is a state code; the city precedes it.
  if (/^[A-Z]{2,3}$/.test(city) && segments.length >= 3) return clean(segments[segments.length - 3] as string) || null;
  return city || null;
}
