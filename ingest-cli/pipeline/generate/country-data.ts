// ISO country code (+ city position) → calling code, phone/postal shapes, IANA time zone, locale; honest fallbacks.
// Tables cover the countries that hold most of the world's city population; anything else falls back to a
// generic shape (phone) or a blank (postal code) or "UTC" (time zone) rather than inventing a wrong local rule.

export type Locale = "en" | "de" | "fr" | "es" | "pt" | "it" | "tr" | "nl" | "pl" | "ru" | "el" | "zh" | "ja" | "ko";

/** Where the postal code goes in full_address: US "city, ST 12345"; "after" city; "before" city (most of Europe). */
export type AddressStyle = "us" | "after" | "before";

// ITU-T E.164 country calling codes, "CC<digits>" pairs.
const CALLING_CODES = parsePairs(
  "AD376 AE971 AF93 AG1 AI1 AL355 AM374 AO244 AR54 AS1 AT43 AU61 AW297 AX358 AZ994 BA387 BB1 BD880 BE32 BF226 " +
    "BG359 BH973 BI257 BJ229 BL590 BM1 BN673 BO591 BQ599 BR55 BS1 BT975 BW267 BY375 BZ501 CA1 CC61 CD243 CF236 " +
    "CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 CV238 CW599 CX61 CY357 CZ420 DE49 DJ253 DK45 DM1 DO1 " +
    "DZ213 EC593 EE372 EG20 EH212 ER291 ES34 ET251 FI358 FJ679 FK500 FM691 FO298 FR33 GA241 GB44 GD1 GE995 GF594 " +
    "GG44 GH233 GI350 GL299 GM220 GN224 GP590 GQ240 GR30 GT502 GU1 GW245 GY592 HK852 HN504 HR385 HT509 HU36 ID62 " +
    "IE353 IL972 IM44 IN91 IQ964 IR98 IS354 IT39 JE44 JM1 JO962 JP81 KE254 KG996 KH855 KI686 KM269 KN1 KP850 KR82 " +
    "KW965 KY1 KZ7 LA856 LB961 LC1 LI423 LK94 LR231 LS266 LT370 LU352 LV371 LY218 MA212 MC377 MD373 ME382 MF590 " +
    "MG261 MH692 MK389 ML223 MM95 MN976 MO853 MP1 MQ596 MR222 MS1 MT356 MU230 MV960 MW265 MX52 MY60 MZ258 NA264 " +
    "NC687 NE227 NF672 NG234 NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 PF689 PG675 PH63 PK92 PL48 " +
    "PM508 PN64 PR1 PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 SA966 SB677 SC248 SD249 SE46 SG65 " +
    "SH290 SI386 SJ47 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ST239 SV503 SX1 SY963 SZ268 TC1 TD235 TG228 TH66 " +
    "TJ992 TK690 TL670 TM993 TN216 TO676 TR90 TT1 TV688 TW886 TZ255 UA380 UG256 US1 UY598 UZ998 VA39 VC1 VE58 VG1 " +
    "VI1 VN84 VU678 WF681 WS685 XK383 YE967 YT262 ZA27 ZM260 ZW263",
);

// National number shapes after "+CC ": A = digit fixed per city (area code), N = non-zero digit, # = any digit.
const PHONE_SHAPES: Record<string, string> = {
  US: "NAA-N##-####",
  CA: "NAA-N##-####",
  PR: "NAA-N##-####",
  GB: "AA #### ####",
  IE: "A ### ####",
  DE: "AA ########",
  AT: "A #######",
  CH: "AA ### ## ##",
  FR: "A ## ## ## ##",
  BE: "A ### ## ##",
  NL: "AA ### ####",
  LU: "## ## ##",
  ES: "9A# ## ## ##",
  PT: "2A# ### ###",
  IT: "0A #### ####",
  PL: "AA ### ## ##",
  CZ: "AA# ### ###",
  SE: "A ### ## ##",
  NO: "AA ## ## ##",
  DK: "AA ## ## ##",
  FI: "A ### ####",
  GR: "2A# ### ####",
  CY: "2A ######",
  TR: "2AA ### ## ##",
  RU: "AAA ###-##-##",
  KZ: "7AA ###-##-##",
  UA: "AA ### ####",
  RO: "2AA ### ###",
  BR: "AA N###-####",
  MX: "AA #### ####",
  AR: "AA ####-####",
  CO: "60A ### ####",
  CL: "2 #### ####",
  PE: "A #######",
  VE: "2AA-#######",
  IN: "AA #### ####",
  PK: "AA #######",
  BD: "AA-#######",
  CN: "AA #### ####",
  HK: "N### ####",
  TW: "A ####-####",
  JP: "A-####-####",
  KR: "AA-###-####",
  PH: "A ####-####",
  VN: "2A ### ####",
  TH: "A ### ####",
  MY: "A-### ####",
  SG: "6### ####",
  ID: "AA #######",
  AU: "A #### ####",
  NZ: "A ### ####",
  ZA: "AA ### ####",
  NG: "A ### ####",
  EG: "A #######",
  MA: "5AA-######",
  KE: "AA #######",
  SA: "1A ### ####",
  AE: "A ### ####",
  IL: "A-###-####",
  IR: "AA ####-####",
};
const DEFAULT_PHONE_SHAPE = "AA ### ####";

// Postal shapes: # digit, @ letter; characters before "|" are fixed per city, after it vary per address.
const POSTAL_SHAPES: Record<string, string> = {
  US: "###|##",
  CA: "@#@| #@#",
  GB: "@@#| #@@",
  IE: "@##| @#@#",
  DE: "###|##",
  AT: "##|##",
  CH: "##|##",
  FR: "####|#",
  BE: "##|##",
  NL: "##|## @@",
  LU: "##|##",
  ES: "###|##",
  PT: "####|-###",
  IT: "###|##",
  PL: "##-#|##",
  CZ: "### |##",
  SK: "### |##",
  HU: "##|##",
  SE: "### |##",
  NO: "##|##",
  DK: "##|##",
  FI: "###|##",
  GR: "### |##",
  CY: "##|##",
  TR: "###|##",
  RU: "####|##",
  UA: "###|##",
  RO: "####|##",
  BR: "#####|-###",
  MX: "###|##",
  AR: "@####|@@@",
  CO: "####|##",
  CL: "#####|##",
  PE: "###|##",
  IN: "####|##",
  PK: "###|##",
  BD: "##|##",
  CN: "####|##",
  TW: "###|##",
  JP: "###-|####",
  KR: "###|##",
  PH: "##|##",
  VN: "####|##",
  TH: "###|##",
  MY: "###|##",
  SG: "###|###",
  ID: "###|##",
  AU: "###|#",
  NZ: "###|#",
  ZA: "###|#",
  NG: "####|##",
  EG: "###|##",
  MA: "###|##",
  KE: "###|##",
  SA: "###|##",
  IL: "#####|##",
  IR: "#####|#####",
  DZ: "###|##",
  TN: "###|#",
};

const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

// First ZIP digit by state (USPS national areas), so a ZIP at least starts right for its state.
const US_ZIP_AREA = parsePairs(
  "CT0 MA0 ME0 NH0 NJ0 RI0 VT0 DE1 NY1 PA1 DC2 MD2 NC2 SC2 VA2 WV2 AL3 FL3 GA3 MS3 TN3 IN4 KY4 MI4 OH4 IA5 MN5 " +
    "MT5 ND5 SD5 WI5 IL6 KS6 MO6 NE6 AR7 LA7 OK7 TX7 AZ8 CO8 ID8 NM8 NV8 UT8 WY8 AK9 CA9 HI9 OR9 WA9",
);

const US_STATE_ZONES: Record<string, string> = {
  ...fill("CT DE DC FL GA ME MD MA NH NJ NY NC OH PA RI SC VT VA WV KY", "America/New_York"),
  ...fill("MI", "America/Detroit"),
  ...fill("IN", "America/Indiana/Indianapolis"),
  ...fill("AL AR IL IA KS LA MN MS MO NE ND OK SD TX WI TN", "America/Chicago"),
  ...fill("CO MT NM UT WY ID", "America/Denver"),
  ...fill("AZ", "America/Phoenix"),
  ...fill("CA NV OR WA", "America/Los_Angeles"),
  ...fill("AK", "America/Anchorage"),
  ...fill("HI", "Pacific/Honolulu"),
};

// Countries with one zone for (nearly) all of their cities.
const COUNTRY_ZONES: Record<string, string> = {
  GB: "Europe/London",
  IE: "Europe/Dublin",
  FR: "Europe/Paris",
  DE: "Europe/Berlin",
  IT: "Europe/Rome",
  NL: "Europe/Amsterdam",
  BE: "Europe/Brussels",
  LU: "Europe/Luxembourg",
  CH: "Europe/Zurich",
  AT: "Europe/Vienna",
  PL: "Europe/Warsaw",
  CZ: "Europe/Prague",
  SK: "Europe/Bratislava",
  HU: "Europe/Budapest",
  RO: "Europe/Bucharest",
  BG: "Europe/Sofia",
  GR: "Europe/Athens",
  TR: "Europe/Istanbul",
  UA: "Europe/Kyiv",
  BY: "Europe/Minsk",
  SE: "Europe/Stockholm",
  NO: "Europe/Oslo",
  DK: "Europe/Copenhagen",
  FI: "Europe/Helsinki",
  EE: "Europe/Tallinn",
  LV: "Europe/Riga",
  LT: "Europe/Vilnius",
  RS: "Europe/Belgrade",
  HR: "Europe/Zagreb",
  SI: "Europe/Ljubljana",
  BA: "Europe/Sarajevo",
  MK: "Europe/Skopje",
  AL: "Europe/Tirane",
  MD: "Europe/Chisinau",
  ME: "Europe/Podgorica",
  XK: "Europe/Belgrade",
  CY: "Asia/Nicosia",
  MT: "Europe/Malta",
  IS: "Atlantic/Reykjavik",
  MC: "Europe/Monaco",
  AD: "Europe/Andorra",
  LI: "Europe/Vaduz",
  SM: "Europe/San_Marino",
  IN: "Asia/Kolkata",
  PK: "Asia/Karachi",
  BD: "Asia/Dhaka",
  LK: "Asia/Colombo",
  NP: "Asia/Kathmandu",
  CN: "Asia/Shanghai",
  HK: "Asia/Hong_Kong",
  MO: "Asia/Macau",
  TW: "Asia/Taipei",
  JP: "Asia/Tokyo",
  KR: "Asia/Seoul",
  KP: "Asia/Pyongyang",
  PH: "Asia/Manila",
  VN: "Asia/Ho_Chi_Minh",
  TH: "Asia/Bangkok",
  MY: "Asia/Kuala_Lumpur",
  SG: "Asia/Singapore",
  MM: "Asia/Yangon",
  KH: "Asia/Phnom_Penh",
  LA: "Asia/Vientiane",
  IR: "Asia/Tehran",
  IQ: "Asia/Baghdad",
  SA: "Asia/Riyadh",
  AE: "Asia/Dubai",
  IL: "Asia/Jerusalem",
  PS: "Asia/Hebron",
  JO: "Asia/Amman",
  LB: "Asia/Beirut",
  SY: "Asia/Damascus",
  YE: "Asia/Aden",
  OM: "Asia/Muscat",
  KW: "Asia/Kuwait",
  QA: "Asia/Qatar",
  BH: "Asia/Bahrain",
  AF: "Asia/Kabul",
  UZ: "Asia/Tashkent",
  TM: "Asia/Ashgabat",
  TJ: "Asia/Dushanbe",
  KG: "Asia/Bishkek",
  AZ: "Asia/Baku",
  GE: "Asia/Tbilisi",
  AM: "Asia/Yerevan",
  MN: "Asia/Ulaanbaatar",
  EG: "Africa/Cairo",
  NG: "Africa/Lagos",
  ZA: "Africa/Johannesburg",
  KE: "Africa/Nairobi",
  ET: "Africa/Addis_Ababa",
  GH: "Africa/Accra",
  MA: "Africa/Casablanca",
  DZ: "Africa/Algiers",
  TN: "Africa/Tunis",
  LY: "Africa/Tripoli",
  SD: "Africa/Khartoum",
  TZ: "Africa/Dar_es_Salaam",
  UG: "Africa/Kampala",
  AO: "Africa/Luanda",
  MZ: "Africa/Maputo",
  ZW: "Africa/Harare",
  ZM: "Africa/Lusaka",
  CM: "Africa/Douala",
  CI: "Africa/Abidjan",
  SN: "Africa/Dakar",
  ML: "Africa/Bamako",
  NE: "Africa/Niamey",
  BF: "Africa/Ouagadougou",
  MG: "Indian/Antananarivo",
  RW: "Africa/Kigali",
  SO: "Africa/Mogadishu",
  BJ: "Africa/Porto-Novo",
  TG: "Africa/Lome",
  GN: "Africa/Conakry",
  TD: "Africa/Ndjamena",
  MW: "Africa/Blantyre",
  BI: "Africa/Bujumbura",
  SS: "Africa/Juba",
  ER: "Africa/Asmara",
  NA: "Africa/Windhoek",
  BW: "Africa/Gaborone",
  SL: "Africa/Freetown",
  LR: "Africa/Monrovia",
  CG: "Africa/Brazzaville",
  GA: "Africa/Libreville",
  MU: "Indian/Mauritius",
  AR: "America/Argentina/Buenos_Aires",
  CO: "America/Bogota",
  PE: "America/Lima",
  VE: "America/Caracas",
  CL: "America/Santiago",
  EC: "America/Guayaquil",
  BO: "America/La_Paz",
  PY: "America/Asuncion",
  UY: "America/Montevideo",
  GT: "America/Guatemala",
  CU: "America/Havana",
  DO: "America/Santo_Domingo",
  HT: "America/Port-au-Prince",
  HN: "America/Tegucigalpa",
  SV: "America/El_Salvador",
  NI: "America/Managua",
  CR: "America/Costa_Rica",
  PA: "America/Panama",
  JM: "America/Jamaica",
  PR: "America/Puerto_Rico",
  TT: "America/Port_of_Spain",
  NZ: "Pacific/Auckland",
};

const LOCALE_BY_COUNTRY: Record<string, Locale> = {
  ...fill("DE AT CH LI", "de"),
  ...fill("FR BE LU MC SN CI CM ML BF NE TG BJ GA CG CD MG HT DZ MA TN", "fr"),
  ...fill("ES MX AR CO PE VE CL EC GT CU BO DO HN PY SV NI CR PA UY PR GQ", "es"),
  ...fill("BR PT AO MZ CV GW ST", "pt"),
  ...fill("IT SM VA", "it"),
  ...fill("TR", "tr"),
  ...fill("NL SR AW CW", "nl"),
  ...fill("PL", "pl"),
  ...fill("RU BY KZ KG", "ru"),
  ...fill("GR CY", "el"),
  ...fill("CN TW HK MO", "zh"),
  ...fill("JP", "ja"),
  ...fill("KR", "ko"),
};

const US_STYLE = new Set(["US", "PR"]);
const POSTAL_AFTER_CITY = new Set([
  "GB",
  "IE",
  "CA",
  "AU",
  "NZ",
  "IN",
  "JP",
  "KR",
  "CN",
  "TW",
  "SG",
  "ZA",
  "NG",
  "PH",
  "KE",
  "PK",
  "BD",
  "TH",
  "VN",
  "ID",
  "MY",
  "SA",
  "AE",
  "EG",
  "BR",
  "CO",
  "PE",
  "RU",
  "UA",
  "LK",
]);

// Second-level domains where businesses customarily register under com./co.
const DOMAIN_SUFFIX: Record<string, string> = {
  US: "com",
  GB: "co.uk",
  JP: "co.jp",
  BR: "com.br",
  AU: "com.au",
  MX: "com.mx",
  AR: "com.ar",
  TR: "com.tr",
  CN: "com.cn",
  IN: "in",
  ZA: "co.za",
  NZ: "co.nz",
  KR: "co.kr",
  CO: "com.co",
  PE: "com.pe",
  TW: "com.tw",
  EG: "com.eg",
  NG: "com.ng",
  PK: "com.pk",
  PH: "com.ph",
  SA: "com.sa",
  MY: "com.my",
  ID: "co.id",
  TH: "co.th",
};

export function callingCodeFor(countryCode: string): string | undefined {
  return CALLING_CODES[countryCode];
}

export function phoneShapeFor(countryCode: string): string {
  return PHONE_SHAPES[countryCode] ?? DEFAULT_PHONE_SHAPE;
}

/** undefined = we know no postal format for the country, so the field stays blank (true of many countries). */
export function postalShapeFor(countryCode: string): string | undefined {
  return POSTAL_SHAPES[countryCode];
}

export function usZipAreaDigit(stateCode: string): string | undefined {
  return US_ZIP_AREA[stateCode];
}

/** US admin codes are the postal state codes ("NY"); elsewhere GeoNames uses opaque numbers, so we leave state blank. */
export function stateNameFor(countryCode: string, adminCode: string): string | null {
  if (countryCode !== "US") return null;
  return US_STATES[adminCode] ?? null;
}

export function localeFor(countryCode: string): Locale {
  return LOCALE_BY_COUNTRY[countryCode] ?? "en";
}

export function addressStyleFor(countryCode: string): AddressStyle {
  if (US_STYLE.has(countryCode)) return "us";
  return POSTAL_AFTER_CITY.has(countryCode) ? "after" : "before";
}

export function domainSuffixFor(countryCode: string): string {
  return DOMAIN_SUFFIX[countryCode] ?? (countryCode === "" ? "com" : countryCode.toLowerCase());
}

/**
 * The IANA zone of a place. Multi-zone countries are split by state (US) or by longitude bands that follow
 * the real zone borders roughly; a city near a border may get its neighbour's zone. Unknown countries → "UTC".
 */
export function timeZoneFor(countryCode: string, adminCode: string, latitude: number, longitude: number): string {
  switch (countryCode) {
    case "US":
      return US_STATE_ZONES[adminCode] ?? "America/New_York";
    case "CA":
      if (longitude < -120) return "America/Vancouver";
      if (longitude < -110) return "America/Edmonton";
      if (longitude < -102) return "America/Regina";
      if (longitude < -90) return "America/Winnipeg";
      if (longitude < -66) return "America/Toronto";
      if (longitude < -59) return "America/Halifax";
      return "America/St_Johns";
    case "AU":
      if (longitude < 129) return "Australia/Perth";
      if (longitude < 138) return latitude > -26 ? "Australia/Darwin" : "Australia/Adelaide";
      if (latitude < -40) return "Australia/Hobart";
      if (latitude > -28.2) return "Australia/Brisbane";
      return latitude < -36 && longitude < 150 ? "Australia/Melbourne" : "Australia/Sydney";
    case "BR":
      if (longitude < -66) return "America/Rio_Branco";
      if (longitude < -56 && latitude > -10) return "America/Manaus";
      if (longitude < -51 && latitude > -18 && latitude <= -10) return "America/Cuiaba";
      if (latitude > -10 && longitude > -41) return "America/Fortaleza";
      return "America/Sao_Paulo";
    case "MX":
      if (longitude < -114) return "America/Tijuana";
      if (longitude < -105.5) return latitude > 27 ? "America/Hermosillo" : "America/Mazatlan";
      if (longitude > -89) return "America/Cancun";
      return "America/Mexico_City";
    case "RU":
      if (longitude < 23) return "Europe/Kaliningrad";
      if (longitude < 48) return "Europe/Moscow";
      if (longitude < 55) return "Europe/Samara";
      if (longitude < 68) return "Asia/Yekaterinburg";
      if (longitude < 78) return "Asia/Omsk";
      if (longitude < 87) return "Asia/Novosibirsk";
      if (longitude < 98) return "Asia/Krasnoyarsk";
      if (longitude < 119) return "Asia/Irkutsk";
      if (longitude < 130) return "Asia/Yakutsk";
      if (longitude < 146) return "Asia/Vladivostok";
      if (longitude < 157) return "Asia/Magadan";
      return "Asia/Kamchatka";
    case "ID":
      if (longitude < 114.5) return "Asia/Jakarta";
      if (longitude < 126) return "Asia/Makassar";
      return "Asia/Jayapura";
    case "KZ":
      return longitude < 66 ? "Asia/Aqtobe" : "Asia/Almaty";
    case "CD":
      return longitude < 22 ? "Africa/Kinshasa" : "Africa/Lubumbashi";
    case "ES":
      return longitude < -13 ? "Atlantic/Canary" : "Europe/Madrid";
    case "PT":
      if (longitude < -20) return "Atlantic/Azores";
      return longitude < -15 ? "Atlantic/Madeira" : "Europe/Lisbon";
    default:
      return COUNTRY_ZONES[countryCode] ?? "UTC";
  }
}

/** Every zone name the tables can answer, so a test can check each one exists in this runtime's tz database. */
export function listKnownTimeZones(): string[] {
  const probes: Array<[string, string, number, number]> = [];
  for (const country of ["CA", "AU", "BR", "MX", "RU", "ID", "KZ", "CD", "ES", "PT"]) {
    for (let lat = -60; lat <= 80; lat += 2) {
      for (let lon = -180; lon <= 180; lon += 2) probes.push([country, "", lat, lon]);
    }
  }
  const zones = new Set([...Object.values(COUNTRY_ZONES), ...Object.values(US_STATE_ZONES), "UTC"]);
  for (const [country, admin, lat, lon] of probes) zones.add(timeZoneFor(country, admin, lat, lon));
  return [...zones];
}

function parsePairs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const token of text.split(/\s+/)) {
    if (token) out[token.slice(0, 2)] = token.slice(2);
  }
  return out;
}

function fill<T>(codes: string, value: T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const code of codes.split(" ")) out[code] = value;
  return out;
}
