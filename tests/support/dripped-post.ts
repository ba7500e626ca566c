import { type Agent, request as httpRequest } from "node:http";

/**
 * A JSON post to the server at `url` whose body arrives in two parts, `gapMs` apart: a request in
 * flight for that long (a server's drain must answer it). Resolves with the answer's status, or
 * status 0 and the error's code when the connection failed.
 */
export function drippedPost(
  url: string,
  path: string,
  body: unknown,
  options: { gapMs: number; agent?: Agent | false },
): Promise<{ status: number; error?: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: new URL(url).port,
        path,
        method: "POST",
        ...(options.agent === undefined ? {} : { agent: options.agent }),
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: error.code ?? error.message }),
    );
    request.write(text.slice(0, 10));
    setTimeout(() => request.end(text.slice(10)), options.gapMs);
  });
}
