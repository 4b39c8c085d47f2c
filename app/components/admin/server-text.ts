// Server codes + parameters → admin text in Turkish or English: refusals and errors of the admin's calls and
// uploads ("code"), and the row issues of an import ("issue"); the admin never shows the server's English prose.
import { useMemo } from "react";
import { AdminFetchError } from "~/utils/admin-fetch";
import { isAdminTextKey, useAdminText, type AdminLocale } from "./admin-i18n";

type Texts = Record<string, string>;

/** Answers: whole-request refusals and failures (upload, import, admin API). `{file}` is the uploaded file's name. */
const CODE_EN: Texts = {
  MULTIPART_REQUIRED: "Send the file as a multipart form (field file).",
  MULTIPART_BOUNDARY_MISSING: "The form has no valid boundary: let the browser build the upload form.",
  MULTIPART_MALFORMED: "The upload arrived incomplete or malformed: send the whole file again.",
  ONE_FILE_PER_REQUEST: "Send one file per request: upload {file} on its own.",
  INVALID_FILE_TYPE: "{file}: only .xlsx, .xls and .csv files can be uploaded.",
  FILE_REQUIRED: "No file arrived: choose a file and upload it again.",
  FILE_TOO_LARGE: "{file} - The maximum file size is 150 MB. Split it into parts under 150 MB.",
  FIELD_TOO_LARGE: "A form field is too long: reload the upload page and try again.",
  TOO_MANY_FIELDS: "The form has too many fields: reload the upload page and try again.",
  INVALID_BATCH_SIZE: "Choose a batch size of 100, 500, 1,000 or 2,000.",
  INVALID_UPLOAD_OPTION: "An upload option is invalid: reload the upload page and choose the options again.",
  IMPORT_FAILED: "The import failed on the server: try again; if it fails again, check the server log.",
  FILE_NOT_FOUND: "The file could not be read on the server: upload it again.",
  FILE_EMPTY: "{file} is empty: export it again with its rows.",
  UNSUPPORTED_FORMAT: "{file} is not an Excel or CSV file: save it as .xlsx or .csv.",
  CORRUPT_FILE: "{file} is damaged and cannot be read: open it in Excel, save it again and upload the new copy.",
  ZIP_BOMB: "{file} unpacks to far more than its size: save it again in Excel, or export it as CSV.",
  PARSE_TIMEOUT: "Reading {file} took too long: save it as CSV or split it into smaller files.",
  PARSE_MEMORY: "{file} needs too much memory to read: save it as CSV or split it into smaller files.",
  NO_HEADER: "{file} has no header row: the first row must name the columns (see the sample template).",
  TOO_MANY_COLUMNS: "{file} has too many columns: keep only the template's columns.",
  RUN_FILE_CHANGED: "The kept file no longer matches this import: discard it and upload the file again.",
  IMPORT_RUN_NOT_INTERRUPTED: "This import is no longer interrupted (it finished, was discarded or runs again): reload the page.",
  IMPORT_IN_PROGRESS: "This file is being imported right now: wait for that import to finish.",
  IMPORT_MEMO_MISMATCH: "The import's working data did not match: upload the file again.",
  IMPORT_MEMO_UNREADABLE: "The import's working data could not be read: upload the file again.",
  PREPARE_FAILED: "Preparing the rows failed on the server: upload the file again; if it fails again, check the server log.",
  WORKER_ENTRY_NOT_FOUND: "The server's import worker is missing: rebuild and restart the server.",
  UPLOAD_NOT_KEPT: "The uploaded file was not kept: upload the same file again to continue.",
  ADMIN_SESSION_REQUIRED: "Your session has ended: log in again.",
  CSRF_TOKEN_INVALID: "This page is out of date: reload it and try again.",
  FOREIGN_ORIGIN: "The request came from another site and was refused: use the admin panel itself.",
  INVALID_CREDENTIALS: "Username or password is incorrect.",
  LOGIN_THROTTLED: "Too many failed attempts: wait a few minutes, then try again.",
  INVALID_LOGIN_REQUEST: "Enter a username and a password.",
  METHOD_NOT_ALLOWED: "This action is not available here: reload the page.",
  BUSINESS_NOT_FOUND: "The business no longer exists: reload the list.",
  CONFIRMATION_REQUIRED: "Type the number of businesses to confirm.",
  CONFIRMATION_MISMATCH: "The number typed does not match the businesses: the list changed, reload it and confirm again.",
  INVALID_BUSINESS_ID: "The business number is invalid: reload the list.",
  INVALID_DELETE_QUERY: "The search or category of this deletion is invalid: reload the list.",
  INVALID_EXPORT_REQUEST: "The export options are invalid: check the fields, dates and country.",
  INVALID_LIST_QUERY: "The list's search, sort or page is invalid: reload the list.",
  INVALID_MESSAGE_ACTION: "This message action is invalid: reload the messages.",
  INVALID_RUN_ACTION: "Choose resume or discard.",
  INVALID_RUN_ID: "The report number is invalid: open the report from the list.",
  IMPORT_RUN_NOT_FOUND: "This report does not exist: open one from the list.",
  INVALID_SUGGESTION: "Correct the highlighted values, then accept again.",
  INVALID_SUGGESTION_ACTION: "This suggestion action is invalid: reload the suggestions.",
  SUGGESTION_NOT_PENDING: "This suggestion was already handled: reload the suggestions.",
  INVALID_TRASH_QUERY: "The trash page asked for is invalid: reload the trash.",
  PAGE_OUT_OF_RANGE: "That page does not exist: go to the last page.",
  HOURS_UNREADABLE: "The opening hours could not be read: write them as in the current value.",
  PAYLOAD_TOO_LARGE: "The request is too large: shorten the text and try again.",
  DATABASE_UNAVAILABLE: "The database is not answering: try again in a moment.",
  INVALID_RESTORE_REQUEST: "Choose the businesses, the batch or everything to restore.",
  INVALID_SITE_SETTINGS: "A setting is invalid or too long: correct it and save again.",
  INVALID_ADVERTISEMENT_CODES: "An ad slot is invalid: correct it and save again.",
  AD_CODE_TOO_LARGE: "An ad slot is over 50 KB: shorten it before saving.",
  FORM_BODY_REQUIRED: "The form arrived empty: reload the page and try again.",
  FORM_BODY_MALFORMED: "The form could not be read: reload the page and try again.",
};

const CODE_TR: Texts = {
  MULTIPART_REQUIRED: "Dosyayı çok parçalı form olarak gönderin (file alanı).",
  MULTIPART_BOUNDARY_MISSING: "Formun geçerli bir sınırı yok: yükleme formunu tarayıcı oluştursun.",
  MULTIPART_MALFORMED: "Yükleme eksik ya da bozuk geldi: dosyanın tamamını yeniden gönderin.",
  ONE_FILE_PER_REQUEST: "Her istekte tek dosya gönderin: {file} dosyasını ayrı yükleyin.",
  INVALID_FILE_TYPE: "{file}: yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir.",
  FILE_REQUIRED: "Dosya gelmedi: bir dosya seçip yeniden yükleyin.",
  FILE_TOO_LARGE: "{file} - Maksimum dosya boyutu 150MB'dır. Dosyayı 150 MB'ın altındaki parçalara bölün.",
  FIELD_TOO_LARGE: "Bir form alanı çok uzun: yükleme sayfasını yenileyip tekrar deneyin.",
  TOO_MANY_FIELDS: "Formda çok fazla alan var: yükleme sayfasını yenileyip tekrar deneyin.",
  INVALID_BATCH_SIZE: "Grup boyutu olarak 100, 500, 1.000 veya 2.000 seçin.",
  INVALID_UPLOAD_OPTION: "Bir yükleme seçeneği geçersiz: yükleme sayfasını yenileyip seçenekleri yeniden seçin.",
  IMPORT_FAILED: "İçe aktarma sunucuda başarısız oldu: tekrar deneyin; yine olmazsa sunucu günlüğüne bakın.",
  FILE_NOT_FOUND: "Dosya sunucuda okunamadı: yeniden yükleyin.",
  FILE_EMPTY: "{file} boş: satırlarıyla birlikte yeniden dışa aktarın.",
  UNSUPPORTED_FORMAT: "{file} bir Excel ya da CSV dosyası değil: .xlsx veya .csv olarak kaydedin.",
  CORRUPT_FILE: "{file} bozuk ve okunamıyor: Excel'de açıp yeniden kaydedin ve yeni kopyayı yükleyin.",
  ZIP_BOMB: "{file} açıldığında boyutunun çok üstüne çıkıyor: Excel'de yeniden kaydedin ya da CSV olarak dışa aktarın.",
  PARSE_TIMEOUT: "{file} dosyasını okumak çok uzun sürdü: CSV olarak kaydedin ya da daha küçük dosyalara bölün.",
  PARSE_MEMORY: "{file} okunurken çok fazla bellek gerekiyor: CSV olarak kaydedin ya da daha küçük dosyalara bölün.",
  NO_HEADER: "{file} dosyasında başlık satırı yok: ilk satır sütunları adlandırmalı (örnek şablona bakın).",
  TOO_MANY_COLUMNS: "{file} dosyasında çok fazla sütun var: yalnızca şablondaki sütunları bırakın.",
  RUN_FILE_CHANGED: "Saklanan dosya bu içe aktarmayla artık eşleşmiyor: vazgeçip dosyayı yeniden yükleyin.",
  IMPORT_RUN_NOT_INTERRUPTED: "Bu içe aktarma artık yarıda kalmış değil (bitti, vazgeçildi ya da yeniden çalışıyor): sayfayı yenileyin.",
  IMPORT_IN_PROGRESS: "Bu dosya şu anda içe aktarılıyor: o içe aktarmanın bitmesini bekleyin.",
  IMPORT_MEMO_MISMATCH: "İçe aktarmanın çalışma verisi eşleşmedi: dosyayı yeniden yükleyin.",
  IMPORT_MEMO_UNREADABLE: "İçe aktarmanın çalışma verisi okunamadı: dosyayı yeniden yükleyin.",
  PREPARE_FAILED: "Satırlar sunucuda hazırlanamadı: dosyayı yeniden yükleyin; yine olmazsa sunucu günlüğüne bakın.",
  WORKER_ENTRY_NOT_FOUND: "Sunucunun içe aktarma işçisi eksik: sunucuyu yeniden derleyip başlatın.",
  UPLOAD_NOT_KEPT: "Yüklenen dosya saklanmadı: devam etmek için aynı dosyayı yeniden yükleyin.",
  ADMIN_SESSION_REQUIRED: "Oturumunuz sona erdi: yeniden giriş yapın.",
  CSRF_TOKEN_INVALID: "Bu sayfa güncel değil: yenileyip tekrar deneyin.",
  FOREIGN_ORIGIN: "İstek başka bir siteden geldiği için reddedildi: yönetim panelinin kendisini kullanın.",
  INVALID_CREDENTIALS: "Geçersiz kullanıcı adı veya şifre",
  LOGIN_THROTTLED: "Çok fazla başarısız deneme: birkaç dakika bekleyip tekrar deneyin.",
  INVALID_LOGIN_REQUEST: "Kullanıcı adı ve şifre girin.",
  METHOD_NOT_ALLOWED: "Bu işlem burada kullanılamıyor: sayfayı yenileyin.",
  BUSINESS_NOT_FOUND: "İşletme artık yok: listeyi yenileyin.",
  CONFIRMATION_REQUIRED: "Onaylamak için işletme sayısını yazın.",
  CONFIRMATION_MISMATCH: "Yazılan sayı işletmelerle eşleşmiyor: liste değişti, yenileyip yeniden onaylayın.",
  INVALID_BUSINESS_ID: "İşletme numarası geçersiz: listeyi yenileyin.",
  INVALID_DELETE_QUERY: "Bu silmenin araması ya da kategorisi geçersiz: listeyi yenileyin.",
  INVALID_EXPORT_REQUEST: "Dışa aktarma seçenekleri geçersiz: alanları, tarihleri ve ülkeyi kontrol edin.",
  INVALID_LIST_QUERY: "Listenin araması, sıralaması ya da sayfası geçersiz: listeyi yenileyin.",
  INVALID_MESSAGE_ACTION: "Bu mesaj işlemi geçersiz: mesajları yenileyin.",
  INVALID_RUN_ACTION: "Devam et ya da vazgeç seçin.",
  INVALID_RUN_ID: "Rapor numarası geçersiz: raporu listeden açın.",
  IMPORT_RUN_NOT_FOUND: "Bu rapor yok: listeden bir rapor açın.",
  INVALID_SUGGESTION: "İşaretli değerleri düzeltip yeniden kabul edin.",
  INVALID_SUGGESTION_ACTION: "Bu öneri işlemi geçersiz: önerileri yenileyin.",
  SUGGESTION_NOT_PENDING: "Bu öneri zaten işlendi: önerileri yenileyin.",
  INVALID_TRASH_QUERY: "İstenen çöp kutusu sayfası geçersiz: çöp kutusunu yenileyin.",
  PAGE_OUT_OF_RANGE: "Bu sayfa yok: son sayfaya gidin.",
  HOURS_UNREADABLE: "Çalışma saatleri okunamadı: mevcut değerdeki gibi yazın.",
  PAYLOAD_TOO_LARGE: "İstek çok büyük: metni kısaltıp tekrar deneyin.",
  DATABASE_UNAVAILABLE: "Veritabanı yanıt vermiyor: biraz sonra tekrar deneyin.",
  INVALID_RESTORE_REQUEST: "Geri yüklenecek işletmeleri, grubu ya da tümünü seçin.",
  INVALID_SITE_SETTINGS: "Bir ayar geçersiz ya da çok uzun: düzeltip yeniden kaydedin.",
  INVALID_ADVERTISEMENT_CODES: "Bir reklam alanı geçersiz: düzeltip yeniden kaydedin.",
  AD_CODE_TOO_LARGE: "Bir reklam alanı 50 KB'ı aşıyor: kaydetmeden önce kısaltın.",
  FORM_BODY_REQUIRED: "Form boş geldi: sayfayı yenileyip tekrar deneyin.",
  FORM_BODY_MALFORMED: "Form okunamadı: sayfayı yenileyip tekrar deneyin.",
};

/** Row issues of an import: rejected rows, skipped lines and warnings (the cell ignored or repaired, the row kept). */
const ISSUE_EN: Texts = {
  NAME_REQUIRED: "every business needs a name",
  TOO_LONG: "the value is longer than allowed; shorten it",
  INVALID_ROW: "the row could not be read",
  INVALID_JSON: "the record is not valid JSON",
  NOT_AN_OBJECT: "the record is not a JSON object",
  NESTED_TOO_DEEP: "the record is nested too deeply",
  CELL_TOO_LARGE: "a cell is too large",
  TOO_MANY_FIELDS: "the row has more cells than the header has columns",
  TRAILING_DATA: "text follows the end of the JSON data",
  TRUNCATED_JSON: "the JSON data is cut short",
  RECORD_TOO_LARGE: "the record is too large",
  MALFORMED_QUOTES: "the quotes of this line do not match; check the quote marks",
  MALFORMED_RECORD: "the line could not be read as a CSV record",
  UNCLOSED_QUOTE: "a quote opened on this line is never closed",
  BLANK_LINE: "a blank line",
  REPEATED_HEADER: "a repeated header line",
  DUPLICATE_IN_FILE: "repeats an earlier line of the file",
  TEXT_REPAIRED: "invisible or broken characters were removed",
  OUT_OF_RANGE: "the value is out of range; ignored (a stored value is kept)",
  COORDINATES_INCOMPLETE: "latitude and longitude must both be present (and not 0,0); both ignored",
  COUNTRY_CONFLICT: "the coordinates lie in another country than the row names; the coordinates' country kept",
  COUNTRY_UNKNOWN: "no column, coordinate, phone or address names a country",
  COUNTRY_FROM_COORDINATES: "the country was taken from the coordinates",
  COUNTRY_FROM_PHONE: "the country was taken from the phone's international prefix",
  COUNTRY_FROM_ADDRESS: "the country was taken from the end of the address",
  PHONE_NOT_DIALABLE: "the phone number is not valid; kept as written",
  HOURS_UNREADABLE: "opening hours could not be read; ignored (stored hours are kept)",
  TIME_ZONE_INVALID: "not an IANA time zone; another one was used",
  TIME_ZONE_UNKNOWN: "no time zone found: open now cannot be shown",
  STATUS_UNKNOWN: "unknown business status; the stored status is kept",
};

const ISSUE_TR: Texts = {
  NAME_REQUIRED: "her işletmenin bir adı olmalı",
  TOO_LONG: "değer izin verilenden uzun; kısaltın",
  INVALID_ROW: "satır okunamadı",
  INVALID_JSON: "kayıt geçerli bir JSON değil",
  NOT_AN_OBJECT: "kayıt bir JSON nesnesi değil",
  NESTED_TOO_DEEP: "kayıt çok derin iç içe",
  CELL_TOO_LARGE: "bir hücre çok büyük",
  TOO_MANY_FIELDS: "satırda başlıktaki sütunlardan fazla hücre var",
  TRAILING_DATA: "JSON verisinin sonunda fazladan metin var",
  TRUNCATED_JSON: "JSON verisi yarıda kesilmiş",
  RECORD_TOO_LARGE: "kayıt çok büyük",
  MALFORMED_QUOTES: "bu satırın tırnakları eşleşmiyor; tırnak işaretlerini kontrol edin",
  MALFORMED_RECORD: "satır bir CSV kaydı olarak okunamadı",
  UNCLOSED_QUOTE: "bu satırda açılan bir tırnak hiç kapanmıyor",
  BLANK_LINE: "boş satır",
  REPEATED_HEADER: "tekrarlanan başlık satırı",
  DUPLICATE_IN_FILE: "dosyanın önceki bir satırını tekrarlıyor",
  TEXT_REPAIRED: "görünmeyen ya da bozuk karakterler silindi",
  OUT_OF_RANGE: "değer aralık dışında; yok sayıldı (kayıtlı değer korunur)",
  COORDINATES_INCOMPLETE: "enlem ve boylam birlikte olmalı (0,0 olmamalı); ikisi de yok sayıldı",
  COUNTRY_CONFLICT: "koordinatlar satırın belirttiğinden başka bir ülkede; koordinatların ülkesi tutuldu",
  COUNTRY_UNKNOWN: "hiçbir sütun, koordinat, telefon ya da adres bir ülke belirtmiyor",
  COUNTRY_FROM_COORDINATES: "ülke koordinatlardan alındı",
  COUNTRY_FROM_PHONE: "ülke telefonun uluslararası kodundan alındı",
  COUNTRY_FROM_ADDRESS: "ülke adresin sonundan alındı",
  PHONE_NOT_DIALABLE: "telefon numarası geçerli değil; yazıldığı gibi tutuldu",
  HOURS_UNREADABLE: "çalışma saatleri okunamadı; yok sayıldı (kayıtlı saatler korunur)",
  TIME_ZONE_INVALID: "geçerli bir IANA saat dilimi değil; başka biri kullanıldı",
  TIME_ZONE_UNKNOWN: "saat dilimi bulunamadı: şu an açık bilgisi gösterilemez",
  STATUS_UNKNOWN: "bilinmeyen işletme durumu; kayıtlı durum korunur",
};

/** The sentence around the counts of an import, and the words of a row line. */
const FRAME: Record<AdminLocale, Texts> = {
  en: {
    imported: "Imported {imported} of {total} rows: {parts}.",
    importedOne: "Imported {imported} of 1 row: {parts}.",
    wouldImport: "{imported} of {total} rows would be imported: {parts}.",
    wouldImportOne: "{imported} of 1 row would be imported: {parts}.",
    noRows: "The file has no data rows.",
    inserted: "{count} new",
    updated: "{count} updated",
    unchanged: "{count} unchanged",
    suppressed: "{count} suppressed (deleted by an operator)",
    skipped: "{count} skipped",
    rejected: "{count} rejected",
    line: "Line {line}: {text}",
    lines: "lines {lines}",
    oneLine: "line {lines}",
    warnings: "{count} warnings: {groups}",
    oneWarning: "1 warning: {groups}",
    unknown: "Error {code}",
    http: "The server answered {status}: reload the page and try again.",
    network: "Could not reach the server: check the connection and try again.",
  },
  tr: {
    imported: "{total} satırın {imported} tanesi içe aktarıldı: {parts}.",
    importedOne: "1 satırın {imported} tanesi içe aktarıldı: {parts}.",
    wouldImport: "{total} satırın {imported} tanesi içe aktarılacaktı: {parts}.",
    wouldImportOne: "1 satırın {imported} tanesi içe aktarılacaktı: {parts}.",
    noRows: "Dosyada veri satırı yok.",
    inserted: "{count} yeni",
    updated: "{count} güncellenen",
    unchanged: "{count} değişmeyen",
    suppressed: "{count} bastırılan (yönetici silmişti)",
    skipped: "{count} atlanan",
    rejected: "{count} reddedilen",
    line: "{line}. satır: {text}",
    lines: "satırlar {lines}",
    oneLine: "satır {lines}",
    warnings: "{count} uyarı: {groups}",
    oneWarning: "1 uyarı: {groups}",
    unknown: "Hata {code}",
    http: "Sunucu {status} yanıtı verdi: sayfayı yenileyip tekrar deneyin.",
    network: "Sunucuya ulaşılamadı: bağlantıyı kontrol edip tekrar deneyin.",
  },
};

const TEXTS: Record<AdminLocale, { code: Texts; issue: Texts }> = {
  en: { code: CODE_EN, issue: ISSUE_EN },
  tr: { code: CODE_TR, issue: ISSUE_TR },
};

export type ServerTextKind = "code" | "issue";
export type ServerParams = Record<string, string | number>;

function fill(template: string, values: ServerParams): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** The catalogue's text of a code, or null when it has none (the unit test keeps that from happening). */
export function findServerText(locale: AdminLocale, kind: ServerTextKind, code: string): string | null {
  const texts = TEXTS[locale][kind];
  return Object.prototype.hasOwnProperty.call(texts, code) ? (texts[code] ?? null) : null;
}

/**
 * A refusal or failure by its code, filled with its parameters. NOTE: a code the catalogue lacks (a newer server)
 * shows "Error CODE", never the server's English message, so the page stays in one language.
 */
export function describeCode(locale: AdminLocale, code: string, params: ServerParams = {}): string {
  const text = findServerText(locale, "code", code);
  return text ? fill(text, { file: "", ...params }).replace(/^ - |^: /, "") : fill(FRAME[locale].unknown ?? "", { code });
}

/**
 * A failed admin call (adminFetch's AdminFetchError, or a network failure) → its text: the answer's code in the
 * admin's language, "the server answered 502" for an answer without a code, the network sentence otherwise.
 */
export function describeCallFailure(locale: AdminLocale, error: unknown): string {
  if (error instanceof AdminFetchError) {
    return error.code.startsWith("HTTP_") ? fill(FRAME[locale].http ?? "", { status: error.status }) : describeCode(locale, error.code);
  }
  return FRAME[locale].network ?? "";
}

/** "CODE: message" (a run's stored error) → the code's text; anything else as it is. */
export function describeCodedText(locale: AdminLocale, text: string, params: ServerParams = {}): string {
  const match = /^([A-Z][A-Z0-9_]{2,}): /.exec(text);
  return match?.[1] ? describeCode(locale, match[1], params) : text;
}

/** One row issue: "Line 5: name — every business needs a name", in the admin's language. */
export function describeIssue(locale: AdminLocale, issue: { line?: number | null; field?: string | null; code: string }, fieldName?: string): string {
  const text = findServerText(locale, "issue", issue.code) ?? issue.code;
  const withField = issue.field ? `${fieldName ?? issue.field} — ${text}` : text;
  return issue.line ? fill(FRAME[locale].line ?? "", { line: issue.line, text: withField }) : withField;
}

/**
 * An import's counts → the sentence the CLI prints in English ("Imported 8 of 9 rows: …"), in the admin's language;
 * a dry run wrote nothing, so it says what would have been imported.
 */
export function describeImportCounts(
  locale: AdminLocale,
  counts: { total: number; inserted: number; updated: number; unchanged: number; suppressed: number; skipped: number; rejected: number },
  formatNumber: (value: number) => string,
  dryRun = false,
): string {
  const frame = FRAME[locale];
  if (counts.total === 0) return frame.noRows ?? "";
  const part = (key: string, count: number) => fill(frame[key] ?? "", { count: formatNumber(count) });
  const parts = [part("inserted", counts.inserted), part("updated", counts.updated)];
  if (counts.unchanged > 0) parts.push(part("unchanged", counts.unchanged));
  if (counts.suppressed > 0) parts.push(part("suppressed", counts.suppressed));
  parts.push(part("skipped", counts.skipped), part("rejected", counts.rejected));
  const imported = counts.inserted + counts.updated + counts.unchanged;
  const sentence = dryRun ? (counts.total === 1 ? frame.wouldImportOne : frame.wouldImport) : counts.total === 1 ? frame.importedOne : frame.imported;
  return fill(sentence ?? "", {
    imported: formatNumber(imported),
    total: formatNumber(counts.total),
    parts: parts.join(", "),
  });
}

/** Warning groups → "3 warnings: 2 × latitude — … (lines 4, 9), …". */
export function describeWarnings(
  locale: AdminLocale,
  total: number,
  groups: ReadonlyArray<{ code: string; field: string | null; count: number; lines: number[] }>,
  formatNumber: (value: number) => string,
  fieldName: (field: string) => string = (field) => field,
): string {
  if (total === 0) return "";
  const frame = FRAME[locale];
  const parts = [...groups]
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
    .map((group) => {
      const lines = `${group.lines.map(formatNumber).join(", ")}${group.count > group.lines.length ? ", …" : ""}`;
      const where = fill((group.lines.length === 1 ? frame.oneLine : frame.lines) ?? "", { lines });
      const issue = describeIssue(locale, { code: group.code, field: group.field }, group.field ? fieldName(group.field) : undefined);
      return `${formatNumber(group.count)} × ${issue} (${where})`;
    });
  return fill((total === 1 ? frame.oneWarning : frame.warnings) ?? "", { count: formatNumber(total), groups: parts.join("; ") });
}

/** Every code with a text, by kind: the unit test checks both languages against the server's codes. */
export function listServerTextCodes(kind: ServerTextKind): { tr: string[]; en: string[] } {
  return { tr: Object.keys(TEXTS.tr[kind]), en: Object.keys(TEXTS.en[kind]) };
}

/** The helpers above in the admin's current language, with field names as the export dialog words them. */
export function useServerText() {
  const { locale, t, formatNumber } = useAdminText();
  return useMemo(() => {
    const fieldName = (field: string) => {
      const key = `export.field.${field}`;
      return isAdminTextKey(key) ? t(key) : field;
    };
    return {
      fieldName,
      code: (code: string, params?: ServerParams) => describeCode(locale, code, params),
      codedText: (text: string, params?: ServerParams) => describeCodedText(locale, text, params),
      failure: (error: unknown) => describeCallFailure(locale, error),
      issue: (issue: { line?: number | null; field?: string | null; code: string }) =>
        describeIssue(locale, issue, issue.field ? fieldName(issue.field) : undefined),
      importCounts: (counts: Parameters<typeof describeImportCounts>[1], dryRun = false) =>
        describeImportCounts(locale, counts, (value) => formatNumber(value), dryRun),
      warnings: (total: number, groups: Parameters<typeof describeWarnings>[2]) =>
        describeWarnings(locale, total, groups, (value) => formatNumber(value), fieldName),
    };
  }, [locale, t, formatNumber]);
}
