import type { FastifyInstance } from "fastify";

/** One route of the running app: method and Fastify path (`/api/courses/:id`). */
export interface AppRoute {
  method: string;
  path: string;
}

/**
 * Every route the app's router holds, hidden-from-OpenAPI ones included, read from the router tree
 * Fastify prints (`printRoutes()`): each node prints its own segment, so a route's path is the
 * segments of its ancestors joined. HEAD routes that Fastify adds beside each GET are left out
 * (they run the GET handler); a route that declares HEAD without GET would stay in.
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const lines = app.printRoutes({ commonPrefix: true }).split("\n");
  const stack: string[] = [];
  const routes: AppRoute[] = [];
  for (const line of lines) {
    const match = /^([\s│]*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = Math.floor([...(match[1] ?? "")].length / 4);
    stack.length = depth;
    stack[depth] = match[2];
    if (!match[3]) continue;
    const path = stack.join("");
    const methods = match[3].split(",").map((method) => method.trim());
    for (const method of methods) {
      if (method === "HEAD" && methods.includes("GET")) continue;
      routes.push({ method, path });
    }
  }
  return routes;
}
