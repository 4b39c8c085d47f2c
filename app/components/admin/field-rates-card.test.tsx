// The admin's percentages in its two languages, rendered without a browser: Turkish puts the sign first ("%75,5"),
// English after ("75.5%"), both through Intl.NumberFormat's percent style.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdminLocaleProvider, formatAdminPercent, translate } from "./admin-i18n";
import { FieldRatesCard, type FieldRatesView } from "./field-rates-card";

const RATES: FieldRatesView = {
  rows: 4,
  fields: [
    { field: "country", count: 3, rate: 75, evidence: { column: 3 } },
    { field: "city", count: 3, rate: 75.5, evidence: {} },
    { field: "coordinates", count: 0, rate: 0, evidence: {} },
  ],
};

function rateCells(locale: "tr" | "en"): string[] {
  const html = renderToStaticMarkup(
    <AdminLocaleProvider locale={locale}>
      <FieldRatesCard rates={RATES} />
    </AdminLocaleProvider>,
  );
  return [...html.matchAll(/<span[^>]*>([^<]*)<\/span><\/td>/g)].map((match) => match[1] as string);
}

describe("admin percentages", () => {
  it("read %75 in Turkish and 75% in English on the field-rates card", () => {
    expect(rateCells("tr")).toEqual(["%75", "%75,5", "%0"]);
    expect(rateCells("en")).toEqual(["75%", "75.5%", "0%"]);
  });

  it("format rates inside catalogue texts the same way", () => {
    expect(formatAdminPercent("tr", 12.34)).toBe("%12,3");
    expect(formatAdminPercent("en", 100, 0)).toBe("100%");
    expect(translate("tr", "report.withRate", { count: "3", rate: formatAdminPercent("tr", 75) })).toBe("3 (%75)");
    expect(translate("en", "dashboard.shareOfAll", { share: formatAdminPercent("en", 7.5) })).toBe("7.5% of all listings");
  });
});
