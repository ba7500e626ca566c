import { data } from "react-router";
import { ContentPage } from "~/features/settings-content/content-page";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about-us";

export async function loader({ context }: Route.LoaderArgs) {
  const page = await context.services.pages.forStorefront(context.company.id, "about-us", context.language);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const root = matches[0]?.data;
  if (!root || !loaded) return [];
  return seoMeta({
    title: `${loaded.page.title} | ${root.store.shopName}`,
    description: loaded.page.title,
    url: absoluteUrl(root.origin, "/about-us"),
    image: absoluteUrl(root.origin, "/images/hero.svg"),
    siteName: root.store.shopName,
    language: root.language,
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage title={loaderData.page.title} html={loaderData.page.html} />;
}
