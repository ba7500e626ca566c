import { parseMessagesScriptFile } from "~/i18n/messages-script.server";
import { schoolMessages } from "~/i18n/page-messages.server";
import type { Route } from "./+types/interface-texts";

/**
 * `/i18n/<language>-<area>-<hash>.js`: the school's interface texts for one language and message
 * area, as the module the pages name (messages-script.server.ts). The address changes with the
 * texts, so the answer is kept for a year. An address of texts the school no longer has (an
 * override was saved since the page was made) is sent on to the current one: the page then shows
 * the school's texts as they are now.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const wanted = parseMessagesScriptFile(params.file);
  if (!wanted) throw new Response("Not found", { status: 404 });
  const { script } = await schoolMessages(context, wanted.language, wanted.area);
  if (script.hash !== wanted.hash) {
    return new Response(null, {
      status: 302,
      headers: { location: script.src, "cache-control": "no-store" },
    });
  }
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "public, max-age=31536000, immutable",
    etag: script.etag,
  };
  if (request.headers.get("if-none-match") === script.etag)
    return new Response(null, { status: 304, headers });
  return new Response(script.body, { headers });
}
