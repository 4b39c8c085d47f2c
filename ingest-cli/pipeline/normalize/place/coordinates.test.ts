import { describe, expect, it } from "vitest";
import { coordinatesFromMapsUrl, coordinatesFromValue } from "./coordinates.ts";

describe("coordinatesFromMapsUrl", () => {
  it("prefers the pin (!3d…!4d…) over the viewport (@lat,lng,zoom)", () => {
    const url =
      "https://www.google.com/maps/place/Cafe+Madeup/@47.3700000,8.5300000,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x1!8m2!3d47.3712345!4d8.5412345!16s";
    expect(coordinatesFromMapsUrl(url)).toEqual({ latitude: 47.3712345, longitude: 8.5412345 });
  });
  it("reads the viewport when there is no pin, and negative numbers", () => {
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/search/bakery/@-33.8688,151.2093,14z")).toEqual({
      latitude: -33.8688,
      longitude: 151.2093,
    });
    expect(coordinatesFromMapsUrl("https://maps.google.com/?q=40.7128,-74.0060&z=12")).toEqual({ latitude: 40.7128, longitude: -74.006 });
  });
  it("refuses links without coordinates, other hosts and impossible pairs", () => {
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/place/?q=place_id:ChIJmadeUp")).toBeNull();
    expect(coordinatesFromMapsUrl("https://example.com/@47.1,8.2,17z")).toBeNull();
    expect(coordinatesFromMapsUrl("https://www.google.com/maps/@95.1,8.2,17z")).toBeNull();
  });
});

describe("coordinatesFromValue", () => {
  it.each([
    ["object lat/lng", { lat: 52.52, lng: 13.405 }],
    ["object latitude/longitude text", { latitude: "52.52", longitude: "13.405" }],
    ["JSON text", '{"lat": 52.52, "lon": 13.405}'],
    ["GeoJSON point", { type: "Point", coordinates: [13.405, 52.52] }],
    ["array [lat, lng]", [52.52, 13.405]],
    ["text pair", "52.52, 13.405"],
    ["nested one level", { location: { lat: 52.52, lng: 13.405 } }],
  ])("%s", (_shape, value) => {
    expect(coordinatesFromValue(value)).toEqual({ latitude: 52.52, longitude: 13.405 });
  });
  it("swaps a pair whose first number cannot be a latitude, and refuses 0,0 and junk", () => {
    expect(coordinatesFromValue([121.03, 14.65])).toEqual({ latitude: 14.65, longitude: 121.03 });
    expect(coordinatesFromValue("0,0")).toBeNull();
    expect(coordinatesFromValue("near the station")).toBeNull();
    expect(coordinatesFromValue({ lat: "", lng: "" })).toBeNull();
  });
});
