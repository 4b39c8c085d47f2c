// A slug → the approved business it names (by its current slug, or through slug_redirects), and the ad slots
// of the business page. Primary-key and unique-index lookups only.
import type { DatabaseHandle } from "../../client.ts";

export interface BusinessDetailRow {
  id: number;
  name: string;
  slug: string;
  type: string | null;
  category: string | null;
  category_slug: string | null;
  full_address: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  city_slug: string | null;
  district: string | null;
  country: string | null;
  country_code: string | null;
  rating: number | null;
  reviews: number;
  photo: string | null;
  phone: string | null;
  phone_e164: string | null;
  price_range: string | null;
  reservation_link: string | null;
  menu_link: string | null;
  order_link: string | null;
  /** jsonb as text: further photo URLs (a JSON list), or null. */
  photos_json: string | null;
  place_id: string | null;
  verified: boolean;
  /** jsonb as text: the amenity groups, or null. */
  about_json: string | null;
  description: string | null;
  /** jsonb as text: the canonical week, or null. */
  working_hours_json: string | null;
  /** jsonb as text: dated special days ("YYYY-MM-DD" → ranges), or null. */
  special_hours_json: string | null;
  latitude: number | null;
  longitude: number | null;
  status: string;
  time_zone: string | null;
  url: string | null;
  /** ISO 8601 in UTC. */
  updated_at: string;
}

const DETAIL_COLUMNS = `id::int as id, name, slug, type, category, category_slug, full_address, street, postal_code, city, city_slug, district, country,
  country_code, rating, reviews, photo, phone, phone_e164, price_range, reservation_link, menu_link, order_link, place_id,
  photos::text as photos_json, verified and not is_test as verified, about::text as about_json, description,
  working_hours::text as working_hours_json, special_hours::text as special_hours_json, latitude, longitude, status, time_zone, url,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The approved business whose current slug is exactly `slug`. */
export async function findApprovedBusinessBySlug(handle: DatabaseHandle, slug: string): Promise<BusinessDetailRow | null> {
  const [row] = await handle.query<BusinessDetailRow>(`select ${DETAIL_COLUMNS} from businesses where slug = $1 and is_approved`, [slug]);
  return row ?? null;
}

/** The current slug of the approved business an old slug was redirected to, or null. */
export async function findRedirectedSlug(handle: DatabaseHandle, oldSlug: string): Promise<string | null> {
  const [row] = await handle.query<{ slug: string }>(
    `select b.slug from slug_redirects r join businesses b on b.id = r.business_id
      where r.old_slug = $1 and b.is_approved`,
    [oldSlug],
  );
  return row?.slug ?? null;
}

export interface AdCodesRow {
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
}

/** The four ad slots; empty strings when the administrator never saved any. */
export async function getAdCodes(handle: DatabaseHandle): Promise<AdCodesRow> {
  const [row] = await handle.query<AdCodesRow>("select ad1, ad2, ad3, ad4 from ad_codes where id = 1");
  return row ?? { ad1: "", ad2: "", ad3: "", ad4: "" };
}
