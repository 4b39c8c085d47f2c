// Free-text filter of a list page → a GET form on the same path (no page parameter, so a new search starts at page 1).
import { Form, Link } from "@remix-run/react";
import { useId } from "react";

export function ListFilterForm({
  action,
  label,
  placeholder,
  defaultValue = "",
  hidden = {},
}: {
  action: string;
  label: string;
  placeholder: string;
  defaultValue?: string;
  /** Parameters to keep (e.g. the grid/list view). */
  hidden?: Record<string, string>;
}) {
  const id = useId();
  const clearParams = new URLSearchParams(hidden).toString();
  return (
    <Form method="get" action={action} role="search" className="flex w-full flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <svg
          viewBox="0 0 20 20"
          className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="9" cy="9" r="6" />
          <path d="M13.5 13.5L17 17" />
        </svg>
        <input id={id} name="q" type="search" defaultValue={defaultValue} placeholder={placeholder} className="input pl-10" maxLength={100} />
      </div>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary flex-1 sm:flex-none">
          Search
        </button>
        {defaultValue ? (
          <Link to={clearParams ? `${action}?${clearParams}` : action} className="btn-secondary flex-1 sm:flex-none">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
