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
    }
  });

  it("speaks Turkish on the login page by default and fills placeholders", () => {
    expect(translate("tr", "login.username")).toBe("Kullanıcı Adı");
    expect(translate("en", "login.username")).toBe("Username");
    expect(translate("tr", "login.throttled", { minutes: 15 })).toBe("Çok fazla başarısız deneme. 15 dakika sonra tekrar deneyin.");
    expect(translate("en", "messages.deleteConfirm", { name: "Ada" })).toBe("Delete the message from Ada?");
    expect(translate("en", "messages.deleteConfirm")).toBe("Delete the message from {name}?");
  });
});
