// The shapes scrapers use for "about" → canonical amenity groups (group → amenity → available), or plain text.
import type { Amenities } from "../../../db/schema/businesses.ts";
import { cleanText } from "./text.ts";

export interface ParsedAbout {
  amenities: Amenities | null;
  /** Set when "about" was prose rather than structured amenities. */
  text: string | null;
}

/**
 * A group or amenity name as stored: the same cleaning as every text cell.
 * NOTE: a NUL inside a jsonb key is refused by PostgreSQL and would fail the whole batch, not one row.
 */
function cleanName(name: string): string | null {
  return cleanText(name).value;
}

function fromGroups(value: Record<string, unknown>): Amenities | null {
  const groups: Amenities = {};
  for (const [rawGroup, entries] of Object.entries(value)) {
    const group = cleanName(rawGroup);
    if (!group || !entries || typeof entries !== "object" || Array.isArray(entries)) continue;
    const items: Record<string, boolean> = {};
    for (const [rawName, flag] of Object.entries(entries as Record<string, unknown>)) {
      const name = cleanName(rawName);
      if (!name) continue;
      // Outscraper mixes booleans with strings ("Free" parking); a non-empty string means the amenity exists.
      if (typeof flag === "boolean") items[name] = flag;
      else if (typeof flag === "string" && flag.trim() !== "") items[name] = true;
    }
    if (Object.keys(items).length > 0) groups[group] = items;
  }
  return Object.keys(groups).length > 0 ? groups : null;
}

/** gosom: [{ id, name, options: [{ name, enabled }] }] */
function fromOptionList(value: unknown[]): Amenities | null {
  const groups: Amenities = {};
  for (const entry of value) {
    if (!entry || typeof entry !== "object") continue;
    const { name: rawName, options } = entry as { name?: unknown; options?: unknown };
    const name = typeof rawName === "string" ? cleanName(rawName) : null;
    if (!name || !Array.isArray(options)) continue;
    const items: Record<string, boolean> = {};
    for (const option of options) {
      if (option && typeof option === "object" && typeof (option as { name?: unknown }).name === "string") {
        // NOTE: scrapers repeat an option (Wi-Fi enabled, then disabled); offered anywhere means offered.
        const optionName = cleanName((option as { name: string }).name);
        if (!optionName) continue;
        items[optionName] = items[optionName] === true || (option as { enabled?: unknown }).enabled !== false;
      }
    }
    if (Object.keys(items).length > 0) groups[name] = items;
  }
  return Object.keys(groups).length > 0 ? groups : null;
}

export function parseAbout(input: unknown): ParsedAbout {
  if (input === null || input === undefined) return { amenities: null, text: null };
  if (typeof input === "string") {
    const text = input.trim();
    if (text === "" || /^(none|null|n\/a|\{\}|\[\])$/i.test(text)) return { amenities: null, text: null };
    if (text.startsWith("{") || text.startsWith("[")) {
      try {
        return parseAbout(JSON.parse(text));
      } catch {
        return { amenities: null, text: cleanText(text).value };
      }
    }
    return { amenities: null, text: cleanText(text).value };
  }
  if (Array.isArray(input)) return { amenities: fromOptionList(input), text: null };
  if (typeof input === "object") return { amenities: fromGroups(input as Record<string, unknown>), text: null };
  return { amenities: null, text: null };
}
