// A page of business list items → a responsive grid of business cards (photo, name, stars, address, phone), or the empty text.
import { BusinessCard, toBusinessCardData } from "./business-card";
import { EmptyState, PendingList } from "./list-states";

type GridItem = Parameters<typeof toBusinessCardData>[0] & { id: number };

export function BusinessGrid({ businesses, emptyText, emptyHint }: { businesses: GridItem[]; emptyText: string; emptyHint: string }) {
  return (
    <PendingList label="Loading businesses...">
      {businesses.length === 0 ? (
        <EmptyState title={emptyText} hint={emptyHint} />
      ) : (
        <ul aria-label="Business results" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {businesses.map((business) => (
            <li key={business.id}>
              <BusinessCard business={toBusinessCardData(business)} />
            </li>
          ))}
        </ul>
      )}
    </PendingList>
  );
}
