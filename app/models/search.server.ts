// Search and suggest requests → the active search engine (Meilisearch, or PostgreSQL when it is absent or down).
import { z } from "zod";
import { getSearchEngine, parseSearchQuery, type SearchEngine, type SearchResult, type Suggestion } from "../../search/index.ts";

export type SearchOutcome = { ok: true; result: SearchResult } | { ok: false; problems: string[] };

export async function searchBusinesses(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SearchOutcome> {
  const parsed = parseSearchQuery(params);
  if (!parsed.ok) return parsed;
  return { ok: true, result: await engine.search(parsed.query) };
}

export const SuggestParamsSchema = z.object({
  q: z.string().trim().min(1, "q must have at least one character").max(100, "q must be at most 100 characters"),
  limit: z.coerce.number({ message: "limit must be a whole number from 1 to 20" }).int("limit must be a whole number from 1 to 20").min(1, "limit must be a whole number from 1 to 20").max(20, "limit must be a whole number from 1 to 20").default(8),
});

export type SuggestOutcome = { ok: true; suggestions: Suggestion[] } | { ok: false; problems: string[] };

export async function suggestSearches(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SuggestOutcome> {
  const parsed = SuggestParamsSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
  return { ok: true, suggestions: await engine.suggest(parsed.data.q, parsed.data.limit) };
}
