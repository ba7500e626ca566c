import type { ServerLoadContext } from "~server/web/load-context";

declare module "react-router" {
  interface AppLoadContext extends ServerLoadContext {}
}
