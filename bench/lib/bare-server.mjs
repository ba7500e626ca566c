/**
 * The benchmark's ceiling: a bare Fastify server with one constant route, in its own process (the
 * same Node.js and load generator as the product's server), so every scenario is a share of what
 * this machine's HTTP stack does with nothing on the request path. No logger, no plugins.
 * Started by bench/lib/server-process.ts (PORT, HOST); answers `/readyz` like the product does.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
app.get("/readyz", async () => ({ status: "ready" }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
const stop = () => app.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
