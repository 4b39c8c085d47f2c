// COPY lines (id, slug, updated_at) → business sitemap page files, bytes copied into one reused buffer: up to 9,000
// URLs a page, its newest lastmod and last id.
import { unescapeCopyField } from "./copy-text.ts";
import { segment } from "./sections.ts";
import { escapeXml, URLSET_CLOSE, URLSET_OPEN } from "./xml.ts";

const URLSET_OPEN_BYTES = Buffer.from(URLSET_OPEN);
const URLSET_CLOSE_BYTES = Buffer.from(URLSET_CLOSE);
const LOC_TO_LASTMOD = Buffer.from("</loc><lastmod>");
const LASTMOD_END = Buffer.from("</lastmod></url>\n");
const LOC_END = Buffer.from("</loc></url>\n");

const TAB = 0x09;
const BACKSLASH = 0x5c;

/** True when `buf[start, end)` is a non-empty run of [a-z0-9-]: a slug that is its own URL segment. */
function isSafeSegmentBytes(buf: Buffer, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    const byte = buf[i] as number;
    if (!((byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d)) return false;
  }
  return true;
}

/**
 * Copies `src[start, end)` into `dst` at `at` and returns the bytes copied.
 * NOTE: a plain loop: Buffer#copy's argument checks cost more than the copy for the 10–60 bytes of a URL piece.
 */
function copyBytes(src: Uint8Array, start: number, end: number, dst: Uint8Array, at: number): number {
  for (let i = start; i < end; i++) dst[at + i - start] = src[i] as number;
  return end - start;
}

/** "YYYY-MM-DD HH:MM:SS…" (DateStyle ISO) at `buf[start]`: the 19 bytes a lastmod is made of. */
function isIsoTimestampBytes(buf: Buffer, start: number, end: number): boolean {
  return (
    end - start >= 19 &&
    buf[start + 4] === 0x2d &&
    buf[start + 7] === 0x2d &&
    buf[start + 10] === 0x20 &&
    buf[start + 13] === 0x3a &&
    buf[start + 16] === 0x3a
  );
}

/** True when the 19 timestamp bytes at `buf[at]` sort after `newest` (ISO text sorts in time order). */
function isNewerStamp(buf: Buffer, at: number, newest: Buffer): boolean {
  for (let i = 0; i < 19; i++) {
    const a = buf[at + i] as number;
    const b = newest[i] as number;
    if (a !== b) return a > b;
  }
  return false;
}

/** COPY's updated_at text (UTC, "YYYY-MM-DD HH:MM:SS[.ffffff]") → the sitemap's "YYYY-MM-DDTHH:MM:SSZ" (seconds truncated). */
export function formatCopyTimestamp(text: string): string | null {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)/.exec(text);
  return match ? `${match[1]}T${match[2]}Z` : null;
}

/**
 * Builds business page files from COPY lines (id, slug, updated_at): up to 9,000 URLs, the newest lastmod, the last id.
 * NOTE: lines are copied byte for byte into one reused buffer (a slug of [a-z0-9-] and an ISO timestamp need neither
 * decoding nor escaping); building strings per row cost most of the CLI's time at 1M businesses, and building a page
 * as one long string left a rope of 9,000 pieces per page for the old-generation GC.
 */
export class BusinessPageBuilder {
  /** `<url><loc>{base}/business/`, escaped once: every loc is this plus a segment that needs no escaping. */
  private readonly head: Buffer;
  private buf = Buffer.allocUnsafe(1024 * 1024);
  private length = 0;
  /** The newest "YYYY-MM-DD HH:MM:SS" of the page so far (bytes; compared as bytes). */
  private readonly newest = Buffer.alloc(19);
  private hasNewest = false;
  urls = 0;
  lastId = 0;

  constructor(baseUrl: string) {
    this.head = Buffer.from(`<url><loc>${escapeXml(baseUrl)}/business/`);
  }

  /** The newest lastmod of the page so far ("YYYY-MM-DDTHH:MM:SSZ"), or null. */
  get lastmod(): string | null {
    return this.hasNewest ? formatCopyTimestamp(this.newest.toString("latin1")) : null;
  }

  /** One COPY line `buf[start, end)`: id TAB slug TAB updated_at. */
  addLine(buf: Buffer, start: number, end: number): void {
    const idEnd = buf.indexOf(TAB, start);
    if (idEnd === -1 || idEnd >= end) return;
    const slugEnd = buf.indexOf(TAB, idEnd + 1);
    if (slugEnd === -1 || slugEnd >= end) return;
    let id = 0;
    for (let i = start; i < idEnd; i++) id = id * 10 + ((buf[i] as number) - 0x30);
    const slugStart = idEnd + 1;
    const stamp = slugEnd + 1;
    const hasStamp = isIsoTimestampBytes(buf, stamp, end);
    if (!hasStamp && !(end - stamp === 2 && buf[stamp] === BACKSLASH && buf[stamp + 1] === 0x4e)) {
      // NOTE: not "\N" and not ISO: the server's DateStyle was changed under us; the rare slow path still copes.
      this.addSlowly(id, buf.toString("utf8", slugStart, slugEnd), formatCopyTimestamp(buf.toString("latin1", stamp, end)));
      return;
    }
    if (!isSafeSegmentBytes(buf, slugStart, slugEnd)) {
      const slug = unescapeCopyField(buf.toString("utf8", slugStart, slugEnd));
      if (!slug) return;
      this.addSlowly(id, slug, hasStamp ? formatCopyTimestamp(buf.toString("latin1", stamp, stamp + 19)) : null);
      return;
    }
    this.reserve(this.head.length + (slugEnd - slugStart) + 64);
    const out = this.buf;
    this.length += copyBytes(this.head, 0, this.head.length, out, this.length);
    this.length += copyBytes(buf, slugStart, slugEnd, out, this.length);
    if (hasStamp) {
      this.length += copyBytes(LOC_TO_LASTMOD, 0, LOC_TO_LASTMOD.length, out, this.length);
      this.length += copyBytes(buf, stamp, stamp + 10, out, this.length);
      out[this.length++] = 0x54; // T
      this.length += copyBytes(buf, stamp + 11, stamp + 19, out, this.length);
      out[this.length++] = 0x5a; // Z
      this.length += copyBytes(LASTMOD_END, 0, LASTMOD_END.length, out, this.length);
      if (!this.hasNewest || isNewerStamp(buf, stamp, this.newest)) {
        copyBytes(buf, stamp, stamp + 19, this.newest, 0);
        this.hasNewest = true;
      }
    } else {
      this.length += copyBytes(LOC_END, 0, LOC_END.length, out, this.length);
    }
    this.urls++;
    this.lastId = id;
  }

  /** A row whose slug needs percent-encoding (or whose timestamp is not ISO): through strings. */
  private addSlowly(id: number, slug: string, lastmod: string | null): void {
    if (!slug) return;
    const path = segment(slug);
    this.reserve(this.head.length + Buffer.byteLength(path) + 64);
    this.length += this.head.copy(this.buf, this.length);
    this.length += this.buf.write(path, this.length, "latin1");
    if (lastmod) {
      this.length += LOC_TO_LASTMOD.copy(this.buf, this.length);
      this.length += this.buf.write(lastmod, this.length, "latin1");
      this.length += LASTMOD_END.copy(this.buf, this.length);
      const bytes = `${lastmod.slice(0, 10)} ${lastmod.slice(11, 19)}`;
      if (!this.hasNewest || bytes > this.newest.toString("latin1")) {
        this.newest.write(bytes, 0, "latin1");
        this.hasNewest = true;
      }
    } else {
      this.length += LOC_END.copy(this.buf, this.length);
    }
    this.urls++;
    this.lastId = id;
  }

  /** The finished page's bytes (a copy); the builder starts over for the next page. */
  take(): Buffer {
    const page = Buffer.concat([URLSET_OPEN_BYTES, this.buf.subarray(0, this.length), URLSET_CLOSE_BYTES]);
    this.length = 0;
    this.urls = 0;
    this.hasNewest = false;
    return page;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + bytes));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
}
