import { describe, expect, it } from "vitest";
import { buildDirectionsUrl, buildMapSearchUrl, buildTelHref, dropTrackingParams, readWebsiteUrl, readWebUrl } from "./business-links.ts";

const PLACE = { name: "Alpha Bakery", fullAddress: "Hauptstraße 1, 10115 Berlin, Germany", placeId: "ChIJ123", latitude: 52.52, longitude: 13.405 };

describe("business links", () => {
  it("drops click and campaign tracking parameters from a website, keeping everything else as written", () => {
    expect(dropTrackingParams("https://x.ch/?utm_source=gmb&utm_medium=organic&utm_campaign=localsearch")).toBe("https://x.ch/");
    expect(dropTrackingParams("https://x.ch/menu?lang=de&gclid=abc&UTM_Term=q&fbclid=1&msclkid=2#top")).toBe("https://x.ch/menu?lang=de#top");
    for (const param of [
      "gclid",
      "gbraid",
      "wbraid",
      "srsltid",
      "_ga",
      "_gl",
      "fbclid",
      "yclid",
      "mc_eid",
      "mc_cid",
      "_hsenc",
      "hsa_acc",
      "igshid",
    ]) {
      expect(dropTrackingParams(`https://x.ch/?${param}=1&id=7`), param).toBe("https://x.ch/?id=7");
    }
    expect(dropTrackingParams("https://x.ch/?ref=home&q=a%20b+c&id=7")).toBe("https://x.ch/?ref=home&q=a%20b+c&id=7");
    expect(dropTrackingParams("https://x.ch/a#utm_source=x")).toBe("https://x.ch/a#utm_source=x");
    expect(dropTrackingParams("https://x.ch/?utm%5Fsource=x")).toBe("https://x.ch/");
    expect(readWebsiteUrl("www.example.com/?utm_source=gmb")).toBe("https://www.example.com/");
    expect(readWebsiteUrl("javascript:alert(1)?utm_source=x")).toBeNull();
  });

  it("links a stored website or photo only when a browser reads it as http(s)", () => {
    expect(readWebUrl(" https://example.com/menu?a=1 ")).toBe("https://example.com/menu?a=1");
    expect(readWebUrl("HTTP://EXAMPLE.COM")).toBe("HTTP://EXAMPLE.COM");
    for (const hostile of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/x",
      "javascript:www.example.com",
      "www.example.com javascript:alert(1)",
      "localhost",
      "",
    ]) {
      expect(readWebUrl(hostile), hostile).toBeNull();
    }
    expect(readWebUrl(null)).toBeNull();
  });

  it("links a bare host name, as scrapers store websites, over https", () => {
    expect(readWebUrl("www.example.com")).toBe("https://www.example.com");
    expect(readWebUrl(" example.co.uk/menu?day=1 ")).toBe("https://example.co.uk/menu?day=1");
    expect(readWebUrl("café.example")).toBeNull();
  });

  it("dials only the digits and a leading plus", () => {
    expect(buildTelHref("+44 (20) 7946-0958")).toBe("tel:+442079460958");
    expect(buildTelHref("030 111 22")).toBe("tel:03011122");
    expect(buildTelHref("n/a")).toBeNull();
    expect(buildTelHref(null)).toBeNull();
  });

  it("routes by place id with the coordinates as destination", () => {
    const url = new URL(buildDirectionsUrl(PLACE) ?? "");
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("destination_place_id")).toBe("ChIJ123");
    expect(url.searchParams.get("destination")).toBe("52.52,13.405");
  });

  it("falls back to name and address, and to nothing when there is nothing to find", () => {
    const url = new URL(buildDirectionsUrl({ ...PLACE, placeId: null, latitude: null, longitude: null }) ?? "");
    expect(url.searchParams.get("destination")).toBe("Alpha Bakery, Hauptstraße 1, 10115 Berlin, Germany");
    expect(url.searchParams.has("destination_place_id")).toBe(false);
    expect(buildMapSearchUrl({ ...PLACE, latitude: null, longitude: null, fullAddress: null, name: " ", placeId: null })).toBeNull();
    expect(new URL(buildMapSearchUrl(PLACE) ?? "").searchParams.get("query_place_id")).toBe("ChIJ123");
  });
});
