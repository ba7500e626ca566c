import { describe, expect, it } from "vitest";
import { themeClass, themeCookie, themeFromCookie } from "./theme";

describe("theme preference", () => {
  it("reads light or dark from the cookie, and follows the system without one", () => {
    expect(themeFromCookie("a=1; theme=dark; b=2")).toBe("dark");
    expect(themeFromCookie("theme=light")).toBe("light");
    expect(themeFromCookie("theme=purple")).toBe("system");
    expect(themeFromCookie("mytheme=dark")).toBe("system");
    expect(themeFromCookie(null)).toBe("system");
  });

  it("puts a class on <html> only for a chosen theme", () => {
    expect(themeClass("dark")).toBe("dark");
    expect(themeClass("light")).toBe("light");
    expect(themeClass("system")).toBeUndefined();
  });

  it("remembers the choice for a year, readable by the page, sent on top-level navigations", () => {
    expect(themeCookie("dark")).toBe("theme=dark; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(themeCookie("light", true)).toBe("theme=light; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });
});
