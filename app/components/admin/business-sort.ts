// The admin list's sort buttons → the next sort: clicking the active key flips asc/desc, a new key starts ascending.
// (The keys themselves come from the loader: the query layer owns them.)

export type SortOrder = "asc" | "desc";

export function nextSort<K extends string>(current: { sortBy: K; sortOrder: SortOrder }, clicked: K): { sortBy: K; sortOrder: SortOrder } {
  if (clicked === current.sortBy) return { sortBy: clicked, sortOrder: current.sortOrder === "asc" ? "desc" : "asc" };
  return { sortBy: clicked, sortOrder: "asc" };
}
