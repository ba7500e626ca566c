import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureProductionBuild } from "./ensure-build";
import { startServerProcess } from "./server-process";

declare module "vitest" {
  interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests read mails from its outbox/ (no SMTP server in e2e). */
    dataDir: string;
  }
}

export const E2E_ADMIN = { email: "admin@example.com", password: "correct-horse-battery" };

/** Builds if needed and starts one production server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject) {
  ensureProductionBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "course-market-e2e-"));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "warn",
  });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", dataDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
