import { describe, expect, it } from "vitest";
import { isImagePath, isOfflinePage, isSessionChange, pagePath } from "./offline-pages";

describe("offline pages", () => {
  it("keeps the home page, the catalogue, course pages, the cart and checkout, as documents and data", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/catalog",
      "/catalog.data",
      "/single-course/intro-to-algebra",
      "/single-course/intro-to-algebra.data",
      "/cart",
      "/checkout",
    ]) {
      expect(isOfflinePage(path), path).toBe(true);
    }
  });

  it("never keeps admin, account, payment, order or API paths", () => {
    for (const path of [
      "/dashboard",
      "/courses",
      "/course/123",
      "/user-courses",
      "/user-dashboard",
      "/single-invoice/1",
      "/payment",
      "/thank-you",
      "/api/courses",
      "/api/cart/quote",
      "/single-course/a/b",
      "/catalog/extra",
      "/course-video/1",
    ]) {
      expect(isOfflinePage(path), path).toBe(false);
    }
  });

  it("maps React Router data URLs to their page", () => {
    expect(pagePath("/_root.data")).toEqual({ path: "/", data: true });
    expect(pagePath("/single-course/x.data")).toEqual({ path: "/single-course/x", data: true });
    expect(pagePath("/catalog")).toEqual({ path: "/catalog", data: false });
  });

  it("recognises images and sign-in or sign-out posts", () => {
    expect(isImagePath("/images/courses/a.svg")).toBe(true);
    expect(isImagePath("/media/abc.webp")).toBe(true);
    expect(isImagePath("/assets/root.js")).toBe(false);
    expect(isImagePath("/api/x.png")).toBe(false);
    expect(isSessionChange("/logout")).toBe(true);
    expect(isSessionChange("/logout.data")).toBe(true);
    expect(isSessionChange("/customer-signin.data")).toBe(true);
    expect(isSessionChange("/checkout")).toBe(false);
  });
});
