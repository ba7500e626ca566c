/**
 * The benchmark's ceiling: a bare Fastify server with one constant route, in its own process (the
 * same Node.js and load generator as the product's server), so every scenario is a share of what
 * this machine's HTTP stack does with nothing on the request path. No logger, no plugins.
 * Started by bench/lib/server-process.ts (PORT, HOST); answers `/readyz` like the product does.
 *
 * The floor's variants (bench/server/floor.ts) add, one at a time, what Node.js and Fastify charge
 * the product before any of its own code runs; without these variables the server is the bare one:
 * - BARE_SYNC=1: `/` answers with `reply.send` at once instead of returning a promise (as the
 *   product's constant route and cached answers do); implied by each variable below;
 * - BARE_HEADERS: a JSON list of [name, value] pairs sent on `/` (the product's own header lines,
 *   copied from one of its answers), set on Fastify's header list as the product's plugins set them;
 * - BARE_ASYNC_CONTEXT=1: an AsyncLocalStorage entered for each request in an `onRequest` hook,
 *   whose `done` runs inside it, as the tenancy plugin enters the tenant scope (server/db/tenant-scope.ts);
 *   BARE_ASYNC_CONTEXT=enabled: an AsyncLocalStorage entered once at start and by no request (what a
 *   route that skips the tenant scope still pays while other routes enter it);
 * - BARE_ROUTES: a file with a JSON list of {method, url}, every route the product's router holds
 *   (bench/lib/route-census.mjs), registered beside `/` with a no-op handler;
 * - BARE_HOOKS: "onRequest,onSend" counts of no-op callback hooks at the app's level (the product's
 *   plugins' hooks, doing nothing);
 * - BARE_LOGGER=warn: Fastify's pino logger at that level (a request's child logger, the
 *   listeners that time the answer and the access log's call, which writes nothing at `warn`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const headers = process.env.BARE_HEADERS
  ? Object.fromEntries(JSON.parse(process.env.BARE_HEADERS))
  : undefined;
const routes = process.env.BARE_ROUTES ? JSON.parse(readFileSync(process.env.BARE_ROUTES, "utf8")) : [];
const [onRequestHooks = 0, onSendHooks = 0] = (process.env.BARE_HOOKS ?? "").split(",").map(Number);

const app = Fastify({ logger: process.env.BARE_LOGGER ? { level: process.env.BARE_LOGGER } : false });

const company = "00000000-0000-4000-8000-000000000001";
if (process.env.BARE_ASYNC_CONTEXT === "1") {
  const scope = new AsyncLocalStorage();
  app.addHook("onRequest", (_request, _reply, done) => scope.run(company, done));
} else if (process.env.BARE_ASYNC_CONTEXT === "enabled") {
  // Entered once, so Node.js 20's async hooks are on for the whole process, but no request enters it.
  new AsyncLocalStorage().run(company, () => undefined);
}
for (let i = 0; i < onRequestHooks; i++) app.addHook("onRequest", (_request, _reply, done) => done());
for (let i = 0; i < onSendHooks; i++)
  app.addHook("onSend", (_request, _reply, payload, done) => done(null, payload));

if (process.env.BARE_SYNC === "1" || headers) {
  // As the product's constant route answers: at once, without the handler's promise.
  app.get("/", (_request, reply) => {
    if (headers) reply.headers(headers);
    reply.send({ hello: "world" });
  });
} else {
  app.get("/", async () => ({ hello: "world" }));
}
app.get("/readyz", async () => ({ status: "ready" }));

const noop = (_request, reply) => {
  reply.send({});
};
for (const { method, url } of routes) {
  if (method === "HEAD" || url === "/" || url === "/readyz") continue; // Fastify adds each GET's HEAD itself
  try {
    app.route({ method, url, handler: noop });
  } catch {
    // a route the product registers under a constraint (a host, a version): once is enough here
  }
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
const stop = () => app.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
