import { relative, sep } from "node:path";

/**
 * The browser never gets server code (decision 012). The import rule (scripts/check-imports.ts)
 * keeps browser code from importing server modules; this checks what was actually bundled: a
 * client chunk or the service worker holding a module of server/ or an app `*.server.ts` file
 * fails the build, naming the module and the chunk.
 */

/** The module ids (absolute paths) among `ids` that are server code, as repository paths. */
export function serverModulesIn(ids, root) {
  return ids
    .map((id) => id.replace(/^\0/, "").replace(/\?.*$/, ""))
    .map((id) => relative(root, id).split(sep).join("/"))
    .filter((path) => !path.startsWith("..") && !path.includes("node_modules/"))
    .filter((path) => path.startsWith("server/") || /^app\/.*\.server\.[cm]?[jt]sx?$/.test(path));
}

/** Vite plugin for the client build: fails it when a chunk holds server code. */
export function clientBundleGuard(root) {
  return {
    name: "client-bundle-guard",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const found = Object.values(bundle)
        .filter((output) => output.type === "chunk")
        .flatMap((chunk) =>
          serverModulesIn(chunk.moduleIds, root).map((path) => `${path} in ${chunk.fileName}`),
        );
      if (found.length > 0) {
        this.error(`server code in the browser bundle:\n  ${found.join("\n  ")}`);
      }
    },
  };
}
