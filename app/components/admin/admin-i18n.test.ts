import { describe, expect, it } from "vitest";
import { translate } from "./admin-i18n";

describe("admin catalogues", () => {
  it("keep the spec's Turkish texts verbatim in both languages where the spec gives no English", () => {
    for (const locale of ["tr", "en"] as const) {
      expect(translate(locale, "dashboard.success")).toBe("Başarılı");
      expect(translate(locale, "dashboard.failure")).toBe("Hata");
      expect(translate(locale, "dashboard.unknownDate")).toBe("Tarih bilinmiyor");
      expect(translate(locale, "settings.saveError")).toBe("Kayıt hatası");
      expect(translate(locale, "settings.cacheError")).toBe("Cache temizleme hatası");
      expect(translate(locale, "businesses.empty")).toBe("İşletme bulunamadı");
      expect(translate(locale, "businesses.loading")).toBe("İşletmeler yükleniyor...");
      expect(translate(locale, "upload.tooLarge")).toBe("Dosya çok büyük");
      expect(translate(locale, "upload.tooLargeText", { file: "a.xlsx" })).toBe("a.xlsx - Maksimum dosya boyutu 150MB'dır");
      expect(translate(locale, "upload.partial")).toBe("Kısmi başarı");
      expect(translate(locale, "upload.failed")).toBe("Yükleme hatası");
      expect(translate(locale, "export.error")).toBe("Dışa aktarma hatası");
      expect(translate(locale, "export.categoriesLoading")).toBe("Kategoriler yükleniyor...");
      expect(translate(locale, "export.categoriesEmpty")).toBe("Kategori bulunamadı.");
      expect(translate(locale, "export.categoriesError")).toBe("Kategoriler yüklenemedi. Sayfa yenileyin.");
      expect(translate(locale, "export.noMatch", { term: "xyz" })).toBe(' "xyz" için sonuç bulunamadı');
    }
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
