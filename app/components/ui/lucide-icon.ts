import { useLucideContext } from "lucide-react/dist/esm/context.mjs";
import LucideIcon from "lucide-react/dist/esm/Icon.mjs";
import { createElement, forwardRef, type ReactElement, type ReactNode, type SVGProps } from "react";

/** An icon's data as lucide-react's `createLucideIcon` holds it. */
interface IconData {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  aliases?: unknown[];
  node: [tag: string, attributes: Record<string, string>][];
}

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  icon?: IconData;
  iconNode?: IconData["node"];
  children?: ReactNode;
};

/** The icon's shapes as elements, made once per icon: elements never change, so every render shares them. */
const shapes = new WeakMap<IconData, ReactElement[]>();
/** `lucide lucide-<name> <className>` per icon and className, as lucide's mergeClasses spells it. */
const classNames = new WeakMap<IconData, Map<string, string>>();

function shapesOf(icon: IconData): ReactElement[] {
  let made = shapes.get(icon);
  if (!made) {
    made = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
    shapes.set(icon, made);
  }
  return made;
}

function classNameOf(icon: IconData, className: string): string {
  let known = classNames.get(icon);
  if (!known) {
    known = new Map();
    classNames.set(icon, known);
  }
  let merged = known.get(className);
  if (merged === undefined) {
    const aliases = (icon.aliases ?? []).filter(
      (alias): alias is string => typeof alias === "string" && alias.trim() !== "",
    );
    const tokens = new Set<string>(["lucide"]);
    for (const token of [
      ...(icon.name ? [`lucide-${icon.name}`] : []),
      ...aliases.map((alias) => `lucide-${alias}`),
      ...className.split(/\s+/),
    ])
      if (token) tokens.add(token);
    merged = [...tokens].join(" ");
    known.set(className, merged);
  }
  return merged;
}

/** lucide's test: an aria-* attribute, a role or a title makes the icon meaningful (no aria-hidden). */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const name in props)
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return true;
  return false;
}

/**
 * lucide-react's `Icon`, rendering the same `<svg>` with less work: lucide's own builds the
 * attributes through several object spreads, splits and merges its classes and makes new elements
 * for the icon's shapes on every render — some 3 % of a server-rendered catalogue or course page's
 * CPU with a few dozen icons (decision 013, fifth pass). Here the shapes and the class attribute are
 * made once per icon (and class name). The build puts this module in place of lucide's
 * (scripts/fast-lucide-icon.ts), so every `import { X } from "lucide-react"` uses it. The rarely
 * used options (absolute or non-scaling strokes, a `LucideProvider` with values) go to lucide's own
 * `Icon`, so they behave as documented. Same markup as lucide's: lucide-icon.test.ts.
 */
const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(props, ref) {
  const context = useLucideContext() as Record<string, unknown> | undefined;
  const {
    color,
    size,
    width,
    height,
    strokeWidth,
    absoluteStrokeWidth,
    nonScalingStroke,
    className = "",
    children,
    iconNode = [],
    icon = { node: iconNode, aliases: [], size: 24 },
    ...rest
  } = props;
  if (absoluteStrokeWidth || nonScalingStroke || (context && Object.keys(context).length > 0))
    return createElement(LucideIcon, { ...props, ref });
  const viewBoxWidth = icon.size ?? icon.width ?? 24;
  const viewBoxHeight = icon.size ?? icon.height ?? 24;
  const attributes: Record<string, unknown> = {
    ref,
    xmlns: "http://www.w3.org/2000/svg",
    width: width ?? size ?? 24,
    height: height ?? size ?? 24,
    viewBox: `0 0 ${viewBoxWidth} ${viewBoxHeight}`,
    fill: "none",
    stroke: color ?? "currentColor",
    strokeWidth: strokeWidth ?? 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  };
  const merged = classNameOf(icon, className);
  if (merged) attributes.className = merged;
  if (!children && !hasA11yProp(rest)) attributes["aria-hidden"] = "true";
  Object.assign(attributes, rest);
  return createElement("svg", attributes, [
    ...shapesOf(icon),
    ...(Array.isArray(children) ? children : [children]),
  ]);
});

export default Icon;
