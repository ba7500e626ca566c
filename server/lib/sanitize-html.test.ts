import { describe, expect, it } from "vitest";
import { safeHref, sanitizeHtml } from "./sanitize-html";

describe("sanitizeHtml", () => {
  it("keeps the allowed tags and text", () => {
    const html =
      "<h2>About</h2><p>We <strong>teach</strong> <em>well</em>.<br>Really</p><ul><li>One</li></ul><blockquote>Q</blockquote>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes script, style and iframe with their content", () => {
    expect(
      sanitizeHtml('<p>Hi</p><script>alert("x")</script><style>p{}</style><iframe src="x">y</iframe>'),
    ).toBe("<p>Hi</p>");
    expect(sanitizeHtml("<SCRIPT >alert(1)</SCRIPT ><p>ok</p>")).toBe("<p>ok</p>");
    expect(sanitizeHtml("<p>a<script>never closed")).toBe("<p>a</p>");
  });

  it("drops event handlers and every other attribute", () => {
    expect(sanitizeHtml('<p onclick="x()" style="color:red" class="c">t</p>')).toBe("<p>t</p>");
    expect(sanitizeHtml('<img src=x onerror="alert(1)"><p>t</p>')).toBe("<p>t</p>");
    expect(sanitizeHtml('<a href="https://ok.example" onmouseover="alert(1)">l</a>')).toBe(
      '<a href="https://ok.example" rel="noopener noreferrer nofollow">l</a>',
    );
  });

  it("refuses javascript:, data: and obfuscated URLs", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "javascript&colon;alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "//evil.example",
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    }
    expect(sanitizeHtml("<a href='mailto:hi@example.com'>m</a>")).toContain('href="mailto:hi@example.com"');
  });

  it("escapes stray markup and unwraps unknown tags", () => {
    expect(sanitizeHtml("<div><span>a < b</span></div>")).toBe("a &lt; b");
    expect(sanitizeHtml('<p>"x" & y &amp; z</p>')).toBe('<p>"x" &amp; y &amp; z</p>');
    expect(sanitizeHtml("<!-- c --><!doctype html><p>x</p>")).toBe("<p>x</p>");
    expect(sanitizeHtml('<p title="a>b">t</p>')).toBe("<p>t</p>");
    expect(sanitizeHtml("<svg><script>alert(1)</script></svg><p>t</p>")).toBe("<p>t</p>");
  });

  it("balances tags", () => {
    expect(sanitizeHtml("<p><strong>bold")).toBe("<p><strong>bold</strong></p>");
    expect(sanitizeHtml("</p>text</em>")).toBe("text");
    expect(sanitizeHtml("<ul><li>a<li>b</ul>")).toBe("<ul><li>a<li>b</li></li></ul>");
  });
});

describe("safeHref", () => {
  it("accepts http, https and mailto only", () => {
    expect(safeHref("https://a.example/x?y=1&amp;z=2")).toBe("https://a.example/x?y=1&z=2");
    expect(safeHref("http://a.example")).toBe("http://a.example");
    expect(safeHref("/relative")).toBeNull();
    expect(safeHref("javascript:x")).toBeNull();
  });
});
