// Search form (query + optional location) → GET /search; works without JavaScript, used by the hero, header and list pages.
import { useId } from "react";

export interface SearchBoxProps {
  /** "hero": large two-field card; "compact": one field for headers and list pages. */
  variant?: "hero" | "compact";
  defaultQuery?: string;
  defaultLocation?: string;
  /** Extra filters kept when the form is submitted (e.g. category on a category page). */
  hidden?: Record<string, string>;
  placeholder?: string;
}

export function SearchBox({ variant = "hero", defaultQuery = "", defaultLocation = "", hidden = {}, placeholder }: SearchBoxProps) {
  const id = useId();
  const hiddenInputs = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  if (variant === "compact") {
    return (
      <form action="/search" method="get" role="search" className="flex w-full gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search businesses
        </label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={defaultQuery} className="input" placeholder={placeholder ?? "Search businesses"} />
        {hiddenInputs}
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
    );
  }
  return (
    <form action="/search" method="get" role="search" className="grid max-w-3xl gap-3 rounded-2xl bg-white p-3 shadow-xl sm:grid-cols-[1fr_1fr_auto]">
      <label htmlFor={`${id}-q`} className="sr-only">
        What business are you looking for?
      </label>
      <input id={`${id}-q`} name="q" type="search" defaultValue={defaultQuery} className="input border-0 bg-slate-50" placeholder={placeholder ?? "What business? e.g. dentist, pizza"} />
      <label htmlFor={`${id}-location`} className="sr-only">
        Location
      </label>
      <input id={`${id}-location`} name="location" defaultValue={defaultLocation} className="input border-0 bg-slate-50" placeholder="City or country" />
      {hiddenInputs}
      <button type="submit" className="btn-primary px-6">
        Search
      </button>
    </form>
  );
}
