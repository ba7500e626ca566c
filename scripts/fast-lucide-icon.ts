import type { Plugin } from "vite";

/** lucide-react's icon factory, whose `./Icon.mjs` import is the one replaced. */
const LUCIDE_FACTORY = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/;

/**
 * Every lucide-react icon is `createLucideIcon(data)`, which renders lucide's `Icon`. This plugin
 * gives the factory `replacement` (app/components/ui/lucide-icon.ts: the same markup with less work
 * per render) instead, in the server and browser builds alike; `Icon` imported from "lucide-react"
 * itself and lucide's other modules are left alone. Where the import is not found (a lucide-react
 * that moved its files, or the dev server's pre-bundled copy), lucide's own `Icon` stays: slower,
 * same page.
 */
export function fastLucideIcon(replacement: string): Plugin {
  return {
    name: "fast-lucide-icon",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./Icon.mjs" && importer && LUCIDE_FACTORY.test(importer)) return replacement;
      return null;
    },
  };
}
