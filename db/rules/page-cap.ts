// The spec's cap on every public paged list (all businesses, categories, countries, cities, search results) →
// one number each layer reads: links, page params and the search engine's window all stop here.

/** Public lists stop at page 100; a later page is refused (400 in the API) or redirected to the canonical page. */
export const MAX_LIST_PAGE = 100;
