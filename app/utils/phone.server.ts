// A stored phone (as written) and its E.164 form → what a page shows: the national format when the number belongs to
// the business's country, the international one otherwise, and the text as written when there is no E.164.
import { parsePhoneNumberFromString } from "libphonenumber-js";

export function formatPhoneForDisplay(phone: string | null, e164: string | null, countryCode: string | null): string | null {
  if (!e164) return phone;
  const number = parsePhoneNumberFromString(e164);
  if (!number) return phone;
  return number.country !== undefined && number.country === countryCode ? number.formatNational() : number.formatInternational();
}
