// Admin business management → the spec's list, summary, approve, delete, delete-all, test-data and slug-fix answers;
// each change keeps the counts and the search index current and writes one audit row naming the administrator.
import { json } from "@remix-run/node";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import {
  ADMIN_SORT_KEYS,
  countAdminBusinesses,
  getAdminBusinessSummary,
  listAdminBusinesses,
  listAdminCategories,
  listAdminCountryCodes,
  type AdminBusinessFilters,
  type AdminBusinessRow,
  type AdminSortKey,
} from "../../db/queries/admin-businesses.ts";
import {
  countBusinessesMatching,
  deleteBusinessById,
  deleteBusinessesMatching,
  toggleBusinessApproval,
  type ChangedBusiness,
} from "../../db/writes/admin-businesses.ts";
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { deleteTestData, type DeleteTestDataResult } from "../../ingest-cli/pipeline/maintenance/delete-test-data.ts";
import { checkDeleteAllConfirmation, deleteEveryBusinessToTrash, type DeleteAllResult } from "../../ingest-cli/pipeline/maintenance/trash.ts";
import { fixSlugs, type FixSlugsResult } from "../../ingest-cli/pipeline/maintenance/fix-slugs.ts";
import { getSearchEngine, type SearchEngine } from "../../search/index.ts";
import { NO_NUL } from "../../search/engine.ts";
import { removeBusinessesFromIndex, syncBusinessesById } from "../../search/reindex.ts";
import { slugify } from "../../db/rules/slug.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { NO_STORE } from "./cache-policy.server";

export type { AdminBusinessRow };

export const ADMIN_PAGE_SIZE = 20;
/**
 * A cursor serves pages up to this many pages past its own (the 5-button window needs 2): only those few pages are
 * skipped by OFFSET after the keyset bound. Farther, the page number alone decides (see planPage).
 */
export const MAX_CURSOR_SKIP_PAGES = 10;
/** Page numbers stay whole numbers a URL can carry; the real bound is the list's last page (past it: 404). */
const MAX_PAGE_NUMBER = 1_000_000_000;
/** Names the category filter and the export picker search in (the picker lists at most 100 of them). */
export const ADMIN_CATEGORY_LIMIT = 1000;

/** The one error shape of admin answers: `{ success: false, code, message }`, never cached. */
export function adminDataError(status: number, code: string, message: string): Response {
  return json({ success: false, code, message }, { status, headers: { "Cache-Control": NO_STORE } });
}

/** 405 for a method the resource route does not answer, naming the ones it does. */
export function methodNotAllowed(allowed: string[]): Response {
  const response = adminDataError(405, "METHOD_NOT_ALLOWED", `Use ${allowed.join(" or ")} for this address.`);
  response.headers.set("Allow", allowed.join(", "));
  return response;
}

/** Answers of admin calls are per-admin and change with every action: never cached. */
export function adminJson<T>(data: T, status = 200): Response {
  return json(data, { status, headers: { "Cache-Control": NO_STORE } });
}

/** Where a page starts or ends: the sort it belongs to, the page it is on, and its row's (sort key, id). */
const CursorSchema = z.tuple([
  z.enum(ADMIN_SORT_KEYS),
  z.enum(["asc", "desc"]),
  z.number().int().min(1),
  z.string().max(200).nullable(),
  z.number().int().positive(),
]);
export interface AdminListCursor {
  sortBy: AdminSortKey;
  sortOrder: "asc" | "desc";
  page: number;
  key: string | null;
  id: number;
}

export function encodeListCursor(cursor: AdminListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.sortOrder, cursor.page, cursor.key, cursor.id])).toString("base64url");
}

const CursorParamSchema = z
  .string()
  .max(400)
  .transform((value, ctx): AdminListCursor => {
    try {
      const [sortBy, sortOrder, page, key, id] = CursorSchema.parse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
      return { sortBy, sortOrder, page, key, id };
    } catch {
      ctx.addIssue({ code: "custom", message: "is not a cursor this list handed out (use pagination.nextCursor / prevCursor)" });
      return z.NEVER;
    }
  });

export const AdminBusinessesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  filter: z.string().trim().max(200).regex(NO_NUL, "must not contain NUL (%00) characters").optional().default(""),
  category: z.string().trim().max(200).regex(NO_NUL, "must not contain NUL (%00) characters").optional().default(""),
  sortBy: z.enum(ADMIN_SORT_KEYS).default("createdAt"),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
  /** The last row of an earlier page (pagination.nextCursor): the page asked for continues after it. */
  after: CursorParamSchema.optional(),
  /** The first row of a later page (pagination.prevCursor): the page asked for ends before it. */
  before: CursorParamSchema.optional(),
});
export type AdminBusinessesQuery = z.infer<typeof AdminBusinessesQuerySchema>;

export const BusinessIdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Query string → the parsed list query, or a 400 naming the bad parameter. */
export function parseAdminBusinessesQuery(params: URLSearchParams): AdminBusinessesQuery {
  const parsed = AdminBusinessesQuerySchema.safeParse(Object.fromEntries([...params].filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw adminDataError(
      400,
      "INVALID_LIST_QUERY",
      `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}. Use page 1 or more, sortBy ${ADMIN_SORT_KEYS.join("/")}, sortOrder asc/desc.`,
    );
  }
  return parsed.data;
}

export function parseBusinessId(params: Record<string, string | undefined>, name = "id"): number {
  const parsed = BusinessIdSchema.safeParse({ id: params[name] });
  if (!parsed.success) throw adminDataError(400, "INVALID_BUSINESS_ID", "The business id must be a positive whole number, e.g. /api/businesses/42.");
  return parsed.data.id;
}

export interface AdminBusinessList {
  businesses: AdminBusinessRow[];
  total: number;
  approved: number;
  testData: number;
  /** Every business, whatever the filter (the first summary card). */
  allBusinesses: number;
  categoryCount: number;
  pagination: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    /** The page asked for lies past the last page: no rows, and the answer says which page is the last. */
    outOfRange: boolean;
    /** Pass as `after` with a later page number (`page + 1`, up to `page + MAX_CURSOR_SKIP_PAGES + 1`). */
    nextCursor: string | null;
    /** Pass as `before` with an earlier page number. */
    prevCursor: string | null;
  };
}

type PagePlan = Pick<AdminBusinessFilters, "direction" | "anchor" | "offset" | "limit">;

/** A cursor serves a page of the same sort, on the side it points to and at most MAX_CURSOR_SKIP_PAGES pages away. */
function isUsableCursor(cursor: AdminListCursor, query: AdminBusinessesQuery, pagesAway: number): boolean {
  return cursor.sortBy === query.sortBy && cursor.sortOrder === query.sortOrder && pagesAway >= 1 && pagesAway <= MAX_CURSOR_SKIP_PAGES + 1;
}

/**
 * How to read page `query.page` of `total` rows. With a cursor of a nearby page (what the list's own links carry):
 * keyset from that row, skipping only the pages between, so paging costs the same on page 3 and page 300,000.
 * A page named by number alone (a typed URL, a script, the first and last buttons) is counted from the nearer end
 * of the list with OFFSET: the last page is as cheap as the first, a page in the middle of a huge list costs a scan
 * of half of it (the price of a random jump; the list's own links never need it).
 */
export function planPage(query: AdminBusinessesQuery, total: number): PagePlan {
  const { page, limit, after, before } = query;
  if (after && isUsableCursor(after, query, page - after.page)) {
    return { direction: "forward", anchor: { key: after.key, id: after.id }, offset: (page - after.page - 1) * limit, limit };
  }
  if (before && isUsableCursor(before, query, before.page - page)) {
    return { direction: "backward", anchor: { key: before.key, id: before.id }, offset: (before.page - page - 1) * limit, limit };
  }
  const rowsBefore = (page - 1) * limit;
  const pageRows = Math.max(0, Math.min(limit, total - rowsBefore));
  const rowsAfter = Math.max(0, total - rowsBefore - pageRows);
  if (rowsAfter < rowsBefore) return { direction: "backward", offset: rowsAfter, limit: pageRows };
  return { direction: "forward", offset: rowsBefore, limit };
}

export async function getAdminBusinessList(query: AdminBusinessesQuery): Promise<AdminBusinessList> {
  const handle = await getDatabase();
  const filters = { search: query.filter || undefined, categorySlug: query.category ? slugify(query.category) : undefined };
  const [total, summary] = await Promise.all([countAdminBusinesses(handle, filters), getAdminBusinessSummary(handle)]);
  const totalPages = Math.ceil(total / query.limit);
  const outOfRange = query.page > Math.max(1, totalPages);
  const rows = outOfRange
    ? []
    : await listAdminBusinesses(handle, { ...filters, sortBy: query.sortBy, sortOrder: query.sortOrder, ...planPage(query, total) });
  const cursorOf = (anchor: { key: string | null; id: number } | undefined) =>
    anchor ? encodeListCursor({ sortBy: query.sortBy, sortOrder: query.sortOrder, page: query.page, ...anchor }) : null;
  return {
    businesses: rows.map((entry) => entry.row),
    total,
    approved: summary.approved,
    testData: summary.testData,
    allBusinesses: summary.total,
    categoryCount: summary.categories,
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      outOfRange,
      nextCursor: query.page < totalPages ? cursorOf(rows.at(-1)?.anchor) : null,
      prevCursor: query.page > 1 ? cursorOf(rows[0]?.anchor) : null,
    },
  };
}

/** GET /api/admin/businesses: the list, or 404 PAGE_OUT_OF_RANGE (with the pagination, naming the last page). */
export function adminBusinessListAnswer(list: AdminBusinessList): Response {
  if (!list.pagination.outOfRange) return adminJson(list);
  const last = Math.max(1, list.pagination.totalPages);
  return json(
    {
      success: false,
      code: "PAGE_OUT_OF_RANGE",
      message: `Page ${list.pagination.page} is past the end: ${list.total} businesses make ${last} page${last === 1 ? "" : "s"} of ${list.pagination.limit}. Ask for page 1–${last}.`,
      pagination: list.pagination,
    },
    { status: 404, headers: { "Cache-Control": NO_STORE } },
  );
}

/** Category names, largest first: the spec's "list of names". */
export async function listCategoryNames(): Promise<string[]> {
  const rows = await listAdminCategories(await getDatabase(), ADMIN_CATEGORY_LIMIT);
  return rows.map((row) => row.name);
}

export async function listCountryCodes(): Promise<string[]> {
  return listAdminCountryCodes(await getDatabase());
}

/**
 * After delete-all: the PostgreSQL engine reads the table itself, so only Meilisearch needs its index rebuilt
 * (imports, test-data deletion and slug fixes tell the engine their own ids). A failure is logged: the write stands.
 */
async function refreshSearchAfterDeleteAll(engine: SearchEngine = getSearchEngine()): Promise<void> {
  if (engine.name !== "meilisearch") return;
  await engine
    .reindex()
    .catch((error: unknown) => console.warn(`search: reindex after an admin change failed (${String(error)}); run \`directory reindex\``));
}

async function syncOne(changedIds: number[], removedIds: number[]): Promise<void> {
  const update = removedIds.length > 0 ? removeBusinessesFromIndex(removedIds) : syncBusinessesById(changedIds);
  await update.catch((error: unknown) =>
    console.warn(`search: index update after an admin change failed (${String(error)}); run \`directory reindex\``),
  );
}

function businessNotFound(id: number): Response {
  return adminDataError(404, "BUSINESS_NOT_FOUND", `İşletme bulunamadı (#${id}). It may have been deleted already; reload the list.`);
}

export async function toggleApproval(context: AdminContext, id: number): Promise<{ success: true; message: string; business: ChangedBusiness }> {
  const business = await toggleBusinessApproval(await getDatabase(), id);
  if (!business) throw businessNotFound(id);
  await syncOne([id], []);
  await recordAdminAction(context, business.isApproved ? "business.approve" : "business.unapprove", {
    target: `business:${id}`,
    rowCount: 1,
    details: { name: business.name, changes: { isApproved: { before: !business.isApproved, after: business.isApproved } } },
  });
  return { success: true, message: "Business approval status updated.", business };
}

export async function deleteBusiness(context: AdminContext, id: number): Promise<{ success: true; message: string; business: ChangedBusiness }> {
  const business = await deleteBusinessById(await getDatabase(), id, context.user.username);
  if (!business) throw businessNotFound(id);
  await syncOne([], [id]);
  await recordAdminAction(context, "business.delete", {
    target: `business:${id}`,
    rowCount: 1,
    details: {
      name: business.name,
      slug: business.slug,
      changes: { business: { before: { name: business.name, slug: business.slug, isApproved: business.isApproved }, after: null } },
    },
  });
  return { success: true, message: "Business has been deleted successfully", business };
}

/** A confirmation the admin must type: the number of businesses the delete removes, as they are now. */
export const BulkDeleteQuerySchema = z.object({
  confirm: z.string().trim().max(40).optional(),
  filter: AdminBusinessesQuerySchema.shape.filter,
  category: AdminBusinessesQuerySchema.shape.category,
});
export type BulkDeleteQuery = z.infer<typeof BulkDeleteQuerySchema>;

export function parseBulkDeleteQuery(params: URLSearchParams): BulkDeleteQuery {
  const parsed = BulkDeleteQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw adminDataError(400, "INVALID_DELETE_QUERY", `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}.`);
  }
  return parsed.data;
}

/** A refused typed confirmation → 400 (missing) or 409 (not the current count), saying what to type. */
function confirmationError(error: unknown): never {
  if (error instanceof DirectoryError && (error.code === "CONFIRMATION_REQUIRED" || error.code === "CONFIRMATION_MISMATCH")) {
    throw adminDataError(error.code === "CONFIRMATION_REQUIRED" ? 400 : 409, error.code, error.message);
  }
  throw error;
}

/**
 * DELETE /api/admin/businesses: every business (delete-all) or, with a name search or category, the matching ones;
 * both go to the trash and need `confirm=<how many>` typed back.
 */
export async function deleteEveryBusiness(
  context: AdminContext,
  query: BulkDeleteQuery,
): Promise<DeleteAllResult | { success: true; message: string; deletedCount: number }> {
  const handle = await getDatabase();
  if (query.filter || query.category) return deleteMatching(context, query);
  await checkDeleteAllConfirmation(handle, query.confirm).catch(confirmationError);
  const { sample, ...result } = await deleteEveryBusinessToTrash(handle, context.user.username);
  await refreshSearchAfterDeleteAll();
  await recordAdminAction(context, "businesses.delete-all", {
    target: "businesses",
    rowCount: result.deletedCount,
    details: { batchId: result.batchId, sample },
  });
  return result;
}

async function deleteMatching(context: AdminContext, query: BulkDeleteQuery): Promise<{ success: true; message: string; deletedCount: number }> {
  const handle = await getDatabase();
  const filter = { search: query.filter || undefined, categorySlug: query.category ? slugify(query.category) : undefined };
  const count = await countBusinessesMatching(handle, filter);
  if (!query.confirm) {
    throw adminDataError(400, "CONFIRMATION_REQUIRED", `Deleting the ${count} matching businesses needs the count typed back (confirm=${count}).`);
  }
  if (query.confirm !== String(count)) {
    throw adminDataError(409, "CONFIRMATION_MISMATCH", `"${query.confirm}" is not the number of matching businesses (${count}); type ${count}.`);
  }
  const ids = await deleteBusinessesMatching(handle, filter, context.user.username);
  if (ids.length > 0) await syncOne([], ids);
  await recordAdminAction(context, "businesses.delete-filter", {
    target: "businesses",
    rowCount: ids.length,
    details: { filter: query.filter, category: query.category, sample: ids.slice(0, 20) },
  });
  return { success: true, message: `Deleted ${ids.length} matching businesses (restorable from the trash).`, deletedCount: ids.length };
}

export async function deleteAdminTestData(context: AdminContext): Promise<DeleteTestDataResult> {
  const { sample, ...result } = await deleteTestData(await getDatabase(), { recordCliAudit: false, deletedBy: context.user.username });
  await recordAdminAction(context, "test-data.delete", { target: "businesses", rowCount: result.deletedCount, details: { sample } });
  return result;
}

export async function fixAdminSlugs(context: AdminContext): Promise<Omit<FixSlugsResult, "resumedAfterId">> {
  const { resumedAfterId, sample, ...result } = await fixSlugs(await getDatabase());
  await recordAdminAction(context, "slugs.fix", {
    target: "businesses",
    rowCount: result.successCount,
    details: { totalProcessed: result.totalProcessed, resumedAfterId, sample },
  });
  return result;
}

/** The list page's query: like the API's, but a bad value falls back to the default instead of failing the page. */
export function readAdminBusinessesPageQuery(params: URLSearchParams): AdminBusinessesQuery {
  const cleaned = new URLSearchParams();
  for (const [key, value] of params) {
    const single = AdminBusinessesQuerySchema.shape[key as keyof typeof AdminBusinessesQuerySchema.shape];
    if (single?.safeParse(value).success && value !== "") cleaned.set(key, value);
  }
  return parseAdminBusinessesQuery(cleaned);
}

/** The category filter offers the 20 largest categories. */
export const CATEGORY_FILTER_SIZE = 20;

export { ADMIN_SORT_KEYS };
