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
 * Content-Security-Policy does not get in the way) and returns the violations.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    async (tags) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const results = await engine.run(document, {
        runOnly: { type: "tag", values: tags },
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
    [...AXE_TAGS],
  );
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

/** Throws with a readable list when axe finds serious or critical violations on the page. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const blocking = (await runAxe(page)).filter((violation) => BLOCKING.has(violation.impact ?? ""));
  if (blocking.length > 0) {
    throw new Error(`axe found serious or critical violations on ${label}:\n${describeViolations(blocking)}`);
  }
}
