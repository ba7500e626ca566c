import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";
import { serverModulesIn } from "./client-bundle-guard.mjs";

/**
 * Route modules of the back office and of staff sign-in (app/routes/admin/): not precached
 * (visitors never need them); they are cached when loaded, like any other build file.
 */
const STAFF_ROUTES = "routes/admin/";

/**
 * Storefront chunks loaded with `import()` after the page (not in React Router's manifest): the
 * mobile menu opens offline too.
 */
const STOREFRONT_LAZY_CHUNKS = ["assets/mobile-nav-*.js"];

/** React Router's browser manifest (`build/client/assets/manifest-<hash>.js`): entry and route modules. */
function routeManifest(clientDir) {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-[0-9a-f]+\.js$/.test(name));
  if (!file) throw new Error("React Router's manifest-*.js was not found in the client build");
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  return { file: `assets/${file}`, ...JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) };
}

/** The app shell: the entry, the root and every storefront route with the files they import. */
export function appShellFiles(manifest) {
  const files = new Set([manifest.file]);
  const add = (module) => {
    for (const url of [module.module, ...(module.imports ?? []), ...(module.css ?? [])]) {
      if (url) files.add(url.replace(/^\//, ""));
    }
  };
  add(manifest.entry);
  for (const route of Object.values(manifest.routes)) {
    if (route.id.startsWith(STAFF_ROUTES)) continue;
    add(route);
  }
  return [...files].sort();
}

/**
 * Builds `build/client/sw.js` from app/features/offline/service-worker.ts: bundled with esbuild,
 * then Workbox writes the precache list (files with their revisions) into it.
 */
export async function buildServiceWorker(root) {
  const clientDir = join(root, "build/client");
  const bundled = join(root, "build/sw.bundle.js");
  const { metafile } = await build({
    entryPoints: [join(root, "app/features/offline/service-worker.ts")],
    absWorkingDir: root,
    metafile: true,
    outfile: bundled,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const server = serverModulesIn(
    Object.keys(metafile.inputs).map((input) => join(root, input)),
    root,
  );
  if (server.length > 0) throw new Error(`server code in the service worker: ${server.join(", ")}`);
  const shell = appShellFiles(routeManifest(clientDir));
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: join(clientDir, "sw.js"),
    globDirectory: clientDir,
    globPatterns: [
      ...shell,
      ...STOREFRONT_LAZY_CHUNKS,
      "assets/inter-latin-wght-normal-*.woff2",
      "assets/inter-latin-ext-wght-normal-*.woff2",
      "images/**/*.svg",
      "favicon.svg",
      "logo.svg",
      "icons/*.png",
    ],
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  rmSync(bundled);
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  console.info(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB)`);
}
