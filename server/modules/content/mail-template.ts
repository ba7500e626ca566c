import { escapeHtml } from "../../lib/sanitize-html";

/**
 * Safe mail templating: `{{name}}` is replaced by the value of `name`, nothing else happens (no
 * expressions, no code, no partials). In HTML every value is escaped; unknown names stay visible.
 */
const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g;

/** The placeholder names a template uses, in order of first use. */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** Names used in `template` that are not in `allowed`. */
export function unknownPlaceholders(template: string, allowed: readonly string[]): string[] {
  return placeholdersIn(template).filter((name) => !allowed.includes(name));
}

/** Plain text: placeholders replaced by their raw values. */
export function renderText(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (match, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : match,
  );
}

/**
 * HTML from a plain-text template: the template text is escaped, blank lines make paragraphs,
 * line breaks <br>, and every value is escaped; http(s) values become links.
 */
export function renderHtml(template: string, values: Record<string, string>): string {
  const paragraphs = template
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/);
  const render = (text: string) => {
    let out = "";
    let last = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      out += escapeHtml(text.slice(last, match.index));
      const name = match[1]!;
      if (Object.hasOwn(values, name)) {
        const value = values[name]!;
        out += /^https?:\/\/\S+$/i.test(value)
          ? `<a href="${escapeHtml(value)}" style="color:#0f6b63">${escapeHtml(value)}</a>`
          : escapeHtml(value);
      } else out += escapeHtml(match[0]);
      last = (match.index ?? 0) + match[0].length;
    }
    return (out + escapeHtml(text.slice(last))).replace(/\n/g, "<br>");
  };
  return paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${render(paragraph)}</p>`).join("\n");
}

/** A whole mail document around rendered paragraphs. */
export function mailDocument(language: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<body style="margin:0;padding:24px;background:#f7f8f6;font-family:Arial,Helvetica,sans-serif;color:#14201f;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${bodyHtml}
</div>
</body>
</html>`;
}
