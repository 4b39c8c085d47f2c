// Search form (query + optional location) → GET /search with as-you-type suggestions; without JavaScript it is a
// plain GET form. Used by the hero, the search page, the header and list pages.
import { Form } from "@remix-run/react";
import { useId } from "react";
import { SearchSuggestInput } from "./search-suggest-input";

export interface SearchBoxProps {
  /** "hero": large two-field card; "compact": one field for headers and list pages. */
  variant?: "hero" | "compact";
  defaultQuery?: string;
  defaultLocation?: string;
  /** Extra filters kept when the form is submitted (e.g. category on a category page). */
  hidden?: Record<string, string>;
  placeholder?: string;
}

function SearchIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4 4" strokeLinecap="round" />
    </svg>
  );
}

export function SearchBox({ variant = "hero", defaultQuery = "", defaultLocation = "", hidden = {}, placeholder }: SearchBoxProps) {
  const id = useId();
  const hiddenInputs = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  if (variant === "compact") {
    return (
      <Form action="/search" method="get" role="search" className="flex w-full gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search businesses
        </label>
        <SearchSuggestInput id={`${id}-q`} name="q" defaultValue={defaultQuery} className="input" placeholder={placeholder ?? "Search businesses"} />
        {hiddenInputs}
        <button type="submit" className="btn-primary">
          <SearchIcon className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </Form>
    );
  }
  return (
    <Form action="/search" method="get" role="search" className="grid max-w-3xl gap-3 rounded-2xl bg-white p-3 shadow-xl sm:grid-cols-[1fr_1fr_auto]">
      <label htmlFor={`${id}-q`} className="sr-only">
        What business are you looking for?
      </label>
      <SearchSuggestInput
        id={`${id}-q`}
        name="q"
        defaultValue={defaultQuery}
        className="input border-0 bg-slate-50"
        placeholder={placeholder ?? "What business? e.g. dentist, pizza"}
      />
      <label htmlFor={`${id}-location`} className="sr-only">
        Location
      </label>
      <SearchSuggestInput
        id={`${id}-location`}
        name="location"
        type="text"
        mode="place"
        defaultValue={defaultLocation}
        className="input border-0 bg-slate-50"
        placeholder="City or country"
      />
      {hiddenInputs}
      <button type="submit" className="btn-primary px-6">
        <SearchIcon className="h-4 w-4" />
        Search
      </button>
    </Form>
  );
}
