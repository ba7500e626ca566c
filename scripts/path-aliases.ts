import { fileURLToPath } from "node:url";

/**
 * Import aliases, the same in tsconfig.json (`paths`), Vite, Vitest, tsx and esbuild (which read
 * tsconfig.json): `~/…` is app/, `~server/…` is server/ and `~shared/…` is shared/ (decision 012).
 */
export const pathAliases = {
  "~": fileURLToPath(new URL("../app", import.meta.url)),
  "~server": fileURLToPath(new URL("../server", import.meta.url)),
  "~shared": fileURLToPath(new URL("../shared", import.meta.url)),
};
