// A page of a city list (all, one first letter, or one country) → heading, three tiles, search, A–Z row, city cards,
// pagination and 'Showing X to Y of Z cities'; plus its meta (noindex for free-text, empty and deep letter pages).
import type { MetaDescriptor } from "@remix-run/node";
import type { Crumb } from "./breadcrumbs";
import { CityCard } from "./directory-cards";
import { ItemListJsonLd } from "./item-list-json-ld";
import { LetterFilter } from "./letter-filter";
import { ListFilterForm } from "./list-filter-form";
import { EmptyState, PendingList } from "./list-states";
import { PageIntro } from "./page-intro";
import { Pagination } from "./pagination";
import { StatTiles } from "./stat-tiles";
import { formatInteger } from "~/utils/format";
import { buildPageMeta } from "~/utils/seo";

export interface CityListViewData {
  cities: Array<{ city: string; countryCode: string; slug: string; businessCount: number; categoryCount: number }>;
  stats: { cities: number; businesses: number; averagePerCity: number };
  pagination: { currentPage: number; totalPages: number; totalCount: number };
  letter?: string;
  usedLetters?: string[];
  q?: string;
  pageSize: number;
}

/** "Cities beginning with B" / "Cities Directory": the spec's heading. */
export function cityListHeading(letter?: string): string {
  return letter ? `Cities beginning with ${letter}` : "Cities Directory";
}

export function buildCityListMeta(
  data: CityListViewData,
  input: { siteUrl: string; basePath: string; title: string; description: string },
): MetaDescriptor[] {
  const page = data.pagination.currentPage;
  return buildPageMeta({
    title: page > 1 ? `${input.title} – Page ${page}` : input.title,
    description: input.description,
    path: `${input.basePath}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl: input.siteUrl,
    noindex: Boolean(data.q) || data.cities.length === 0 || (Boolean(data.letter) && page > 1),
  });
}

export function CityListView({
  data,
  basePath,
  title,
  lead,
  crumbs,
  showLetters = true,
}: {
  data: CityListViewData;
  basePath: string;
  title: string;
  lead: string;
  crumbs: Crumb[];
  showLetters?: boolean;
}) {
  const pageMax = Math.max(0, ...data.cities.map((c) => c.businessCount));
  const first = data.cities.length === 0 ? 0 : (data.pagination.currentPage - 1) * data.pageSize + 1;
  const last = first === 0 ? 0 : first + data.cities.length - 1;
  const capped = data.pagination.totalCount > data.pagination.totalPages * data.pageSize;
  return (
    <>
      <PageIntro title={title} lead={lead} crumbs={crumbs}>
        <StatTiles
          stats={[
            { label: "Cities", value: formatInteger(data.stats.cities) },
            { label: "Total businesses", value: formatInteger(data.stats.businesses) },
            { label: "Average per city", value: formatInteger(data.stats.averagePerCity) },
          ]}
        />
      </PageIntro>
      <div className="container-page py-8 sm:py-10">
        <div className="flex flex-col gap-4">
          <ListFilterForm action={basePath} label="Search cities or countries" placeholder="Search cities or countries..." defaultValue={data.q} />
          {showLetters ? (
            <LetterFilter basePath="/cities" active={data.letter} label="Cities by first letter" usedLetters={data.usedLetters} />
          ) : null}
        </div>
        <div className="mt-8">
          <PendingList label="Loading cities...">
            {data.cities.length === 0 ? (
              <EmptyState
                title="No cities found"
                hint="Try adjusting your search terms or browse all cities"
                action={{ to: "/cities", label: "All cities" }}
              />
            ) : (
              <ul aria-label="City results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.cities.map((city) => (
                  <li key={`${city.countryCode}/${city.slug}`}>
                    <CityCard city={city} total={data.stats.businesses} pageMax={pageMax} />
                  </li>
                ))}
              </ul>
            )}
          </PendingList>
        </div>
        <Pagination currentPage={data.pagination.currentPage} totalPages={data.pagination.totalPages} label="City pages" />
        {data.cities.length > 0 ? (
          <p className="mt-4 text-center text-sm text-slate-600">
            Showing {formatInteger(first)} to {formatInteger(last)} of {formatInteger(data.pagination.totalCount)} cities
            {capped ? " — pick a letter or search to reach the rest" : ""}
          </p>
        ) : null}
        <ItemListJsonLd
          name={title}
          firstPosition={first || 1}
          entries={data.cities.map((c) => ({ name: c.city, path: `/cities/${c.countryCode.toLowerCase()}/${c.slug}` }))}
        />
      </div>
    </>
  );
}
