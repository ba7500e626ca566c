/**
 * A strict allow-list HTML sanitiser for user-written page bodies. It parses the input and
 * rebuilds it: only the tags below survive, `a` keeps only an http(s) or mailto `href`, every
 * other attribute is dropped, dangerous elements (script, style, iframe…) are removed with their
 * content, other unknown tags are unwrapped (their text stays, escaped), and open tags are closed.
 */
const ALLOWED = new Set(["p", "h2", "h3", "ul", "ol", "li", "a", "strong", "em", "br", "blockquote"]);
const VOID = new Set(["br"]);
/** Removed together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "textarea",
  "title",
  "select",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "frameset",
  "head",
]);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );
}

/** Text between tags: `<` and `>` escaped, `&` kept only when it starts a well-formed entity. */
function escapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "&") out += ENTITY.test(text.slice(i)) ? "&" : "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else out += char;
  }
  return out;
}

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  nbsp: " ",
};

function decodeEntities(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/gi, (match, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED[body.toLowerCase()] ?? match;
  });
}

/** An http(s) or mailto address, or null for anything else (javascript:, data:, relative…). */
export function safeHref(raw: string): string | null {
  const decoded = decodeEntities(raw);
  // Browsers ignore control characters and whitespace inside the scheme: so do we before checking it.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (!/^(https?:\/\/|mailto:)/i.test(compact)) return null;
  return decoded.trim();
}

export function sanitizeHtml(input: string): string {
  const html = input.replace(/\r\n?/g, "\n");
  const open: string[] = [];
  let out = "";
  let i = 0;
  while (i < html.length) {
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i] === "<") {
      TAG.lastIndex = i;
      const match = TAG.exec(html);
      if (!match) {
        // "<!doctype", "<?xml", a lone "<": never markup in the output.
        if (html[i + 1] === "!" || html[i + 1] === "?") {
          const end = html.indexOf(">", i);
          i = end === -1 ? html.length : end + 1;
        } else {
          out += "&lt;";
          i += 1;
        }
        continue;
      }
      i = TAG.lastIndex;
      const closing = match[1] === "/";
      const name = match[2]!.toLowerCase();
      if (DROPPED_WITH_CONTENT.has(name)) {
        if (!closing) {
          const end = html.toLowerCase().indexOf(`</${name}`, i);
          if (end === -1) i = html.length;
          else {
            const gt = html.indexOf(">", end);
            i = gt === -1 ? html.length : gt + 1;
          }
        }
        continue;
      }
      if (!ALLOWED.has(name)) continue;
      if (closing) {
        const at = open.lastIndexOf(name);
        if (at === -1) continue;
        while (open.length > at) out += `</${open.pop()}>`;
        continue;
      }
      if (VOID.has(name)) {
        out += `<${name}>`;
        continue;
      }
      let attributes = "";
      if (name === "a") {
        for (const attribute of (match[3] ?? "").matchAll(ATTRIBUTE)) {
          if (attribute[1]!.toLowerCase() !== "href") continue;
          const href = safeHref(attribute[2] ?? attribute[3] ?? attribute[4] ?? "");
          if (href) attributes = ` href="${escapeHtml(href)}" rel="noopener noreferrer nofollow"`;
          break;
        }
      }
      out += `<${name}${attributes}>`;
      open.push(name);
      continue;
    }
    const next = html.indexOf("<", i);
    const end = next === -1 ? html.length : next;
    out += escapeText(html.slice(i, end));
    i = end;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out.trim();
}
