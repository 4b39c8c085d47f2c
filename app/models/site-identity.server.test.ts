import { describe, expect, it } from "vitest";
import { buildPhoneHref, toPublicIdentity } from "./site-identity.server";

const EMPTY = {
  company_name: "",
  company_street: "  ",
  company_postal_city: "",
  company_country: "",
  company_phone: "",
  support_email: "",
  privacy_email: "",
  legal_email: "",
  company_legal_form: "",
  company_register: "",
  company_registration_number: "",
  company_vat_id: "",
  company_management: "",
  governing_law: " ",
  place_of_jurisdiction: "",
};

describe("toPublicIdentity: unset fields are null; placeholders only outside production", () => {
  it("in production an unset field is left out (null) and no placeholder is asked for", () => {
    const identity = toPublicIdentity(EMPTY, true);
    expect(identity.showPlaceholders).toBe(false);
    expect(identity.companyName).toBeNull();
    expect(identity.street).toBeNull();
    expect(identity.phoneHref).toBeNull();
    expect([identity.legalForm, identity.register, identity.registrationNumber, identity.vatId]).toEqual([null, null, null, null]);
    expect([identity.management, identity.governingLaw, identity.placeOfJurisdiction]).toEqual([null, null, null]);
  });

  it("outside production the same row asks for 'not configured' marks", () => {
    expect(toPublicIdentity(EMPTY, false).showPlaceholders).toBe(true);
  });

  it("a configured row is passed on trimmed, with a tel: link of the phone's digits", () => {
    const identity = toPublicIdentity({ ...EMPTY, company_name: " Acme GmbH ", company_phone: "+49 (30) 123-456" }, true);
    expect(identity.companyName).toBe("Acme GmbH");
    expect(identity.phone).toBe("+49 (30) 123-456");
    expect(identity.phoneHref).toBe("tel:+4930123456");
    expect(buildPhoneHref("030 123 456")).toBe("tel:030123456");
  });
});
