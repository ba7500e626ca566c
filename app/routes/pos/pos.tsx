import { PosTerminal } from "~/features/pos/pos-terminal";
import { translator } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/pos";

/** Full screen: no site header or footer; the page has its own main. */
export const handle: RouteHandle = { chrome: false, landmarks: "own" };

export { PosError as ErrorBoundary } from "~/features/pos/pos-error";
export { loader } from "./pos.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return [
    ...(root ? [{ title: translator(root)("adminPos.title") }] : []),
    { name: "robots", content: "noindex" },
  ];
};

export default function PointOfSale({ loaderData }: Route.ComponentProps) {
  return <PosTerminal {...loaderData} />;
}
