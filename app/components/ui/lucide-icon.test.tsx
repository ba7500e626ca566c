import { Check, ChevronDown, createLucideIcon, Flame, ShoppingBag } from "lucide-react";
import * as checkModule from "lucide-react/dist/esm/icons/check.mjs";
import * as chevronModule from "lucide-react/dist/esm/icons/chevron-down.mjs";
import * as flameModule from "lucide-react/dist/esm/icons/flame.mjs";
import * as bagModule from "lucide-react/dist/esm/icons/shopping-bag.mjs";
import { type ComponentProps, type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fastLucideIcon } from "../../../scripts/fast-lucide-icon";
import Icon from "./lucide-icon";

/** An icon module's data (lucide exports it beside the component; its types do not say so). */
const dataOf = (module: unknown) =>
  (module as { __iconData: ComponentProps<typeof Icon>["icon"] }).__iconData;

/** The same icon through lucide's own Icon (the tests run without the build's replacement) and through ours. */
const pairs: [string, ComponentType<Record<string, unknown>>, ComponentProps<typeof Icon>["icon"]][] = [
  ["check", Check as unknown as ComponentType<Record<string, unknown>>, dataOf(checkModule)],
  ["chevron-down", ChevronDown as unknown as ComponentType<Record<string, unknown>>, dataOf(chevronModule)],
  ["flame", Flame as unknown as ComponentType<Record<string, unknown>>, dataOf(flameModule)],
  ["shopping-bag", ShoppingBag as unknown as ComponentType<Record<string, unknown>>, dataOf(bagModule)],
];

const propSets: Record<string, unknown>[] = [
  {},
  { "aria-hidden": "true" },
  { "aria-hidden": "true", className: "size-4 shrink-0" },
  { className: "  size-3.5   size-3.5 text-ink " },
  { strokeWidth: 2.5, className: "size-3.5" },
  { size: 16, color: "red" },
  { width: 20, height: 18, role: "img", "aria-label": "Basket" },
  { title: "A title" },
  { absoluteStrokeWidth: true, size: 48, strokeWidth: 1.5 },
  { nonScalingStroke: true },
  { "data-testid": "icon", id: "x", style: { color: "blue" } },
];

describe("the fast lucide Icon", () => {
  for (const [name, Lucide, data] of pairs)
    it(`renders ${name} as lucide does, whatever the props`, () => {
      for (const props of propSets) {
        const ours = renderToStaticMarkup(createElement(Icon, { ...props, icon: data }));
        expect(ours).toBe(renderToStaticMarkup(createElement(Lucide, props)));
        // Again: the second render uses what the first one kept.
        expect(renderToStaticMarkup(createElement(Icon, { ...props, icon: data }))).toBe(ours);
      }
    });

  it("keeps children after the shapes, as lucide does", () => {
    const Custom = createLucideIcon("custom", [["circle", { cx: "12", cy: "12", r: "4", key: "c" }]]);
    const lucide = renderToStaticMarkup(createElement(Custom, null, createElement("title", null, "Dot")));
    const ours = renderToStaticMarkup(
      createElement(
        Icon,
        { icon: { name: "custom", node: [["circle", { cx: "12", cy: "12", r: "4", key: "c" }]] } },
        createElement("title", null, "Dot"),
      ),
    );
    expect(ours).toBe(lucide);
  });
});

describe("the build's replacement", () => {
  const plugin = fastLucideIcon("/app/components/ui/lucide-icon.ts");
  const resolve = (source: string, importer?: string) =>
    (plugin.resolveId as (source: string, importer?: string) => string | null)(source, importer);

  it("gives lucide's icon factory the fast Icon", () => {
    expect(resolve("./Icon.mjs", "/p/node_modules/lucide-react/dist/esm/createLucideIcon.mjs")).toBe(
      "/app/components/ui/lucide-icon.ts",
    );
  });

  it("leaves every other import alone, lucide's own Icon export included", () => {
    expect(resolve("./Icon.mjs", "/p/node_modules/lucide-react/dist/esm/lucide-react.mjs")).toBeNull();
    expect(resolve("./Icon.mjs", "/p/app/components/ui/other.ts")).toBeNull();
    expect(resolve("lucide-react", "/p/app/x.tsx")).toBeNull();
  });
});
