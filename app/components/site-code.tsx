// Admin-supplied site code (head_tags, analytics_code, facebook_pixel; footer_tags) → raw markup in the server HTML:
// head-valid tags as real <head> elements, the footer code (and anything not valid in <head>) at the end of <body>.
import { createElement, type ReactElement } from "react";

/**
 * NOTE: trade-offs of injecting raw code in a React 18 document that hydrates:
 * - A <head> has no element that can hold arbitrary markup, so the head code is split into its top-level tags
 *   (script, style, noscript, meta, link, base) and each becomes a React element; the same split runs on the server
 *   and in the browser, so hydration matches. Inline `on…=` attributes are dropped (React renders only function
 *   handlers); anything else (a stray <div>, text) is moved to the end of <body> with the footer code.
 * - Scripts run when the browser parses the server HTML, i.e. on full page loads only. Elements React creates
 *   during client navigation never execute, so trackers see the landing page and must hook history themselves.
 * - A snippet that inserts nodes into <head> or <body> before hydration makes React 18 report a hydration mismatch
 *   and re-render on the client; the footer code sits in its own container so insertions next to it stay inside.
 * - The code is trusted (only an administrator can set it) and is never rendered under /admin. Every one of its
 *   <script> elements gets the response's CSP nonce here (any nonce it had is replaced), and the public pages'
 *   policy uses 'strict-dynamic', so the scripts those load run too; inline `on…=` handlers in the footer code
 *   are blocked by the policy.
 */

export interface HeadCodeTag {
  tag: "script" | "style" | "noscript" | "meta" | "link" | "base";
  attributes: Array<[name: string, value: string | true]>;
  /** Raw inner markup (script, style and noscript only). */
  html: string;
}

const WHITESPACE = /\s+/y;
const COMMENT = /<!--[\s\S]*?-->/y;
const ATTRIBUTES = String.raw`((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*/?`;
const RAW_ELEMENT = new RegExp(String.raw`<(script|style|noscript)\b${ATTRIBUTES}>([\s\S]*?)</\1\s*>`, "iy");
const VOID_ELEMENT = new RegExp(String.raw`<(meta|link|base)\b${ATTRIBUTES}>`, "iy");
const SCRIPT_ELEMENT = new RegExp(String.raw`<script\b${ATTRIBUTES}>([\s\S]*?)</script\s*>`, "gi");
const NONCE_ATTRIBUTE = /\snonce(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Attribute values arrive HTML-encoded; React encodes again, so decode once here. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

function parseAttributes(text: string): HeadCodeTag["attributes"] {
  const attributes: HeadCodeTag["attributes"] = [];
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    const value = match[2] ?? match[3] ?? match[4];
    attributes.push([name, value === undefined ? true : decodeEntities(value)]);
  }
  return attributes;
}

/**
 * Raw HTML → the same HTML with `nonce` on every <script> opening tag; script bodies are left untouched (a
 * `"<script>"` inside a script's string is not a tag and must not be edited).
 */
export function addNonceToScripts(html: string, nonce: string): string {
  if (!nonce) return html;
  return html.replace(SCRIPT_ELEMENT, (element, attributes: string, body: string) => {
    return `<script nonce="${nonce}"${attributes.replace(NONCE_ATTRIBUTE, "")}>${body}</script>`;
  });
}

/** Splits head code into head-valid top-level tags and the rest (from the first tag that is not one of them). */
export function splitHeadCode(code: string): { tags: HeadCodeTag[]; rest: string } {
  const tags: HeadCodeTag[] = [];
  let position = 0;
  while (position < code.length) {
    let match: RegExpExecArray | null = null;
    for (const pattern of [WHITESPACE, COMMENT]) {
      pattern.lastIndex = position;
      match = pattern.exec(code);
      if (match) break;
    }
    if (!match) {
      RAW_ELEMENT.lastIndex = position;
      match = RAW_ELEMENT.exec(code);
      if (match)
        tags.push({
          tag: (match[1] as string).toLowerCase() as HeadCodeTag["tag"],
          attributes: parseAttributes(match[2] ?? ""),
          html: match[3] ?? "",
        });
    }
    if (!match) {
      VOID_ELEMENT.lastIndex = position;
      match = VOID_ELEMENT.exec(code);
      if (match) tags.push({ tag: (match[1] as string).toLowerCase() as HeadCodeTag["tag"], attributes: parseAttributes(match[2] ?? ""), html: "" });
    }
    if (!match) return { tags, rest: code.slice(position) };
    position += match[0].length;
  }
  return { tags, rest: "" };
}

const REACT_PROP_NAMES: Record<string, string> = {
  class: "className",
  charset: "charSet",
  "http-equiv": "httpEquiv",
  crossorigin: "crossOrigin",
  referrerpolicy: "referrerPolicy",
  nomodule: "noModule",
  hreflang: "hrefLang",
  itemprop: "itemProp",
  tabindex: "tabIndex",
};

function toReactProps(attributes: HeadCodeTag["attributes"]): Record<string, string | boolean> {
  const props: Record<string, string | boolean> = {};
  for (const [name, value] of attributes) {
    if (name.startsWith("on") || name === "style" || name === "key" || name === "ref") continue;
    props[REACT_PROP_NAMES[name] ?? name] = value;
  }
  return props;
}

function renderHeadTag(tag: HeadCodeTag, index: number): ReactElement {
  const props: Record<string, unknown> = { ...toReactProps(tag.attributes), key: index };
  if (tag.tag === "script" || tag.tag === "style" || tag.tag === "noscript") props.dangerouslySetInnerHTML = { __html: tag.html };
  return createElement(tag.tag, props);
}

/** Everything admin code puts in <head>, in order: head_tags, analytics_code, facebook_pixel. */
export function SiteHeadCode({ tags }: { tags: HeadCodeTag[] }) {
  return <>{tags.map(renderHeadTag)}</>;
}

/** footer_tags (and head code that cannot live in <head>) as the last thing in <body>. */
export function SiteFooterCode({ html }: { html: string }) {
  if (!html.trim()) return null;
  return <div data-site-code="footer" dangerouslySetInnerHTML={{ __html: html }} />;
}

export interface SiteCodeText {
  headTags: string;
  footerTags: string;
  analyticsCode: string;
  facebookPixel: string;
}

/** Site code + the response's CSP nonce → what goes in <head> and what goes at the end of <body>, scripts nonced. */
export function placeSiteCode(code: SiteCodeText, nonce = ""): { headTags: HeadCodeTag[]; footerHtml: string } {
  const { tags, rest } = splitHeadCode([code.headTags, code.analyticsCode, code.facebookPixel].filter((part) => part.trim()).join("\n"));
  const headTags = tags.map((tag): HeadCodeTag => {
    if (tag.tag !== "script" || !nonce) return tag;
    return { ...tag, attributes: [["nonce", nonce], ...tag.attributes.filter(([name]) => name !== "nonce")] };
  });
  return { headTags, footerHtml: addNonceToScripts([rest, code.footerTags].filter((part) => part.trim()).join("\n"), nonce) };
}
