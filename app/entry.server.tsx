import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { PageMessagesContext } from "~/i18n/messages-store";
import { heldPageMessages } from "~/i18n/page-messages.server";
import { coalescing } from "~/lib/coalescing-stream";
import { deferredHydration } from "~/lib/deferred-hydration";
import { EARLY_INPUT_SCRIPT } from "~/lib/early-input";
import { NonceContext } from "~/lib/nonce";
import { withNodeBody } from "~shared/response-node-body";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode builds wait for everything; people get the shell as soon as it is ready.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        {/* The interface texts the root loader chose, as objects: no lookup, nothing to decode. */}
        <PageMessagesContext.Provider value={heldPageMessages(loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageMessagesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // What is typed before hydration is handed to React once it has hydrated (early-input.ts).
          const body = deferredHydration({
            headEnd: `<script nonce="${nonce}">${EARLY_INPUT_SCRIPT}</script>`,
          });
          // React's ~2 KB pieces of one turn go on as one chunk (coalescing-stream.ts).
          const joined = coalescing();
          joined.pipe(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The page goes to the server's reply as the Node.js stream it is, not through a web
          // stream and back (response-node-body.ts).
          resolve(
            withNodeBody(new Response(null, { headers: responseHeaders, status: responseStatusCode }), body),
          );
          pipe(joined);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
