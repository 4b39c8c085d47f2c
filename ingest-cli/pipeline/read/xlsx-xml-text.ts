// XML text as a parser reads it → characters and events: entities and character references decoded, attribute
// values read, tag ends found past quoted `>`, and XmlScanner streaming open/close/text events to a handler.

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML text → characters, as a parser gives them: entities and character references decoded, CR/CRLF as LF. */
export function decodeXmlText(raw: string): string {
  const text = raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw;
  let amp = text.indexOf("&");
  if (amp === -1) return text;
  // No character references: the five named entities in native passes, &amp; last so that "&amp;lt;" stays "&lt;"
  // (no replacement can form another entity: each puts one non-& character where an entity was).
  if (!text.includes("&#", amp)) {
    // JSON in a cell: usually &quot; alone, so one pass.
    const quoted = text.replaceAll("&quot;", '"');
    if (!quoted.includes("&")) return quoted;
    return quoted.replaceAll("&apos;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  }
  // What /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g with a replacer gives, without a callback per match (cells of JSON
  // text hold an &quot; every few characters).
  let out = "";
  let copied = 0;
  while (amp !== -1) {
    const end = matchReference(text, amp + 1);
    if (end === -1) {
      amp = text.indexOf("&", amp + 1);
      continue;
    }
    const name = text.slice(amp + 1, end);
    const code = name.charCodeAt(0);
    const decoded =
      code !== 0x23 /* # */
        ? ENTITIES[name]
        : name.charCodeAt(1) === 0x78 /* x */
          ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
          : String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    if (decoded !== undefined) {
      out += text.slice(copied, amp) + decoded;
      copied = end + 1;
    }
    amp = text.indexOf("&", end + 1);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

export const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isHexDigit = (code: number) => isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
export const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** The `;` ending a reference name that starts at `from` (#x hex, # digits or letters), or -1. */
function matchReference(text: string, from: number): number {
  let at = from;
  let accepts = isLetter;
  if (text.charCodeAt(at) === 0x23 /* # */) {
    at++;
    accepts = isDigit;
    if (text.charCodeAt(at) === 0x78 /* x */ && isHexDigit(text.charCodeAt(at + 1))) {
      at++;
      accepts = isHexDigit;
    }
  }
  const start = at;
  while (at < text.length && accepts(text.charCodeAt(at))) at++;
  return at > start && text.charCodeAt(at) === 0x3b /* ; */ ? at : -1;
}

/** exceljs's second decode of inline and formula strings (utils.xmlDecode): the five named entities only. */
export function decodeNamedEntities(text: string): string {
  const amp = text.indexOf("&");
  // A URL keeps its "&" after the first decode, but rarely a ";" after it.
  if (amp === -1 || !text.includes(";", amp)) return text;
  return text.replace(/&([a-z]*);/g, (match, name: string) => ENTITIES[name] ?? match);
}

export function readAttribute(attributes: string, name: string): string | undefined {
  const at = attributes.indexOf(`${name}=`);
  if (at === -1) return undefined;
  // The name must start an attribute (not end another one, like `ht=` in `customHeight=`).
  if (at > 0 && !/\s/.test(attributes[at - 1] as string)) {
    const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`).exec(attributes);
    return match ? decodeXmlText(match[1] ?? match[2] ?? "") : undefined;
  }
  const quote = attributes[at + name.length + 1];
  const end = attributes.indexOf(quote as string, at + name.length + 2);
  return end === -1 ? undefined : decodeXmlText(attributes.slice(at + name.length + 2, end));
}

export interface XmlHandler {
  open(name: string, attributes: string): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * Streams XML text to a handler: open (self-closing tags give open + close), close and non-empty text events.
 * Comments, processing instructions, declarations and CDATA give none (exceljs ignores CDATA too).
 */
export class XmlScanner {
  #pending = "";
  readonly #handler: XmlHandler;

  constructor(handler: XmlHandler) {
    this.#handler = handler;
  }

  write(chunk: string): void {
    const text = this.#pending.length > 0 ? this.#pending + chunk : chunk;
    const handler = this.#handler;
    let at = 0;
    const end = text.length;
    while (at < end) {
      const lt = text.indexOf("<", at);
      if (lt === -1) {
        // Text may continue in the next chunk: keep it whole, so an entity is never split.
        break;
      }
      if (lt > at) handler.text(decodeXmlText(text.slice(at, lt)));
      at = lt;
      const next = text.charCodeAt(lt + 1);
      if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
        const closer = text.startsWith("<!--", lt) ? "-->" : text.startsWith("<![CDATA[", lt) ? "]]>" : next === 0x3f ? "?>" : ">";
        const close = text.indexOf(closer, lt + 2);
        if (close === -1) break;
        at = close + closer.length;
        continue;
      }
      const gt = findTagEnd(text, lt + 1);
      if (gt === -1) break;
      if (next === 0x2f /* / */) {
        const name = text.slice(lt + 2, gt);
        handler.close(text.charCodeAt(gt - 1) > 0x20 && text.charCodeAt(lt + 2) > 0x20 ? name : name.trim());
      } else {
        const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
        const inner = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
        let space = 0;
        while (space < inner.length && inner.charCodeAt(space) > 0x20) space++;
        if (space === inner.length) space = -1;
        const name = space === -1 ? inner : inner.slice(0, space);
        handler.open(name, space === -1 ? "" : inner.slice(space));
        if (selfClosing) handler.close(name);
      }
      at = gt + 1;
    }
    this.#pending = at < end ? text.slice(at) : "";
  }

  end(): void {
    if (this.#pending.trim().length > 0 && !this.#pending.includes("<")) this.#handler.text(decodeXmlText(this.#pending));
    this.#pending = "";
  }
}

/** The `>` closing a tag, skipping `>` inside quoted attribute values. */
export function findTagEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x3e /* > */) return at;
    if (code === 0x22 /* " */ || code === 0x27 /* ' */) {
      at = text.indexOf(code === 0x22 ? '"' : "'", at + 1);
      if (at === -1) return -1;
    }
  }
  return -1;
}
