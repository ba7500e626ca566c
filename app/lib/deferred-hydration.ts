import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*\/?>/g;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");\n?/gm;
const HEAD_END = "</head>";
const SCRIPT_END = "</script>";
/** Past this much text without finding what it looks for, the rest is passed on unchanged. */
const MAX_HELD_BYTES = 2 * 1024 * 1024;

/**
 * The first frame, or a second at most (a tab in the background draws no frames).
 * `setTimeout` after the frame: the frame is painted before the scripts are asked for.
 */
const AFTER_FIRST_FRAME =
  "await new Promise((go) => { requestAnimationFrame(() => setTimeout(go, 0)); setTimeout(go, 1000); });";

/**
 * React Router's hydration script, rewritten to run after the first frame: it starts with static
 * imports of the route modules (fetched as soon as the script is parsed); they become imports that
 * start once the page has painted, preceded by preloads of every module the page needs, so the
 * whole graph is fetched at once and not import by import.
 */
export function deferHydrationScript(script: string, preloads: string[]): string {
  const routes: Array<{ name: string; url: string }> = [];
  const rest = script.replace(ROUTE_IMPORT, (_, name: string, url: string) => {
    routes.push({ name, url });
    return "";
  });
  if (routes.length === 0) return script;
  return [
    AFTER_FIRST_FRAME,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${routes.map((route) => route.name).join(", ")}] = await Promise.all([${routes
      .map((route) => `import(${route.url})`)
      .join(", ")}]);`,
    rest.replace(/^;\s*/, ""),
  ].join("\n");
}

/**
 * Lets the page paint before its scripts load, as the HTML streams out. Every page is rendered on
 * the server and reads and navigates without JavaScript; on a phone on a slow line the HTML, the
 * stylesheet, the font and the first image should have the line to themselves until the first
 * frame, and the scripts (about 150 kB) follow and hydrate. So the head's `modulepreload` links
 * (which Chrome fetches at high priority, in the way of the first paint) are taken out, and the
 * hydration script (`<script type="module">` at the end of the body) waits for the first frame,
 * then adds those preloads and imports the route modules. React Router offers no option for
 * this, so it is done on the streamed text. `data-hydrated` on `<html>` (root.tsx) says when the
 * page has hydrated.
 *
 * `headEnd` (an inline script of ours, e.g. early-input.ts) is put just before `</head>`.
 */
export function deferredHydration(options: { headEnd?: string } = {}): Transform {
  // Bytes, not text: the markers are ASCII, so a cut at one never splits a character, and only the
  // head and the module script are decoded; the rest of the page goes through as it came.
  let held: Buffer = Buffer.alloc(0);
  let phase: "head" | "body" | "done" = "head";
  const preloads: string[] = [];

  /** What can go out of `held` now; the rest stays held until more of the page arrives. */
  function release(): Buffer[] {
    const out: Buffer[] = [];
    if (phase === "head") {
      const end = held.indexOf(HEAD_END);
      if (end < 0) {
        if (held.length < MAX_HELD_BYTES) return out;
        phase = "done";
        return [take(held.length)];
      }
      const head = take(end)
        .toString("utf8")
        .replace(MODULE_PRELOAD, (_, href: string) => {
          preloads.push(href);
          return "";
        });
      out.push(Buffer.from(head + (options.headEnd ?? "")));
      phase = preloads.length > 0 ? "body" : "done";
    }
    if (phase === "body") {
      const marker = held.indexOf('type="module"');
      const start = marker < 0 ? -1 : held.lastIndexOf("<script", marker);
      const open = start < 0 ? -1 : held.indexOf(">", marker);
      const close = open < 0 ? -1 : held.indexOf(SCRIPT_END, open);
      if (close < 0) {
        if (held.length < MAX_HELD_BYTES) {
          // What comes before an unfinished tag can go; the tag waits for the rest of it.
          const keep = start >= 0 ? start : Math.max(0, held.lastIndexOf("<"));
          out.push(take(keep));
          return out;
        }
        phase = "done";
        out.push(take(held.length));
        return out;
      }
      out.push(take(open + 1));
      const script = take(close - open - 1).toString("utf8");
      out.push(Buffer.from(deferHydrationScript(script, preloads)));
      phase = "done";
    }
    out.push(take(held.length));
    return out;
  }

  function take(length: number): Buffer {
    const out = held.subarray(0, length);
    held = held.subarray(length);
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (phase === "done" && held.length === 0) return callback(null, chunk);
      held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      const out = Buffer.concat(release());
      callback(null, out.length > 0 ? out : undefined);
    },
    flush(callback) {
      callback(null, held.length > 0 ? held : undefined);
    },
  });
}
