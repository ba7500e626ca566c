import { afterEach, beforeEach, vi } from "vitest";

/** A test that makes the code log console.error fails: errors must be handled, not printed. */
let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (logged.length > 0) {
    throw new Error(
      `console.error was called:\n${logged.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});
