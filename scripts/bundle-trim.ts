import { minify } from "terser";
import type { Plugin } from "vite";

/**
 * Vite plugins that make the browser's shared framework chunk smaller (issue 7's home page budget,
 * see docs/decisions/007-home-page-js-budget.md). Route code is left to Vite's usual esbuild pass.
 */

/** React Router's development warnings (`warning(cond, message)` and friends, console-only). */
const ROUTER_WARNING_CALL = /(?<![\w.$]|function )(warning|warningOnce|warnOnce)\(/g;
const ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/;

/** `warning(…)` → `/* @__PURE__ *\/ warning(…)`; the declarations and `invariant` are left alone. */
export const markRouterWarningsPure = (code: string) =>
  code.replace(ROUTER_WARNING_CALL, "/* @__PURE__ */ $1(");

/**
 * React Router ships one build for development and production, with its console warnings (bad
 * route paths, `<Link>` misuse, blockers…) and their messages left in. Marking each call pure lets
 * the bundler drop the call with its message; `invariant` (which throws) is kept.
 */
export function dropRouterWarnings(): Plugin {
  return {
    name: "drop-react-router-warnings",
    apply: "build",
    transform(code, id) {
      if (!ROUTER_DIST.test(id) || this.environment.name !== "client") return null;
      const trimmed = markRouterWarningsPure(code);
      return trimmed === code ? null : { code: trimmed, map: null };
    },
  };
}

/**
 * Minifies the browser chunks holding a module `modules` matches a second time with terser, after
 * esbuild: top-level names mangled and two compress passes take ~4 kB gzip off React DOM, React
 * Router and i18next. Only those chunks: terser over the whole client (admin charts and forms) would
 * triple the build time for nothing the home page loads. Runs in `renderChunk`, before Rollup
 * hashes the files.
 */
export function terserChunks(modules: RegExp): Plugin {
  return {
    name: "terser-chunks",
    apply: "build",
    renderChunk: {
      order: "post",
      async handler(code, chunk, options) {
        if (this.environment.name !== "client") return null;
        if (!chunk.moduleIds.some((id) => modules.test(id))) return null;
        const result = await minify(code, {
          module: options.format === "es",
          // Terser's safe transforms only: the chunks hold React DOM, whose code the admin shares.
          compress: { passes: 2 },
          mangle: { toplevel: true },
          sourceMap: options.sourcemap ? { asObject: true } : false,
        });
        if (result.code === undefined) return null;
        return { code: result.code, map: (result.map as never) ?? null };
      },
    },
  };
}
