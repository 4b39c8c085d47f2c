import { describe, expect, it } from "vitest";
import { createAdminFormat, translate, type AdminTextKey } from "./admin-i18n";

describe("admin catalogues", () => {
  it("keep the spec's Turkish texts verbatim in Turkish, and speak English in English", () => {
    const spec: Array<[AdminTextKey, string, string, Record<string, string>?]> = [
      ["dashboard.success", "Başarılı", "Succeeded"],
      ["dashboard.failure", "Hata", "Failed"],
      ["dashboard.unknownDate", "Tarih bilinmiyor", "Date unknown"],
      ["settings.saveError", "Kayıt hatası", "Save failed"],
      ["settings.cacheError", "Cache temizleme hatası", "Cache clearing failed"],
      ["businesses.empty", "İşletme bulunamadı", "No businesses found"],
      ["businesses.loading", "İşletmeler yükleniyor...", "Loading businesses..."],
      ["upload.tooLarge", "Dosya çok büyük", "File too large"],
      ["upload.tooLargeText", "a.xlsx - Maksimum dosya boyutu 150MB'dır", "a.xlsx - The maximum file size is 150 MB", { file: "a.xlsx" }],
      ["upload.partial", "Kısmi başarı", "Partial success"],
      ["upload.failed", "Yükleme hatası", "Upload failed"],
      ["export.error", "Dışa aktarma hatası", "Export failed"],
      ["export.categoriesLoading", "Kategoriler yükleniyor...", "Loading categories..."],
      ["export.categoriesEmpty", "Kategori bulunamadı.", "No categories found."],
      ["export.categoriesError", "Kategoriler yüklenemedi. Sayfa yenileyin.", "Categories could not be loaded. Reload the page."],
      ["export.noMatch", ' "xyz" için sonuç bulunamadı', ' No results for "xyz"', { term: "xyz" }],
    ];
    for (const [key, turkish, english, values] of spec) {
      expect(translate("tr", key, values)).toBe(turkish);
      expect(translate("en", key, values)).toBe(english);
    }
  });

  it("formats numbers and dates in the admin's language", () => {
    const tr = createAdminFormat("tr");
    const en = createAdminFormat("en");
    expect([tr.formatNumber(1809), en.formatNumber(1809)]).toEqual(["1.809", "1,809"]);
    expect([tr.formatDecimal(4.4), en.formatDecimal(4.4)]).toEqual(["4,4", "4.4"]);
    expect([tr.formatDate("2026-11-26T10:00:00Z"), en.formatDate("2026-11-26T10:00:00Z")]).toEqual(["26 Kas 2026", "Nov 26, 2026"]);
    expect([tr.formatDate("2026-11-26"), en.formatDayMonth("2026-11-26")]).toEqual(["26 Kas 2026", "Nov 26"]);
  });

  it("speaks Turkish on the login page by default and fills placeholders", () => {
    expect(translate("tr", "login.username")).toBe("Kullanıcı Adı");
    expect(translate("en", "login.username")).toBe("Username");
    expect(translate("tr", "login.throttled", { minutes: 15 })).toBe("Çok fazla başarısız deneme. 15 dakika sonra tekrar deneyin.");
    expect(translate("en", "messages.deleteConfirm", { name: "Ada" })).toBe("Delete the message from Ada?");
    expect(translate("en", "messages.deleteConfirm")).toBe("Delete the message from {name}?");
    expect(translate("en", "businesses.deleteConfirm", { name: "Ada" })).toBe('Are you sure you want to delete "Ada"?');
    expect(translate("en", "upload.failedFor", { file: "a.csv", detail: "500: boom" })).toBe("Upload failed for a.csv: 500: boom");
  });
});
