// A page of business list items → a responsive grid of business cards (photo, name, stars, address, phone), or the
// empty text; and the titled, paginated "Businesses" section of the category and city pages.
import { BusinessCard, toBusinessCardData } from "./business-card";
import { EmptyState, PendingList } from "./list-states";
import { Pagination } from "./pagination";

type GridItem = Parameters<typeof toBusinessCardData>[0] & { id: number };

export function BusinessGrid({ businesses, emptyText, emptyHint }: { businesses: GridItem[]; emptyText: string; emptyHint: string }) {
  return (
    <PendingList label="Loading businesses...">
      {businesses.length === 0 ? (
        <EmptyState title={emptyText} hint={emptyHint} />
      ) : (
        <ul
          aria-label="Business results"
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 lg:group-data-[map-beside]/results:grid-cols-1 xl:group-data-[map-beside]/results:grid-cols-2"
        >
          {businesses.map((business) => (
            <li key={business.id} data-result-slug={business.slug}>
              <BusinessCard business={toBusinessCardData(business)} />
            </li>
          ))}
        </ul>
      )}
    </PendingList>
  );
}

export function BusinessSection({
  businesses,
  currentPage,
  totalPages,
  emptyText,
  emptyHint,
  paginationLabel,
}: {
  businesses: GridItem[];
  currentPage: number;
  totalPages: number;
  emptyText: string;
  emptyHint: string;
  paginationLabel: string;
}) {
  return (
    <section aria-labelledby="section-businesses">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="section-businesses" className="text-xl font-bold tracking-tight">
          Businesses
        </h2>
        {totalPages > 1 ? (
          <p className="text-sm text-slate-600">
            Page {currentPage} of {totalPages}
          </p>
        ) : null}
      </div>
      <BusinessGrid businesses={businesses} emptyText={emptyText} emptyHint={emptyHint} />
      <Pagination currentPage={currentPage} totalPages={totalPages} label={paginationLabel} />
    </section>
  );
}
