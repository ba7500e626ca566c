import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, isSealed } from "./secret-box";

const key = randomBytes(32).toString("base64");

describe("secret box", () => {
  it("seals to ciphertext that opens only with the same key and context", () => {
    const box = createSecretBox(key);
    const sealed = box.seal("sk_test_abc123", "school-1/stripeSecretKey");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("sk_test_abc123");
    expect(box.seal("sk_test_abc123", "school-1/stripeSecretKey")).not.toBe(sealed);
    expect(box.open(sealed, "school-1/stripeSecretKey")).toBe("sk_test_abc123");
    expect(box.open(sealed, "school-2/stripeSecretKey")).toBeNull();
    expect(
      createSecretBox(randomBytes(32).toString("base64")).open(sealed, "school-1/stripeSecretKey"),
    ).toBeNull();
  });

  it("refuses altered ciphertext and plain text", () => {
    const box = createSecretBox(key);
    const sealed = box.seal("whsec_abc", "c");
    const last = sealed.at(-2) === "A" ? "B" : "A";
    expect(box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, "c")).toBeNull();
    expect(box.open("whsec_abc", "c")).toBeNull();
  });

  it("without a key it cannot seal or open", () => {
    const box = createSecretBox(undefined);
    expect(box.available).toBe(false);
    expect(() => box.seal("x", "c")).toThrow(/SETTINGS_ENCRYPTION_KEY/);
    expect(box.open(createSecretBox(key).seal("x", "c"), "c")).toBeNull();
  });
});
