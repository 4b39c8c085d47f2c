// A total, a page number and a page size → the spec's paging fields; page counts may be capped (businesses: 100).

export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function paginate(totalCount: number, page: number, pageSize: number, maxPages = Number.POSITIVE_INFINITY): Pagination {
  const totalPages = Math.min(Math.ceil(totalCount / pageSize), maxPages);
  return { currentPage: page, totalPages, totalCount, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

/** The 0-based row offset of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
