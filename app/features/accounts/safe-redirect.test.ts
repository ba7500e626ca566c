import { describe, expect, it } from "vitest";
import { isCustomerAreaPath, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps in-site paths", () => {
    expect(safeRedirect("/user-details?tab=1", "/x")).toBe("/user-details?tab=1");
    expect(safeRedirect("/", "/x")).toBe("/");
  });

  it("falls back for other hosts, schemes and empty values", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "",
      " ",
    ]) {
      expect(safeRedirect(bad, "/user-dashboard")).toBe("/user-dashboard");
    }
    expect(safeRedirect(null, "/home")).toBe("/home");
    expect(safeRedirect("/a\nb", "/home")).toBe("/home");
  });
});

describe("isCustomerAreaPath", () => {
  it("knows the signed-in pages", () => {
    expect(isCustomerAreaPath("/user-courses")).toBe(true);
    expect(isCustomerAreaPath("/single-invoice/1")).toBe(true);
    expect(isCustomerAreaPath("/user/forgot-password")).toBe(false);
    expect(isCustomerAreaPath("/cart")).toBe(false);
  });
});
