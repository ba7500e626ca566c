/**
 * Preloaded into the product's server by bench/server/floor.ts (`node --import`): writes every route
 * its router holds, as a JSON list of {method, url}, to ROUTE_CENSUS_FILE once the app is ready, so a
 * bare server can be given the same routes (bench/lib/bare-server.mjs, BARE_ROUTES). Fastify announces
 * each new instance on the `fastify.initialization` diagnostics channel, before any route is added.
 */
import { subscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";

const file = process.env.ROUTE_CENSUS_FILE;
if (file) {
  subscribe("fastify.initialization", ({ fastify }) => {
    const routes = [];
    fastify.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    fastify.addHook("onReady", (done) => {
      writeFileSync(file, JSON.stringify(routes));
      done();
    });
  });
}
