// Admin inbox actions → contact_messages marked read/unread or deleted; returns how many rows changed.
import type { DatabaseHandle } from "../client.ts";

export async function setContactMessageRead(handle: DatabaseHandle, id: number, read: boolean): Promise<number> {
  const rows = await handle.query<{ id: number }>(
    `update contact_messages set read_at = case when $2 then coalesce(read_at, now()) else null end where id = $1 returning id`,
    [id, read],
  );
  return rows.length;
}

export async function deleteContactMessage(handle: DatabaseHandle, id: number): Promise<number> {
  const rows = await handle.query<{ id: number }>("delete from contact_messages where id = $1 returning id", [id]);
  return rows.length;
}
