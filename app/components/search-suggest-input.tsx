// A search text field + GET /api/suggest → an ARIA combobox with as-you-type suggestions (debounced, abortable,
// keyboard operable). Without JavaScript it is a plain input of its form.
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { Suggestion } from "~/models/search.server";

export const SUGGEST_DEBOUNCE_MS = 150;
export const SUGGEST_MIN_CHARS = 2;
const SHOWN_SUGGESTIONS = 8;
const CACHE_SIZE = 50;

const KIND_LABELS: Record<Suggestion["kind"], string> = { business: "Business", category: "Category", city: "City", country: "Country" };

// Backspacing over a prefix asks again for the same words: answer those from memory.
const cache = new Map<string, Suggestion[]>();

async function fetchSuggestions(text: string, places: boolean, signal: AbortSignal): Promise<Suggestion[]> {
  const url = `/api/suggest?q=${encodeURIComponent(text)}&limit=${SHOWN_SUGGESTIONS}${places ? "&kinds=city,country" : ""}`;
  const cached = cache.get(url);
  if (cached) return cached;
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) return [];
  const body = (await response.json()) as { suggestions?: Suggestion[] };
  const kept = (body.suggestions ?? []).slice(0, SHOWN_SUGGESTIONS);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(url, kept);
  return kept;
}

/** What a place suggestion puts in the location field: "Berlin, Germany" names one city, "Germany" a country. */
export function formatPlaceText(suggestion: Suggestion): string {
  return suggestion.kind === "city" && suggestion.detail ? `${suggestion.label}, ${suggestion.detail}` : suggestion.label;
}

/** Arrow keys cycle through the options and back to the typed text (-1), wrapping at both ends. */
export function moveActive(current: number, step: 1 | -1, count: number): number {
  return ((current + 1 + step + count + 1) % (count + 1)) - 1;
}

export interface SearchSuggestInputProps {
  id: string;
  name: string;
  defaultValue?: string;
  placeholder?: string;
  className?: string;
  /** "navigate": picking opens the suggestion's page; "place": picking fills in a city or country. */
  mode?: "navigate" | "place";
  type?: "search" | "text";
}

export function SearchSuggestInput({
  id,
  name,
  defaultValue = "",
  placeholder,
  className = "",
  mode = "navigate",
  type = "search",
}: SearchSuggestInputProps) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  // null until the visitor types: a prefilled value must not pop suggestions open on load.
  const [typed, setTyped] = useState<string | null>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-listbox`;
  const places = mode === "place";

  useEffect(() => {
    const text = typed?.trim() ?? "";
    if (text.length < SUGGEST_MIN_CHARS) {
      setItems([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchSuggestions(text, places, controller.signal)
        .then((found) => {
          setItems(found);
          setActive(-1);
          // An answer that arrives after the visitor left the field must not pop the list open elsewhere.
          setOpen(found.length > 0 && document.activeElement === input.current);
        })
        // NOTE: an aborted or failed fetch only means no suggestions; typing and submitting keep working.
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed, places]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (suggestion: Suggestion) => {
    close();
    if (!places) {
      navigate(suggestion.url);
      return;
    }
    if (input.current) input.current.value = formatPlaceText(suggestion);
    setItems([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      const step: 1 | -1 = event.key === "ArrowDown" ? 1 : -1;
      if (!open) setOpen(true);
      setActive((current) => moveActive(current, step, items.length));
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      const picked = open && active >= 0 ? items[active] : undefined;
      if (!picked) {
        close();
        return;
      }
      event.preventDefault();
      choose(picked);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

  const expanded = open && items.length > 0;
  return (
    <div className="relative w-full">
      <input
        ref={input}
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={className}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        onInput={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => items.length > 0 && setOpen(true)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={places ? "Place suggestions" : "Search suggestions"}
        hidden={!expanded}
        className="absolute left-0 top-full z-40 mt-1 max-h-96 w-full min-w-[min(22rem,calc(100vw-2rem))] overflow-auto rounded-xl border border-slate-200 bg-white py-1 text-left shadow-lg"
      >
        {items.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}:${suggestion.url}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-50"}`}
            // NOTE: mousedown would blur the input (closing the list) before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(suggestion)}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{suggestion.label}</span>
              {suggestion.detail ? <span className="block truncate text-xs text-slate-600">{suggestion.detail}</span> : null}
            </span>
            <span className="shrink-0 text-xs font-medium uppercase tracking-wide text-slate-600">{KIND_LABELS[suggestion.kind]}</span>
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded ? `${items.length} suggestion${items.length === 1 ? "" : "s"}; use the arrow keys to choose` : ""}
      </p>
    </div>
  );
}
