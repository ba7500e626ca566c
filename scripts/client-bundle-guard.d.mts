/** Types of client-bundle-guard.mjs, for vite.config.ts and its test. */
import type { Plugin } from "vite";
export declare function serverModulesIn(ids: string[], root: string): string[];
export declare function clientBundleGuard(root: string): Plugin;
