import { describe, expect, it } from "vitest";
import { placeholdersIn, renderHtml, renderText, unknownPlaceholders } from "./mail-template";

describe("mail templates", () => {
  it("replaces known placeholders and leaves unknown ones visible", () => {
    expect(renderText("Hi {{ name }}, {{missing}} {{name}}", { name: "Ann" })).toBe(
      "Hi Ann, {{missing}} Ann",
    );
  });

  it("never runs code: expressions and prototype names are not placeholders", () => {
    expect(renderText("{{constructor}} {{__proto__}} {{name.length}} {{= 1+1}}", { name: "x" })).toBe(
      "{{constructor}} {{__proto__}} {{name.length}} {{= 1+1}}",
    );
  });

  it("escapes values and template text in HTML", () => {
    const html = renderHtml("Hello {{name}} <b>\n\nLink: {{link}}", {
      name: '<script>alert("x")</script>',
      link: "https://school.example/reset?a=1&b=2",
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;");
    expect(html).toContain('<a href="https://school.example/reset?a=1&amp;b=2"');
    expect(html.match(/<p /g)).toHaveLength(2);
  });

  it("lists placeholders and the unknown ones", () => {
    expect(placeholdersIn("{{a}} {{b}} {{a}}")).toEqual(["a", "b"]);
    expect(unknownPlaceholders("{{a}} {{c}}", ["a", "b"])).toEqual(["c"]);
  });
});
