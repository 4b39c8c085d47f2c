// Coordinates hidden in other shapes → {latitude, longitude}: Google Maps URLs (the pin's !3d/!4d before the viewport's
// @lat,lng), {lat, lng} objects, GeoJSON points, [lat, lng] arrays and "lat, lng" text. Out-of-range pairs are refused.
import { cleanText } from "../text.ts";

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const NUMBER = "(-?\\d{1,3}(?:\\.\\d+)?)";
const PIN = new RegExp(`!3d${NUMBER}!4d${NUMBER}`);
const VIEWPORT = new RegExp(`@${NUMBER},${NUMBER}(?:,[\\d.]+[zm])?`);
const QUERY = new RegExp(`[?&](?:q|query|ll|center|destination)=${NUMBER}(?:,|%2C)\\s*${NUMBER}(?:&|$)`, "i");
const PAIR_TEXT = new RegExp(`^\\s*\\(?\\s*${NUMBER}\\s*[,;\\s]\\s*${NUMBER}\\s*\\)?\\s*$`);

function toCoordinates(latValue: unknown, lngValue: unknown): Coordinates | null {
  const latitude = typeof latValue === "number" ? latValue : Number(cleanText(latValue).value ?? Number.NaN);
  const longitude = typeof lngValue === "number" ? lngValue : Number(cleanText(lngValue).value ?? Number.NaN);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

/** ".../place/X/@47.37,8.54,17z/data=...!3d47.3712!4d8.5412" → the pin (47.3712, 8.5412); "@lat,lng" alone is the map's centre. */
export function coordinatesFromMapsUrl(url: string): Coordinates | null {
  if (!/google\.|goo\.gl/i.test(url)) return null;
  const pin = PIN.exec(url);
  if (pin) return toCoordinates(pin[1], pin[2]);
  const viewport = VIEWPORT.exec(url);
  if (viewport) return toCoordinates(viewport[1], viewport[2]);
  const query = QUERY.exec(url);
  return query ? toCoordinates(query[1], query[2]) : null;
}

function parseJsonText(text: string): unknown {
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * {lat, lng} / {latitude, longitude} / {lat, lon} / GeoJSON {type: "Point", coordinates: [lng, lat]} / [lat, lng] /
 * "47.37, 8.54" (as a value or as JSON text) → coordinates. NOTE: a bare pair is read as (lat, lng), Google's order,
 * unless its first number cannot be a latitude.
 */
export function coordinatesFromValue(value: unknown): Coordinates | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const text = value.trim();
    const parsed = parseJsonText(text);
    if (parsed !== undefined) return coordinatesFromValue(parsed);
    const pair = PAIR_TEXT.exec(text);
    return pair ? coordinatesFromValue([Number(pair[1]), Number(pair[2])]) : null;
  }
  if (Array.isArray(value)) {
    if (value.length !== 2) return null;
    const [first, second] = value.map((item) => (typeof item === "number" ? item : Number(cleanText(item).value ?? Number.NaN)));
    if (first === undefined || second === undefined) return null;
    return Math.abs(first) > 90 ? toCoordinates(second, first) : toCoordinates(first, second);
  }
  if (typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.coordinates) && String(record.type).toLowerCase() === "point") {
    const [lng, lat] = record.coordinates as unknown[];
    return toCoordinates(lat, lng);
  }
  const lat = record.lat ?? record.latitude ?? record.Lat ?? record.Latitude;
  const lng = record.lng ?? record.lon ?? record.long ?? record.longitude ?? record.Lng ?? record.Longitude;
  if (lat !== undefined && lng !== undefined) return toCoordinates(lat, lng);
  // {"location": {...}} or {"coordinates": {...}} one level down.
  const inner = record.location ?? record.coordinates ?? record.geo;
  return inner !== undefined && inner !== value ? coordinatesFromValue(inner) : null;
}
