import { defineConfig } from "vitest/config";
import { pathAliases as alias } from "./scripts/path-aliases";
import { generous } from "./tests/support/timeouts";

/** API tests that `vi.mock` a module: they run isolated, in the `api-mocking` project. */
const API_TESTS_THAT_MOCK_MODULES = ["server/modules/auth/decoy-hash.api.test.ts"];

/**
 * On CI a failed test of a real server, database or browser runs once more before it fails the
 * run: the shared two-core machine sometimes stalls a step past its timeout. A test that fails
 * twice still fails.
 */
const retry = process.env.CI ? 1 : 0;

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
          // Vitest's 5 s is too short for a PDF render while the browser tests load both cores.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          retry,
          include: ["server/**/*.api.test.ts", "tests/api/**/*.test.ts"],
          exclude: [...API_TESTS_THAT_MOCK_MODULES, "**/node_modules/**"],
          globalSetup: ["tests/support/golden-database.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          // The files of a worker share one module graph: loading the app once per worker instead of
          // once per file took the import phase from most of the run to a few seconds. Every file
          // builds its own app on its own database copy, so no state is shared through modules.
          isolate: false,
          // Generous: npm test runs these beside the browser and process tests on two cores.
          testTimeout: generous(90_000),
          hookTimeout: generous(60_000),
        },
      },
      {
        resolve: { alias },
        test: {
          // API tests that replace a module (vi.mock) need a module graph of their own.
          name: "api-mocking",
          retry,
          include: API_TESTS_THAT_MOCK_MODULES,
          globalSetup: ["tests/support/golden-database.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: generous(90_000),
          hookTimeout: generous(60_000),
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          retry,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/e2e-server.ts"],
          testTimeout: generous(120_000),
          // expect.poll's 1 s is too short for a page to update on a loaded two-core machine.
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: generous(120_000),
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Tests of whole server processes (crash, restart, SMTP or database outage): each file
          // starts its own servers from the production build, so they run beside the browser tests.
          name: "process",
          retry,
          include: ["tests/process/**/*.test.ts"],
          globalSetup: ["tests/support/ensure-build.ts"],
          testTimeout: generous(120_000),
          // expect.poll's 1 s is too short for a page to update on a loaded two-core machine.
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: generous(120_000),
          fileParallelism: false,
        },
      },
    ],
  },
});
