import { describe, expect, it } from "vitest";
import { isAdminNamespace, messageAreaOf } from "./message-area";
import { messagesFor } from "./messages.server";

describe("message areas", () => {
  it("gives storefront and learner pages the storefront strings", () => {
    for (const path of [
      "/",
      "/catalog",
      "/single-course/x",
      "/cart",
      "/user/reset-password/t",
      "/user-courses",
    ])
      expect(messageAreaOf(path)).toBe("storefront");
  });

  it("gives staff pages, the admin area and unknown paths every string", () => {
    for (const path of ["/login", "/reset-password/t", "/dashboard", "/course/x", "/help", "/no-such-page"])
      expect(messageAreaOf(path)).toBe("admin");
  });

  it("leaves the back office's namespaces out of the storefront's strings", () => {
    const storefront = messagesFor("nl", "storefront");
    const all = messagesFor("nl", "admin");
    expect(Object.keys(storefront).some(isAdminNamespace)).toBe(false);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(["admin", "adminCatalog", "common", "home"]));
    expect(storefront.common).toEqual(all.common);
    expect(JSON.stringify(storefront).length).toBeLessThan(JSON.stringify(all).length / 2);
  });
});
