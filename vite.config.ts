import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { dropRouterWarnings, terserChunks } from "./scripts/bundle-trim";
import { clientBundleGuard } from "./scripts/client-bundle-guard.mjs";
import { fastLucideIcon } from "./scripts/fast-lucide-icon";
import { pathAliases } from "./scripts/path-aliases";

/**
 * Browser chunks every page needs, in a few files instead of dozens: on a phone each extra request
 * before first paint costs a round trip (issue 7's Lighthouse budget). Route code still splits per route.
 * Icons are not one shared chunk: that chunk held every admin icon too (decision 007, addendum).
 */
const SHARED_CHUNKS: [name: string, packages: RegExp][] = [
  ["framework", /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    // lucide-react's icons render through app/components/ui/lucide-icon.ts (same markup, less work).
    fastLucideIcon(fileURLToPath(new URL("./app/components/ui/lucide-icon.ts", import.meta.url))),
    reactRouter(),
    dropRouterWarnings(),
    terserChunks(/[\\/]node_modules[\\/](react-dom|react-router|i18next)[\\/]/),
    // The client build fails when a chunk holds a module of server/ or an app *.server.ts file.
    clientBundleGuard(fileURLToPath(new URL(".", import.meta.url))),
  ],
  resolve: { alias: pathAliases },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks: (id: string) => SHARED_CHUNKS.find(([, packages]) => packages.test(id))?.[0],
          },
        },
  },
  ssr: {
    // Bundled into the server build instead of loaded from node_modules at start-up: these packages
    // are trees of hundreds of small ES modules (lucide-react alone ~1,700), and resolving them made
    // up most of the server's cold start. Bundled, only what the app uses is kept, in one file.
    noExternal: [
      "lucide-react",
      "react-aria-components",
      "react-aria",
      "react-stately",
      /^@react-aria\//,
      /^@react-stately\//,
      /^@react-types\//,
      /^@internationalized\//,
      "recharts",
      "victory-vendor",
      /^d3-/,
      "@tanstack/react-table",
      "@tanstack/table-core",
    ],
  },
}));
