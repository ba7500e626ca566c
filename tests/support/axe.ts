import axe from "axe-core";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
export const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
] as const;

export interface AxeViolation {
  id: string;
  impact: axe.ImpactValue | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; summary: string }[];
}

/**
 * Runs axe-core in the page (its source is evaluated through the DevTools protocol, so the page's
 * Content-Security-Policy does not get in the way) and returns the violations: of every rule of
 * AXE_TAGS, or only of `rules`.
 */
export async function runAxe(page: Page, rules?: readonly string[]): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, rules }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const results = await engine.run(document, {
        runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String),
          summary: node.failureSummary ?? "",
        })),
      }));
    },
    { tags: [...AXE_TAGS], rules: rules ? [...rules] : undefined },
  );
}

/** The rules whose outcome depends on the colours: all a theme changes. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/**
 * Switches the page to the other theme as the theme toggle does (the class on <html>, the change
 * event the page's components listen to), without remembering it, and waits until colour
 * transitions have ended. Returns the theme it switched to.
 */
async function switchTheme(page: Page, to?: "light" | "dark"): Promise<"light" | "dark"> {
  return page.evaluate(async (target) => {
    const root = document.documentElement;
    const next = target ?? (root.classList.contains("dark") ? "light" : "dark");
    root.classList.toggle("dark", next === "dark");
    root.classList.toggle("light", next === "light");
    window.dispatchEvent(new Event("themechange"));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // The colour transitions the switch started (not the page's endless animations).
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
    return next;
  }, to);
}

function throwOnBlocking(violations: AxeViolation[], label: string): void {
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
  if (blocking.length > 0) {
    throw new Error(`axe found serious or critical violations on ${label}:\n${describeViolations(blocking)}`);
  }
}

const BLOCKING = new Set(["serious", "critical"]);

/** The serious and critical violations as a readable list: rule, impact, help, the failing elements. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => `    - ${node.target.join(" > ")}\n      ${node.summary.replace(/\n/g, "\n      ")}`)
        .join("\n");
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : "";
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
}

/**
 * Throws with a readable list when axe finds serious or critical violations on the page, in its
 * theme (every rule) and in the other theme (the colour rules: nothing else changes with the
 * theme). The page is left in the theme it was in. One page load checks both themes.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const original = (await page.evaluate(() => document.documentElement.classList.contains("dark")))
    ? "dark"
    : "light";
  throwOnBlocking(await runAxe(page), `${label} (${original})`);
  const other = await switchTheme(page);
  try {
    throwOnBlocking(await runAxe(page, COLOUR_RULES), `${label} (${other})`);
  } finally {
    await switchTheme(page, original);
  }
}
