import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { addNonceToScripts, placeSiteCode, SiteHeadCode, splitHeadCode } from "./site-code";

const PIXEL = `<!-- Meta Pixel Code -->
<script>
!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){};t=b.createElement(e);t.async=!0;
t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window, document,'script','https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '123'); fbq('track', 'PageView');
</script>
<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=123&amp;ev=PageView&amp;noscript=1"/></noscript>
<!-- End Meta Pixel Code -->`;

describe("site code placement", () => {
  it("keeps head-valid tags in order with their raw content and decoded attributes", () => {
    const { tags, rest } = splitHeadCode(
      `<meta name="google-site-verification" content="a&amp;b">\n<script async src='https://www.googletagmanager.com/gtag/js?id=G-1'></script>${PIXEL}<link rel=preconnect href=https://cdn.example>`,
    );
    expect(rest).toBe("");
    expect(tags.map((tag) => tag.tag)).toEqual(["meta", "script", "script", "noscript", "link"]);
    expect(tags[0]?.attributes).toEqual([
      ["name", "google-site-verification"],
      ["content", "a&b"],
    ]);
    expect(tags[1]?.attributes).toEqual([
      ["async", true],
      ["src", "https://www.googletagmanager.com/gtag/js?id=G-1"],
    ]);
    expect(tags[2]?.html).toContain("fbq('init', '123')");
    expect(tags[3]?.html).toContain("noscript=1");
  });

  it("moves markup that cannot live in <head> (and all after it) to the end of <body>, ahead of the footer code", () => {
    const placed = placeSiteCode({
      headTags: `<meta name="a" content="1"><div id="banner">Hello</div><script>window.late = 1</script>`,
      analyticsCode: "",
      facebookPixel: "",
      footerTags: `<script>window.footer = 1</script>`,
    });
    expect(placed.headTags.map((tag) => tag.tag)).toEqual(["meta"]);
    expect(placed.footerHtml).toBe(`<div id="banner">Hello</div><script>window.late = 1</script>\n<script>window.footer = 1</script>`);
  });

  it("renders scripts unescaped so the browser runs them, and drops inline event handlers", () => {
    const { tags } = splitHeadCode(`<script data-x="1" onload="steal()">if (a < b && c) go("</div>")</script><meta charset=utf-8>`);
    const html = renderToStaticMarkup(createElement(SiteHeadCode, { tags }));
    expect(html).toBe(`<script data-x="1">if (a < b && c) go("</div>")</script><meta charSet="utf-8"/>`);
  });
});

describe("site code under the Content-Security-Policy", () => {
  const NONCE = "n0nceValue0123456789AB==";

  it("puts the response's nonce on every admin script, replacing any nonce the code brought", () => {
    const placed = placeSiteCode(
      {
        headTags: `<script nonce="old" async src="https://t.example/a.js"></script><meta name="a" content="1">`,
        analyticsCode: "",
        facebookPixel: PIXEL,
        footerTags: `<div><script type="module">x()</script></div>`,
      },
      NONCE,
    );
    const head = renderToStaticMarkup(createElement(SiteHeadCode, { tags: placed.headTags }));
    expect(head).toContain(`<script nonce="${NONCE}" async="" src="https://t.example/a.js"></script>`);
    expect(head.match(/<script nonce=/g)).toHaveLength(2);
    expect(head).not.toContain("old");
    expect(placed.footerHtml).toBe(`<div><script nonce="${NONCE}" type="module">x()</script></div>`);
  });

  it("edits only opening tags, never a script's own text", () => {
    expect(addNonceToScripts(`<script>document.write("<script src='x.js'></scr" + "ipt>")</script><SCRIPT nonce>y()</SCRIPT >`, NONCE)).toBe(
      `<script nonce="${NONCE}">document.write("<script src='x.js'></scr" + "ipt>")</script><script nonce="${NONCE}">y()</script>`,
    );
  });
});
