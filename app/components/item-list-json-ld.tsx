// The entries a list page shows (name + path) → a schema.org ItemList, positions continuing across pages.
import { absoluteUrl } from "~/utils/seo";
import { useSiteUrl } from "./breadcrumbs";
import { JsonLd } from "./json-ld";

export interface ItemListEntry {
  name: string;
  path: string;
}

/** Businesses → their ItemList entries (name and /business/{slug}). */
export function businessEntries(businesses: Array<{ name: string; slug: string }>): ItemListEntry[] {
  return businesses.map((business) => ({ name: business.name, path: `/business/${business.slug}` }));
}

export function buildItemList(siteUrl: string, name: string, entries: ItemListEntry[], firstPosition = 1) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: entries.length,
    itemListElement: entries.map((entry, i) => ({
      "@type": "ListItem",
      position: firstPosition + i,
      name: entry.name,
      url: absoluteUrl(siteUrl, entry.path),
    })),
  };
}

export function ItemListJsonLd({ name, entries, firstPosition }: { name: string; entries: ItemListEntry[]; firstPosition?: number }) {
  const siteUrl = useSiteUrl();
  if (!siteUrl || entries.length === 0) return null;
  return <JsonLd data={buildItemList(siteUrl, name, entries, firstPosition)} />;
}
