import type { WidgetScript } from "~server/modules/settings/site-widgets";

/**
 * The school's analytics and chat scripts in <head>, rendered by the server once the visitor
 * accepted cookies (the page's CSP allows their origins; our own lines carry the nonce).
 */
export function WidgetScripts({ scripts, nonce }: { scripts: WidgetScript[]; nonce: string }) {
  return scripts.map((script) =>
    "src" in script ? (
      <script key={script.src} async src={script.src} nonce={nonce} />
    ) : (
      <script
        key={script.inline}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own lines; the one value is an id checked against a strict pattern.
        dangerouslySetInnerHTML={{ __html: script.inline }}
      />
    ),
  );
}
