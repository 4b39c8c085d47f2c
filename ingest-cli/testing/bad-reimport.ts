// Made-up fixtures for "a bad re-import keeps the good stored values": a good file, the same businesses with rejected
// cells (and one real change, one blanked cell, one over-long row), and what the database must hold afterwards.
import type { DatabaseHandle } from "../../db/client.ts";

const HEADER = [
  "name",
  "place_id",
  "full_address",
  "city",
  "country_code",
  "phone",
  "latitude",
  "longitude",
  "rating",
  "reviews",
  "working_hours",
  "business_status",
  "description",
] as const;
type Column = (typeof HEADER)[number];
type Row = Record<Column, string>;

/** Hours listed Tuesday first: the stored jsonb keeps its own key order, and an unchanged row must still hash equal. */
const HOURS = JSON.stringify({ Tuesday: "9AM-5PM", Monday: "10AM-6PM", Sunday: "Closed" });

function goodRow(letter: string, index: number): Row {
  return {
    name: `Keep Test Bakery ${letter}`,
    place_id: `ChIJkeepStored000${letter}`,
    full_address: `${index + 1} Torstraße, 10119 Berlin, Germany`,
    city: "Berlin",
    country_code: "DE",
    phone: `+49 30 1234 56${String(index).padStart(2, "0")}`,
    latitude: (52.5 + index / 1000).toFixed(4),
    longitude: (13.4 + index / 1000).toFixed(4),
    rating: "4.5",
    reviews: String(100 + index),
    working_hours: HOURS,
    business_status: index === 3 ? "CLOSED_PERMANENTLY" : "OPERATIONAL",
    description: `A bakery (${letter}).`,
  };
}

const LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H", "I"] as const;
const GOOD: Row[] = LETTERS.map((letter, index) => goodRow(letter, index));

/**
 * Line by line (the header is line 1): what the bad file changes in each business. Every rejected cell keeps the stored
 * value; C also changes its phone (updated); F's blank rating is "no value" (updated to none); G is rejected whole.
 */
const BAD_CHANGES: Array<Partial<Row>> = [
  { latitude: "999" }, // line 2: A
  { rating: "abc" }, // line 3: B
  { working_hours: "whenever we feel like it", phone: "+49 30 9999 0000" }, // line 4: C
  { business_status: "sort of open" }, // line 5: D
  { longitude: "" }, // line 6: E
  { rating: "" }, // line 7: F
  { description: "x".repeat(10_001) }, // line 8: G
  { working_hours: "ask at the counter" }, // line 9: H
  { reviews: "-5" }, // line 10: I
];

function toCsv(rows: Row[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [HEADER.join(","), ...rows.map((row) => HEADER.map((column) => cell(row[column])).join(","))].join("\r\n") + "\r\n";
}

export const goodCsv = (): string => toCsv(GOOD);
export const badCsv = (): string => toCsv(GOOD.map((row, index) => ({ ...row, ...BAD_CHANGES[index] })));

/** The bad file's counts: A B D E H I unchanged, C F updated, G rejected. */
export const BAD_COUNTS = { totalRows: 9, inserted: 0, updated: 2, unchanged: 6, skipped: 0, rejected: 1, reused: 0 };
/** A: latitude out of range + the pair incomplete; B rating; C hours; D status; E pair incomplete; H hours; I reviews. */
export const BAD_WARNING_COUNT = 8;

export interface StoredBusiness {
  name: string;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  working_hours: unknown;
  status: string;
  description: string | null;
}

export async function readKeepTestBusinesses(handle: Pick<DatabaseHandle, "query">): Promise<StoredBusiness[]> {
  return handle.query<StoredBusiness>(
    // Phones compared by their digits: how a phone is formatted is not what these fixtures test.
    `select name, regexp_replace(phone, '\\D', '', 'g') as phone, latitude, longitude, rating, reviews, working_hours, status, description
       from businesses where name like 'Keep Test Bakery %' order by name`,
  );
}

/** What the database holds after the good file and after the bad one (only C's phone and F's rating differ). */
export function expectedBusinesses(after: "good" | "bad"): StoredBusiness[] {
  const week = { monday: [["10:00", "18:00"]], tuesday: [["09:00", "17:00"]], sunday: [] };
  return GOOD.map((row, index) => ({
    name: row.name,
    phone: (after === "bad" && index === 2 ? "+49 30 9999 0000" : row.phone).replace(/\D/g, ""),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    rating: after === "bad" && index === 5 ? null : 4.5,
    reviews: 100 + index,
    working_hours: week,
    status: index === 3 ? "closed_permanently" : "operational",
    description: row.description,
  }));
}
