// A business's stored place parts → the short "where" line of its card: "street, district, town" (so two listings
// with one name are told apart), else the full address, else the town.

export interface CardPlaceParts {
  street?: string | null;
  district?: string | null;
  city?: string | null;
  fullAddress?: string | null;
}

function clean(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** "Bahnhofstrasse 12, Zürich"; "Kreuzberg, Berlin" without a street; the full address when the town is unknown. */
export function formatCardPlace(parts: CardPlaceParts): string | null {
  const city = clean(parts.city);
  const fine = [clean(parts.street), clean(parts.district)].filter((part): part is string => part !== null);
  if (city && fine.length > 0) {
    const seen = new Set<string>();
    // A district stored as the town itself ("Berlin, Berlin") says nothing twice.
    const unique = [...fine, city].filter((part) => {
      const key = part.toLocaleLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return unique.join(", ");
  }
  return clean(parts.fullAddress) ?? city;
}
