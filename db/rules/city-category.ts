// A city × category pair's count of listed businesses → whether its page exists and whether it is indexed: the one
// threshold the page (noindex), the links to it and both sitemaps (served and CLI-built) read.

/** A pair page answers for 1 listed business or more; 0 is the "not found" page. */
export const CITY_CATEGORY_MIN_LISTED = 1;

/** Pairs with fewer listed businesses are thin: `noindex` and left out of the sitemaps. */
export const CITY_CATEGORY_INDEX_MIN = 5;

export function isIndexableCityCategory(listedCount: number): boolean {
  return listedCount >= CITY_CATEGORY_INDEX_MIN;
}
