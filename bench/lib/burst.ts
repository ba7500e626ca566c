import { connect, type Socket } from "node:net";

export interface BurstRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface BurstAnswer {
  status: number;
  body: string;
  /** From this request's write to the end of its answer. */
  ms: number;
}

/**
 * Many clients sending one request each at the same moment, as autocannon does it: every client
 * has its own connection, opened before the clock starts, and the requests are written as
 * prepared bytes. So what is measured is the server's answer, not the load generator's own HTTP
 * stack (Node's fetch spends about a millisecond of CPU per request, on the server's cores).
 */
export async function burst(
  url: string,
  requests: BurstRequest[],
  /** Sent first on every connection, and answered, before the clock starts. */
  before?: BurstRequest,
): Promise<BurstAnswer[]> {
  const { hostname, port } = new URL(url);
  const sockets = await Promise.all(requests.map(() => open(hostname, Number(port))));
  const prepared = requests.map((request) => serialize(request, hostname));
  try {
    if (before) {
      const first = serialize(before, hostname);
      const answers = await Promise.all(sockets.map((socket) => exchange(socket, first)));
      const failed = answers.find((answer) => answer.status < 200 || answer.status > 299);
      if (failed) throw new Error(`${before.method} ${before.path} answered ${failed.status} ${failed.body}`);
    }
    return await Promise.all(sockets.map((socket, i) => exchange(socket, prepared[i] as Buffer)));
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

function open(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true }, () => {
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

function serialize(request: BurstRequest, host: string): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return body ? Buffer.concat([head, body]) : head;
}

/** Writes one request and reads its answer (Content-Length framed, as every API answer is). */
function exchange(socket: Socket, request: Buffer): Promise<BurstAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let started = 0;
    const finish = (answer: Omit<BurstAnswer, "ms">) => {
      socket.removeAllListeners("data");
      socket.off("error", onError);
      socket.off("close", onClose);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const onError = (error: Error) => finish({ status: 0, body: error.message });
    const onClose = () => finish({ status: 0, body: "connection closed" });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      const data = chunks.length === 1 ? chunk : Buffer.concat(chunks, received);
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = data.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (data.length < end + 4 + length) return;
      finish({
        status: Number(head.slice(9, 12)),
        body: data.subarray(end + 4, end + 4 + length).toString(),
      });
    });
    socket.once("error", onError);
    socket.once("close", onClose);
    started = performance.now();
    socket.write(request);
  });
}
