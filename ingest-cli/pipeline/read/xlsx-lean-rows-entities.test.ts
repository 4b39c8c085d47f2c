import { describe, expect, it } from "vitest";
import { decodeXmlText } from "./xlsx-xml-text.ts";

/** The reference rule the lean reader's decoding must equal: one regex pass with a replacer. */
function decodeByRegex(raw: string): string {
  const names: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
  return raw.replace(/\r\n?/g, "\n").replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (match, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return names[name] ?? match;
  });
}

describe("decodeXmlText", () => {
  it("decodes cell text exactly as a single regex pass does, nested and unknown entities included", () => {
    const samples = [
      "{&quot;Monday&quot;: &quot;8AM-3PM&quot;}",
      "Tom &amp; Jerry &lt;b&gt; &apos;x&apos;",
      "&amp;quot; stays &quot; once, &amp;amp; too",
      "&nbsp; &foo&quot; &; & &q uot; &quot &#; &#x; &#xZ; &#x1g; &#12a;",
      "&#65;&#x42;&#x1F600; &#38;quot; &#x26;lt;",
      "line\r\nbreak\rhere &amp;\r\n",
      "plain text",
      "",
      "&",
      "&&quot;&&amp;&",
    ];
    for (const sample of samples) expect(decodeXmlText(sample)).toBe(decodeByRegex(sample));
  });
});
