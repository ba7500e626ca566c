import { renameSync, rmSync } from "node:fs";
import { pgliteTemplateDir } from "../lib/paths";
import { openDatabase } from "./client";

/**
 * Run by scripts/build.mjs (bundled to build/node/build-pglite-template.js): creates the embedded
 * database template, a new PGlite data directory with every migration applied (see pglite-template.ts).
 */
const partial = `${pgliteTemplateDir}.partial`;
rmSync(partial, { recursive: true, force: true });
rmSync(pgliteTemplateDir, { recursive: true, force: true });
const database = await openDatabase({ engine: "pglite", dataDir: partial, fromTemplate: false });
await database.migrate();
await database.close();
renameSync(partial, pgliteTemplateDir);
