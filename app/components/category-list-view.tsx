// A page of the category list (all, or one first letter) → heading, stats, A–Z bar, search, grid/list toggle, cards,
// pagination, ItemList JSON-LD; and its meta (noindex for free-text, empty and deep letter pages).
import type { MetaDescriptor } from "@remix-run/node";
import { CategoryCard } from "./directory-cards";
import { ItemListJsonLd } from "./item-list-json-ld";
import { LetterFilter } from "./letter-filter";
import { ListFilterForm } from "./list-filter-form";
import { EmptyState, PendingList } from "./list-states";
import { PageIntro } from "./page-intro";
import { Pagination } from "./pagination";
import { StatTiles } from "./stat-tiles";
import { ViewToggle } from "./view-toggle";
import { formatInteger } from "~/utils/format";
import { buildPageMeta } from "~/utils/seo";

export interface CategoryListViewData {
  categories: Array<{ category: string; count: number; slug: string }>;
  stats: { categories: number; businesses: number; averagePerCategory: number };
  siteBusinesses: number;
  pagination: { currentPage: number; totalPages: number; totalCount: number };
  letter?: string;
  usedLetters?: string[];
  q?: string;
  view: "grid" | "list";
  pageSize: number;
}

function basePath(letter?: string) {
  return letter ? `/categories/${encodeURIComponent(letter)}` : "/categories";
}

export function buildCategoryListMeta(data: CategoryListViewData, siteUrl: string): MetaDescriptor[] {
  const page = data.pagination.currentPage;
  const letterText = data.letter === "#" ? "a digit or symbol" : data.letter;
  const subject = data.letter ? `Categories beginning with ${letterText}` : "Business Categories";
  return buildPageMeta({
    title: page > 1 ? `${subject} – Page ${page}` : subject,
    description: data.letter
      ? `${formatInteger(data.stats.categories)} business categories beginning with ${letterText}, with ${formatInteger(data.stats.businesses)} businesses. Pick a category to see its best-rated businesses.`
      : `Browse ${formatInteger(data.stats.categories)} business categories with ${formatInteger(data.stats.businesses)} businesses worldwide, from the most popular down.`,
    path: `${basePath(data.letter)}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl,
    // Thin pages: free-text results, empty lists, and letter pages past the first.
    noindex: Boolean(data.q) || data.categories.length === 0 || (Boolean(data.letter) && page > 1),
  });
}

export function CategoryListView({ data }: { data: CategoryListViewData }) {
  const path = basePath(data.letter);
  const letterText = data.letter === "#" ? "#" : data.letter;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Categories", path: "/categories" },
    ...(data.letter ? [{ name: `Letter ${letterText}`, path }] : []),
  ];
  return (
    <>
      <PageIntro
        title={data.letter ? `Keywords beginning with ${letterText}` : "Business Categories"}
        lead="Find businesses by what they do: every category with how many businesses it lists."
        crumbs={crumbs}
      >
        <StatTiles
          stats={[
            { label: "Total categories", value: formatInteger(data.stats.categories) },
            { label: "Total businesses", value: formatInteger(data.stats.businesses) },
            { label: "Average per category", value: formatInteger(data.stats.averagePerCategory) },
          ]}
        />
      </PageIntro>
      <div className="container-page py-8 sm:py-10">
        <div className="flex flex-col gap-4">
          <LetterFilter basePath="/categories" active={data.letter} label="Categories by first letter" usedLetters={data.usedLetters} />
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
            <div className="flex-1">
              <ListFilterForm
                action={path}
                label="Search categories"
                placeholder="Search categories..."
                defaultValue={data.q}
                hidden={data.view === "list" ? { view: "list" } : {}}
              />
            </div>
            <ViewToggle view={data.view} />
          </div>
        </div>
        <div className="mt-8">
          <PendingList label="Loading categories...">
            {data.categories.length === 0 ? (
              <EmptyState
                title="No categories found"
                hint="Try adjusting your search terms or browse all categories."
                action={{ to: "/categories", label: "All categories" }}
              />
            ) : (
              <ul aria-label="Category results" className={data.view === "list" ? "flex flex-col gap-2" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"}>
                {data.categories.map((category) => (
                  <li key={category.slug}>
                    <CategoryCard category={category} layout={data.view} siteBusinesses={data.siteBusinesses} />
                  </li>
                ))}
              </ul>
            )}
          </PendingList>
        </div>
        <Pagination currentPage={data.pagination.currentPage} totalPages={data.pagination.totalPages} label="Category pages" />
        <ItemListJsonLd
          name={data.letter ? `Categories beginning with ${letterText}` : "Business categories"}
          firstPosition={(data.pagination.currentPage - 1) * data.pageSize + 1}
          entries={data.categories.map((c) => ({ name: c.category, path: `/categories/${c.slug}` }))}
        />
      </div>
    </>
  );
}
