import { webAppManifest } from "~/features/offline/web-app-manifest";
import type { Route } from "./+types/web-app-manifest";

/** `/manifest.webmanifest`: the store's name and icons, so the storefront can be installed. */
export async function loader({ context }: Route.LoaderArgs) {
  const info = await context.services.settings.storeInfo(context.company.id);
  const manifest = webAppManifest({
    name: info.shopName || context.company.name,
    language: context.language,
  });
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json", "cache-control": "no-cache" },
  });
}
