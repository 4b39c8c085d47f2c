import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd } from "~/components/json-ld";
import { buildBreadcrumbJsonLd, buildLocalBusinessJsonLd, buildOpeningHoursSpecification } from "./business-json-ld.ts";

const BASE = {
  name: "Alpha Bakery",
  url: "https://directory.example/business/alpha-bakery-berlin",
  type: "Bakery",
  photo: "https://img.example/alpha.jpg",
  phone: "+49 30 111",
  fullAddress: "Hauptstraße 1, 10115 Berlin, Germany",
  city: "Berlin",
  countryCode: "de",
  latitude: 52.52,
  longitude: 13.405,
  rating: 4.8,
  reviews: 900,
  hours: { monday: [["09:00", "17:00"]], friday: [["18:00", "02:00"]], saturday: [["00:00", "24:00"]], sunday: [] },
  website: "https://alpha.example",
} as const;

describe("buildLocalBusinessJsonLd", () => {
  it("describes the business with address, geo, telephone, hours, rating and url", () => {
    const data = buildLocalBusinessJsonLd({ ...BASE, hours: { ...BASE.hours } });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Alpha Bakery",
      url: BASE.url,
      telephone: "+49 30 111",
      image: BASE.photo,
      address: { "@type": "PostalAddress", streetAddress: "Hauptstraße 1", addressLocality: "Berlin", addressCountry: "DE" },
      geo: { "@type": "GeoCoordinates", latitude: 52.52, longitude: 13.405 },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 900 },
    });
    expect(data.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "09:00", closes: "17:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00", closes: "02:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Saturday", opens: "00:00", closes: "23:59" },
    ]);
  });

  it("leaves out what is unknown instead of emitting empty values", () => {
    const data = buildLocalBusinessJsonLd({
      ...BASE,
      phone: null,
      photo: null,
      latitude: null,
      longitude: null,
      reviews: 0,
      hours: null,
      fullAddress: null,
      city: null,
      countryCode: null,
      website: null,
    });
    expect(Object.keys(data).sort()).toEqual(["@context", "@id", "@type", "description", "name", "url"]);
    expect(buildOpeningHoursSpecification({ monday: [["9:00", "17:00"]] })).toEqual([]);
  });

  it("stays inert inside its script element even when a name contains </script>", () => {
    const hostile = '</script><script>alert("x")</script><!--';
    const html = renderToStaticMarkup(createElement(JsonLd, { data: buildLocalBusinessJsonLd({ ...BASE, hours: null, name: hostile }) }));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<!--");
    const json = html.replace(/^<script type="application\/ld\+json">/, "").replace(/<\/script>$/, "");
    expect(JSON.parse(json).name).toBe(hostile);
  });
});

describe("buildBreadcrumbJsonLd", () => {
  it("numbers the crumbs from 1 with absolute item URLs", () => {
    const data = buildBreadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Germany", path: "/countries/germany" },
      ],
      (path) => `https://directory.example${path}`,
    );
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://directory.example/" },
      { "@type": "ListItem", position: 2, name: "Germany", item: "https://directory.example/countries/germany" },
    ]);
  });
});
