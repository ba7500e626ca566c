import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buttonClasses, buttonUtilities } from "./button";

const css = readFileSync(new URL("../../app.css", import.meta.url), "utf8");

/** The utilities an `@utility` of app.css applies, in order. */
function appliedBy(utility: string): string[] {
  const match = new RegExp(`@utility ${utility} \\{\\s*@apply ([^;]+);\\s*\\}`).exec(css);
  if (!match?.[1]) throw new Error(`app.css has no @utility ${utility} with one @apply`);
  return match[1].split(/\s+/);
}

describe("buttonClasses", () => {
  it("gives an accent button of the medium size one class, holding exactly its utilities", () => {
    expect(buttonClasses({ variant: "accent" })).toBe("button-accent-md");
    expect(appliedBy("button-accent-md")).toEqual(buttonUtilities("accent", "md").split(" "));
  });

  it("keeps the utilities when a className is added, or for other variants and sizes", () => {
    expect(buttonClasses({ variant: "accent", className: "w-full" })).toBe(
      `${buttonUtilities("accent", "md")} w-full`,
    );
    expect(buttonClasses({ variant: "accent", size: "lg" })).toBe(buttonUtilities("accent", "lg"));
    expect(buttonClasses()).toBe(buttonUtilities("primary", "md"));
  });
});
