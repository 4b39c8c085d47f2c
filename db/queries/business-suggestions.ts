// business_suggestions → the admin review queue: pending suggestions, oldest first (keyset-paged by id), each beside
// its business's current values; and the pending count.
import type { DatabaseHandle } from "../client.ts";
import type { SuggestionClosure } from "../schema/index.ts";

export interface PendingSuggestionRow {
  id: number;
  createdAt: Date;
  proposal: {
    name: string | null;
    fullAddress: string | null;
    phone: string | null;
    website: string | null;
    hours: string | null;
    closure: SuggestionClosure | null;
  };
  note: string | null;
  email: string | null;
  business: {
    id: number;
    name: string;
    slug: string;
    fullAddress: string | null;
    phone: string | null;
    url: string | null;
    /** The stored week as jsonb text (the caller formats it). */
    workingHoursJson: string | null;
    status: string;
    keptFields: string[];
  };
}

type Row = {
  id: number;
  created_at: Date | string;
  name: string | null;
  full_address: string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
  closure: SuggestionClosure | null;
  note: string | null;
  email: string | null;
  business_id: number;
  business_name: string;
  slug: string;
  business_address: string | null;
  business_phone: string | null;
  url: string | null;
  working_hours: string | null;
  business_status: string;
  kept_fields: string[] | null;
};

export async function listPendingSuggestions(handle: DatabaseHandle, options: { limit: number; afterId?: number }): Promise<PendingSuggestionRow[]> {
  const rows = await handle.query<Row>(
    `select s.id::int as id, s.created_at, s.name, s.full_address, s.phone, s.website, s.hours, s.closure, s.note, s.email,
            b.id::int as business_id, b.name as business_name, b.slug, b.full_address as business_address, b.phone as business_phone,
            b.url, b.working_hours::text as working_hours, b.status as business_status, b.kept_fields
       from business_suggestions s join businesses b on b.id = s.business_id
      where s.status = 'pending' and s.id > $2
      order by s.id limit $1`,
    [options.limit, options.afterId ?? 0],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    createdAt: new Date(row.created_at),
    proposal: {
      name: row.name,
      fullAddress: row.full_address,
      phone: row.phone,
      website: row.website,
      hours: row.hours,
      closure: row.closure,
    },
    note: row.note,
    email: row.email,
    business: {
      id: Number(row.business_id),
      name: row.business_name,
      slug: row.slug,
      fullAddress: row.business_address,
      phone: row.business_phone,
      url: row.url,
      workingHoursJson: row.working_hours,
      status: row.business_status,
      keptFields: row.kept_fields ?? [],
    },
  }));
}

export async function countPendingSuggestions(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>("select count(*)::int as n from business_suggestions where status = 'pending'");
  return Number(row?.n ?? 0);
}

/** A pending suggestion's business country (what its phone number is read against), or null when not pending. */
export async function findPendingSuggestionCountry(handle: DatabaseHandle, id: number): Promise<{ countryCode: string | null } | null> {
  const [row] = await handle.query<{ country_code: string | null }>(
    `select b.country_code from business_suggestions s join businesses b on b.id = s.business_id where s.id = $1 and s.status = 'pending'`,
    [id],
  );
  return row ? { countryCode: row.country_code } : null;
}
