import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
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
          const body = new PassThrough();
          // What is typed before hydration is handed to React once it has hydrated (early-input.ts).
          const head = deferredHydration({
            headEnd: `<script nonce="${nonce}">${EARLY_INPUT_SCRIPT}</script>`,
          });
          head.pipe(body);
          // React's ~2 KB pieces of one turn go on as one chunk (coalescing-stream.ts).
          const joined = coalescing();
          joined.pipe(head);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
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
