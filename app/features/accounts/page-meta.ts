import type { MetaDescriptor } from "react-router";
import { translator } from "~/i18n/translator";
import type { MetaRootData } from "~/lib/private-page-meta";
import { withSiteSeo } from "~/lib/seo";

/** Title of an account page ("Sign in | School"); account pages are kept out of search engines. */
export function accountMeta(root: MetaRootData | undefined, titleKey: string): MetaDescriptor[] {
  if (!root) return [];
  const t = translator(root);
  return withSiteSeo(
    [{ title: `${t(titleKey)} | ${root.store.shopName}` }, { name: "robots", content: "noindex" }],
    root.seo,
  );
}
