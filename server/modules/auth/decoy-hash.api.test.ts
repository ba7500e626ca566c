import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { verifyPassword } from "./passwords";

// Counts the password verifications (argon2id, the costly part of a sign-in), keeping the real one.
vi.mock("./passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("./passwords")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verify = vi.mocked(verifyPassword);

let t: TestApp;
const OPERATOR = { email: "olga@platform.example.org", password: "operator-pass-2026" };

beforeAll(async () => {
  t = await createTestApp();
  // A platform operator: its sign-in (on the platform's address, localhost here) is the third realm.
  await t.app.services.platform.saveOperator({ ...OPERATOR, name: "Olga Operator" });
});
afterAll(() => t?.close());
beforeEach(() => verify.mockClear());

const signIn = (url: string, email: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    payload: { email, password: "wrong-password-123" },
  });

/**
 * An unknown email must cost the same hash work as a known one (a decoy hash), or response times
 * tell which emails have accounts. Timing itself is measured in the bench (too noisy for a test):
 * here the verification is counted.
 */
describe("sign-in costs the same for unknown emails", () => {
  it.each([
    ["customer", "/api/customer/login", "learner@example.com"],
    ["staff", "/api/admin/login", TEST_ADMIN.email],
    ["platform operator", "/api/platform/login", OPERATOR.email],
  ])(
    "verifies a password for a %s sign-in with an unknown email, as for a known one",
    async (_realm, url, known) => {
      const missing = await signIn(url, `nobody-${Date.now()}@example.com`, "203.0.113.60");
      expect(missing.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      verify.mockClear();
      const wrong = await signIn(url, known, "203.0.113.61");
      expect(wrong.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      // Both answers read the same.
      expect(missing.json()).toEqual(wrong.json());
    },
  );
});
