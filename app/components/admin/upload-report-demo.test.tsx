// The upload report says when a file hid the demo listings from the public site, in both admin languages, and stays
// silent otherwise (rendered without a browser).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdminLocaleProvider } from "./admin-i18n";
import { UploadReport } from "./upload-report";
import type { BatchUploadResult } from "./upload-send";

const RESULT: BatchUploadResult = {
  success: true,
  message: "1 row imported",
  totalRows: 1,
  successCount: 1,
  errorCount: 0,
  skippedCount: 0,
  skippedBusinesses: [],
  errors: [],
};

function render(locale: "tr" | "en", result: BatchUploadResult): string {
  return renderToStaticMarkup(
    <AdminLocaleProvider locale={locale}>
      <UploadReport fileName="real.csv" result={result} />
    </AdminLocaleProvider>,
  );
}

describe("upload report: demo listings hidden", () => {
  it("names how many demo listings left the public site", () => {
    expect(render("en", { ...RESULT, hiddenDemoBusinesses: 1200 })).toContain("1,200 demo listings are now hidden from the public site");
    expect(render("tr", { ...RESULT, hiddenDemoBusinesses: 1200 })).toContain("1.200 demo kayıt artık herkese açık sitede gösterilmiyor");
  });

  it("says nothing when the upload hid none", () => {
    expect(render("en", { ...RESULT, hiddenDemoBusinesses: 0 })).not.toContain("upload-demo-hidden");
    expect(render("en", RESULT)).not.toContain("upload-demo-hidden");
  });
});
