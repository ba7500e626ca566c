import { describe, expect, it } from "vitest";
import { freshNonce } from "./security";

describe("freshNonce", () => {
  it("gives 24 base64 characters (18 random bytes) and never the same nonce twice, across pools", () => {
    // 1,000 nonces: several pools of 256, so the refill is crossed too.
    const nonces = Array.from({ length: 1_000 }, () => freshNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(18);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
