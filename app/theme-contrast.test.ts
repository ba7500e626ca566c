import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The colour tokens of app/app.css checked against WCAG 2.2 AA: 4.5:1 for text (1.4.3) and 3:1 for
 * what identifies a control or shows focus (1.4.11), in the light and the dark theme.
 */
const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");

function tokens(block: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})\s*;/gi)) {
    found[name!] = value!.toLowerCase();
  }
  return found;
}

function between(start: string, end: string): string {
  const from = css.indexOf(start);
  const to = css.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`app.css has no block from "${start}" to "${end}"`);
  return css.slice(from, to);
}

const light = tokens(between("@theme {", "\n}"));
const dark = { ...light, ...tokens(between("    @variant dark {", "\n    }")) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const BACKGROUNDS = ["canvas", "surface", "sunken"];

/** [foreground, background] pairs the components use for text. */
const TEXT: [string, string][] = [
  ...["ink", "ink-muted", "primary-ink", "danger", "accent"].flatMap((ink) =>
    BACKGROUNDS.map((background): [string, string] => [ink, background]),
  ),
  ["ink", "primary-soft"],
  ["ink", "accent-soft"],
  ["on-primary", "primary"],
  ["on-primary", "primary-hover"],
  ["on-primary-soft", "primary-soft"],
  ["primary-ink", "primary-soft"],
  ["on-accent", "accent"],
  ["on-accent", "accent-hover"],
  ["on-accent-soft", "accent-soft"],
  ["danger", "danger-soft"],
  ...["on-inverse", "on-inverse-muted", "inverse-accent"].flatMap((ink) =>
    ["inverse", "inverse-deep"].map((background): [string, string] => [ink, background]),
  ),
];

/** Non-text contrast: control borders, the focus ring (also on the inverse areas' own focus colour), filled stars. */
const NON_TEXT: [string, string][] = [
  ...["control", "focus", "primary", "star"].flatMap((ui) =>
    BACKGROUNDS.map((background): [string, string] => [ui, background]),
  ),
  ["inverse-accent", "inverse"],
  ["inverse-accent", "inverse-deep"],
  // The switch: its knob (surface) on the track when off (control) and on (primary).
  ["surface", "control"],
  ["surface", "primary"],
];

describe.each([
  ["light", light],
  ["dark", dark],
])("the %s theme's colour tokens", (_theme, palette) => {
  const ratio = (a: string, b: string) => {
    if (!palette[a] || !palette[b]) throw new Error(`unknown colour token ${palette[a] ? b : a}`);
    return contrast(palette[a]!, palette[b]!);
  };

  it.each(TEXT)("text %s on %s reaches 4.5:1", (foreground, background) => {
    expect(ratio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT)("%s on %s reaches 3:1", (foreground, background) => {
    expect(ratio(foreground, background)).toBeGreaterThanOrEqual(3);
  });
});

describe("contrast", () => {
  it("reads both themes from app.css", () => {
    expect(Object.keys(light).length).toBeGreaterThan(20);
    for (const name of ["canvas", "ink", "control", "focus"]) expect(dark[name]).not.toBe(light[name]);
  });

  it("computes WCAG ratios", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrast("#abcdef", "#abcdef")).toBe(1);
  });
});
