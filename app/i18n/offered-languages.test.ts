import { describe, expect, it } from "vitest";
import { offeredLanguages } from "./offered-languages";

describe("offeredLanguages", () => {
  it("keeps the published languages the interface speaks, in the school's order", () => {
    const published = [
      { code: "en", name: "English" },
      { code: "de", name: "Deutsch" },
      { code: "nl", name: "Nederlands" },
    ];
    expect(offeredLanguages(published, "en")).toEqual([
      { code: "en", name: "English" },
      { code: "nl", name: "Nederlands" },
    ]);
  });

  it("always lists the language on screen, even when it is not published", () => {
    expect(offeredLanguages([{ code: "en", name: "English" }], "nl")).toEqual([
      { code: "en", name: "English" },
      { code: "nl", name: "Nederlands" },
    ]);
  });
});
