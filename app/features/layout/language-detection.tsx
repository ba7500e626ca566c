import { languageCookie } from "~/i18n/language-preference";
import { useNonce } from "~/lib/nonce";
import { LANGUAGE_COOKIE, SUPPORTED_LANGUAGES } from "~shared/language";

/**
 * Language detection, in the spec's order: the `lng` query value, the `i18next` cookie, local
 * storage, session storage, the browser's languages, the `<html lang>` tag; English otherwise.
 *
 * 1. The server sees the query, the cookie and the browser's Accept-Language (shared/language.ts)
 *    and renders the page in that language with `<html lang>` set; a page opened with `?lng=`
 *    also gets the `i18next` cookie from the server.
 * 2. This script runs in <head> before anything is painted. When the query or the cookie decided,
 *    it only copies that language to local storage. Otherwise it picks the first supported value of
 *    local storage, session storage (both key `i18nextLng`, as i18next-browser-languagedetector
 *    names it), `navigator.languages` and `<html lang>`, caches it in the cookie and local storage
 *    and, only when that differs from what the server rendered, reloads at once with the page
 *    hidden. From then on the cookie decides on the server: no flash of another language.
 * 3. A school that set a default language in Settings (`schoolLanguage`) puts it before the
 *    browser's languages: the server rendered it, and the browser's languages are not consulted.
 */
function detect(
  supported: string[],
  cookieName: string,
  cookieFor: (language: string) => string,
  schoolLanguage: string,
) {
  try {
    const base = (value: string | null | undefined) => (value ?? "").toLowerCase().split("-")[0] ?? "";
    const ok = (value: string | null | undefined) => supported.indexOf(base(value)) >= 0;
    const html = document.documentElement;
    const query = new URLSearchParams(location.search).get("lng");
    const cookie = document.cookie.match(new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`));
    let decided = ok(query)
      ? base(query)
      : cookie && ok(decodeURIComponent(cookie[1] ?? ""))
        ? base(decodeURIComponent(cookie[1] ?? ""))
        : "";
    if (!decided) {
      const candidates = [localStorage.getItem("i18nextLng"), sessionStorage.getItem("i18nextLng")]
        .concat(schoolLanguage ? [schoolLanguage] : Array.from(navigator.languages || [navigator.language]))
        .concat([html.lang]);
      decided = base(candidates.find(ok)) || "en";
      // biome-ignore lint/suspicious/noDocumentCookie: the plain, readable `i18next` cookie.
      document.cookie = cookieFor(decided);
      // Reload only when the cookie stuck (else the server cannot follow and it would loop).
      if (decided !== base(html.lang) && document.cookie.indexOf(`${cookieName}=${decided}`) >= 0) {
        html.style.visibility = "hidden";
        location.reload();
      }
    }
    localStorage.setItem("i18nextLng", decided);
  } catch {
    // Storage or cookies may be blocked: the server's choice stands.
  }
}

/** The script per school language (a few): built once each, not on every page. */
const scripts = new Map<string, string>();

const buildScript = (schoolLanguage: string) =>
  `(${detect.toString()})(${JSON.stringify(SUPPORTED_LANGUAGES)},${JSON.stringify(LANGUAGE_COOKIE)},function(l){return ${JSON.stringify(languageCookie("__LANG__"))}.replace("__LANG__",encodeURIComponent(l))},${JSON.stringify(schoolLanguage)});`;

/**
 * The inline detection script; render it first in <head>. `schoolLanguage`: the school's default
 * language from Settings ("" when it follows the visitor's browser).
 */
function scriptFor(schoolLanguage: string): string {
  let script = scripts.get(schoolLanguage);
  if (script === undefined) {
    script = buildScript(schoolLanguage);
    scripts.set(schoolLanguage, script);
  }
  return script;
}

export function LanguageDetection({ schoolLanguage = "" }: { schoolLanguage?: string }) {
  const nonce = useNonce();
  const supported = (SUPPORTED_LANGUAGES as readonly string[]).includes(schoolLanguage) ? schoolLanguage : "";
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; the one value is a checked language code.
      dangerouslySetInnerHTML={{ __html: scriptFor(supported) }}
    />
  );
}
