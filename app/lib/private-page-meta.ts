import type { MetaDescriptor } from "react-router";
import { translator } from "~/i18n/translator";
import { type SiteSeo, withSiteSeo } from "~/lib/seo";

/** What the meta functions need of the root loader's data. */
export interface MetaRootData {
  language: string;
  /** The address of the interface texts (messages-store.ts). */
  messagesSrc: string;
  store: { shopName: string };
  /** The school's SEO settings; only on storefront and learner pages. */
  seo?: SiteSeo | undefined;
}

/**
 * Meta of a page that is kept out of search engines (cart, checkout, the learner's own pages):
 * its title from `titleKey`, which gets `{{shopName}}` plus `values`.
 */
export function privatePageMeta(
  root: MetaRootData | undefined,
  titleKey: string,
  values: Record<string, string | number> = {},
): MetaDescriptor[] {
  if (!root) return [];
  const t = translator(root);
  return withSiteSeo(
    [
      { title: t(titleKey, { ...values, shopName: root.store.shopName }) },
      { name: "robots", content: "noindex" },
    ],
    root.seo,
  );
}
