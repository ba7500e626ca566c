import { describe, expect, it } from "vitest";
import { detectLanguage, languageToCache, pickFromAcceptLanguage } from "./language";

describe("detectLanguage", () => {
  it("prefers the query string, then the cookie, then the browser", () => {
    expect(detectLanguage({ query: "nl", cookie: "en", acceptLanguage: "en" })).toBe("nl");
    expect(detectLanguage({ cookie: "nl", acceptLanguage: "en-GB" })).toBe("nl");
    expect(detectLanguage({ acceptLanguage: "nl-BE,nl;q=0.9,en;q=0.8" })).toBe("nl");
  });

  it("ignores unsupported values and falls back to English", () => {
    expect(detectLanguage({ query: "xx", cookie: "klingon", acceptLanguage: "fr-FR,de;q=0.5" })).toBe("en");
  });

  it("honours q-values in Accept-Language", () => {
    expect(pickFromAcceptLanguage("en;q=0.4, nl;q=0.8")).toBe("nl");
    expect(pickFromAcceptLanguage("fr, en;q=0.1")).toBe("en");
    expect(pickFromAcceptLanguage("nl;q=0")).toBeUndefined();
  });
});

describe("languageToCache", () => {
  it("caches a supported ?lng= that the cookie does not hold yet", () => {
    expect(languageToCache({ query: "nl" })).toBe("nl");
    expect(languageToCache({ query: "nl", cookie: "en" })).toBe("nl");
  });

  it("leaves the cookie alone without a (supported, new) ?lng=", () => {
    expect(languageToCache({ query: "nl", cookie: "nl" })).toBeUndefined();
    expect(languageToCache({ query: "xx" })).toBeUndefined();
    expect(languageToCache({ cookie: "nl" })).toBeUndefined();
  });
});
