import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { nodeBodyOf } from "~shared/response-node-body";

/** React Router's answer with its body as a Node.js stream, for a Fastify reply or the page cache. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Readable | null;
}

/**
 * The answer `response` is: a page's body is the Node.js stream the render wrote it into
 * (`shared/response-node-body.ts`), any other response's body its web stream made a Node.js one.
 */
export function renderedPage(response: Response): RenderedPage {
  const body =
    nodeBodyOf(response) ??
    (response.body ? Readable.fromWeb(response.body as NodeWebStream<Uint8Array>) : null);
  return { status: response.status, headers: response.headers, body };
}

/** The whole body as text (UTF-8). */
export async function pageText(page: RenderedPage): Promise<string> {
  if (!page.body) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of page.body) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
