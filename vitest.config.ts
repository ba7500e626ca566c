import { defineConfig } from "vitest/config";
import { pathAliases as alias } from "./scripts/path-aliases";

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time: the browser tests (one file at a time, their own project) run beside the
    // unit and API tests instead of after them. Vitest's default on a 2-core machine is one in all.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "server/**/*.test.ts",
            "shared/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
          ],
          exclude: ["**/*.api.test.ts", "**/node_modules/**"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["server/**/*.api.test.ts", "tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/golden-database.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          // Generous: npm test runs these beside the browser and process tests on two cores.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/e2e-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Tests of whole server processes (crash, restart, SMTP or database outage): each file
          // starts its own servers from the production build, so they run beside the browser tests.
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          globalSetup: ["tests/support/ensure-build.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
