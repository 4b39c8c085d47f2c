// The spec's 'Business Not Found' page: the shared not-found view with a building mark and the business wording.
import { NotFoundView } from "~/components/not-found-page";

export function BusinessNotFound() {
  return (
    <NotFoundView
      idPrefix="bnf"
      badge={
        <div className="mx-auto grid h-16 w-16 place-items-center rounded-2xl bg-brand-50 text-brand-600" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6" />
          </svg>
        </div>
      }
      title="Business Not Found"
      text="We couldn't find this business. It may have moved or no longer be listed. Search the directory or browse below."
    />
  );
}
