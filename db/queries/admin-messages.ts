// contact_messages → the admin inbox, newest first, keyset-paged by id, and the unread count for the badge.
import type { DatabaseHandle } from "../client.ts";

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: string;
  message: string;
  createdAt: Date;
  readAt: Date | null;
}

export async function listContactMessages(
  handle: DatabaseHandle,
  options: { limit: number; beforeId?: number; unreadOnly?: boolean },
): Promise<ContactMessageRow[]> {
  const params: unknown[] = [options.limit];
  const filters: string[] = [];
  if (options.beforeId !== undefined) {
    params.push(options.beforeId);
    filters.push(`id < $${params.length}`);
  }
  if (options.unreadOnly) filters.push("read_at is null");
  const rows = await handle.query<{
    id: number;
    name: string;
    email: string;
    company: string | null;
    phone: string | null;
    subject: string;
    message: string;
    created_at: Date | string;
    read_at: Date | string | null;
  }>(
    `select id::int as id, name, email, company, phone, subject, message, created_at, read_at from contact_messages
      ${filters.length ? `where ${filters.join(" and ")}` : ""} order by id desc limit $1`,
    params,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: new Date(row.created_at),
    readAt: row.read_at === null ? null : new Date(row.read_at),
  }));
}

export async function countUnreadContactMessages(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>("select count(*)::int as n from contact_messages where read_at is null");
  return Number(row?.n ?? 0);
}
