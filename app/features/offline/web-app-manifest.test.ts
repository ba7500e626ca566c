import { describe, expect, it } from "vitest";
import { shortName, webAppManifest } from "./web-app-manifest";

describe("web app manifest", () => {
  it("names the store and starts at the home page in a window of its own", () => {
    const manifest = webAppManifest({ name: "Wellspring Academy", language: "nl" });
    expect(manifest).toMatchObject({
      name: "Wellspring Academy",
      short_name: "Wellspring",
      lang: "nl",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  it("keeps short names short", () => {
    expect(shortName("Oak School")).toBe("Oak School");
    expect(shortName("Extraordinarily Long Name")).toBe("Extraordinar");
  });
});
