// contact_messages → the newest visitor messages first, for the back-office inbox and for checks after a submission.
import { desc } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { contactMessages } from "../schema/index.ts";

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: string;
  message: string;
  ipHash: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export async function listRecentContactMessages(handle: DatabaseHandle, limit = 50): Promise<ContactMessageRow[]> {
  return handle.db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      company: contactMessages.company,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      ipHash: contactMessages.ipHash,
      createdAt: contactMessages.createdAt,
      readAt: contactMessages.readAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(Math.max(1, Math.min(limit, 500)));
}
