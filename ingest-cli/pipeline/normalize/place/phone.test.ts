import { describe, expect, it } from "vitest";
import { countryFromPhonePrefix, parsePhone } from "./phone.ts";

describe("parsePhone", () => {
  it("reads national numbers with the business's country as the default region", () => {
    expect(parsePhone("97 754374", "CY")).toEqual({ e164: "+35797754374", country: "CY" });
    expect(parsePhone("044 668 18 00", "CH")).toEqual({ e164: "+41446681800", country: "CH" });
    expect(parsePhone("(02) 8123 4567", "PH")?.e164).toBe("+63281234567");
  });
  it("reads international numbers whatever the default region, in every spelling", () => {
    for (const text of ["+41 44 668 18 00", "0041 44 668 18 00", "tel:+41446681800", "+41 (0)44 668 18 00"]) {
      expect(parsePhone(text, "DE")?.e164).toBe("+41446681800");
    }
  });
  it("refuses what cannot be a number", () => {
    expect(parsePhone("call us", "CH")).toBeNull();
    expect(parsePhone("12", "CH")).toBeNull();
  });
});

describe("countryFromPhonePrefix", () => {
  it("names the country of international numbers only", () => {
    expect(countryFromPhonePrefix("+357 22 123456")).toBe("CY");
    expect(countryFromPhonePrefix("00 44 20 7946 0958")).toBe("GB");
    expect(countryFromPhonePrefix("020 7946 0958")).toBeNull();
  });
});
