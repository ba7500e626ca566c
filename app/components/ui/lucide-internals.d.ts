// lucide-react's own Icon and context modules (its package exports `./dist/*`), used by lucide-icon.ts.
declare module "lucide-react/dist/esm/Icon.mjs" {
  import type { ComponentType } from "react";

  const Icon: ComponentType<Record<string, unknown>>;
  export default Icon;
}

declare module "lucide-react/dist/esm/context.mjs" {
  export function useLucideContext(): unknown;
}
