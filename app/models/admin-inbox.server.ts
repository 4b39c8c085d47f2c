// Contact messages and the audit trail → the admin's inbox and audit screens (keyset pages of 25), and the
// inbox actions (read/unread, delete), each written to the audit log.
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { describeAuditTargets, listAuditEvents, type AuditFilters } from "../../db/queries/admin-audit.ts";
import { listContactMessages } from "../../db/queries/admin-messages.ts";
import { deleteContactMessage, setContactMessageRead } from "../../db/writes/admin-messages.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";

export const INBOX_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;

export async function listInbox(options: { beforeId?: number; unreadOnly?: boolean }) {
  const rows = await listContactMessages(await getDatabase(), { limit: INBOX_PAGE_SIZE + 1, ...options });
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  return {
    messages: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null })),
    nextBeforeId: rows.length > INBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function markMessageAsAdmin(admin: AdminContext, id: number, read: boolean): Promise<number> {
  const changed = await setContactMessageRead(await getDatabase(), id, read);
  await recordAdminAction(admin, read ? "message.read" : "message.unread", { target: `contact_messages/${id}`, rowCount: changed });
  return changed;
}

export async function deleteMessageAsAdmin(admin: AdminContext, id: number): Promise<number> {
  const deleted = await deleteContactMessage(await getDatabase(), id);
  await recordAdminAction(admin, "message.delete", { target: `contact_messages/${id}`, rowCount: deleted });
  return deleted;
}

export async function listAuditPage(filters: AuditFilters) {
  const handle = await getDatabase();
  const rows = await listAuditEvents(handle, { limit: AUDIT_PAGE_SIZE + 1, ...filters });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const names = await describeAuditTargets(
    handle,
    page.map((row) => row.target),
  );
  return {
    events: page.map((row) => ({ ...row, at: row.at.toISOString(), targetName: (row.target && names.get(row.target)) || null })),
    nextBeforeId: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

const InboxQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional().catch(undefined),
  unread: z.enum(["1"]).optional().catch(undefined),
});

const InboxActionSchema = z.object({ intent: z.enum(["read", "unread", "delete"]), id: z.coerce.number().int().positive() });

const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // A real calendar day: "2026-02-31" parses to March 3rd, so the day must come back unchanged.
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  })
  .optional()
  .catch(undefined);

const AuditQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional().catch(undefined),
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9._-]*$/i)
    .optional()
    .catch(undefined),
  actor: z.string().trim().max(120).optional().catch(undefined),
  from: DaySchema,
  to: DaySchema,
});

/** ?before=<id>&unread=1 → inbox options; junk values are ignored, not errors. */
export function parseInboxQuery(url: URL): { beforeId?: number; unreadOnly: boolean } {
  const query = InboxQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { beforeId: query.before, unreadOnly: query.unread === "1" };
}

export function parseInboxAction(form: FormData): z.infer<typeof InboxActionSchema> | null {
  const parsed = InboxActionSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? parsed.data : null;
}

/** ?before=&action=&actor=&from=&to= → audit filters; junk values are ignored, and days given the wrong way round swap. */
export function parseAuditQuery(url: URL): AuditFilters {
  const query = AuditQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [from, to] = query.from && query.to && query.from > query.to ? [query.to, query.from] : [query.from, query.to];
  return { beforeId: query.before, action: query.action || undefined, actor: query.actor || undefined, from, to };
}
