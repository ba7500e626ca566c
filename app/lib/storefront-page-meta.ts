import type { MetaDescriptor } from "react-router";
import { translator } from "~/i18n/translator";
import { absoluteUrl, type SiteSeo, seoMeta } from "./seo";

/** What a storefront page's meta reads from the root loader's data. */
interface RootData {
  language: string;
  /** The address of the interface texts (messages-store.ts). */
  messagesSrc: string;
  origin: string;
  store: { shopName: string };
  seo?: SiteSeo | undefined;
}

/**
 * The head of a simple storefront page: "<title> | <school>", its description (with `{{shopName}}`),
 * the canonical URL of `path` and the school's SEO settings. `root` is `matches[0]?.data`.
 */
export function storefrontPageMeta(
  root: unknown,
  keys: { title: string; description: string },
  path: string,
): MetaDescriptor[] {
  const data = root as RootData | undefined;
  if (!data) return [];
  const t = translator(data);
  const shopName = data.store.shopName;
  return seoMeta({
    title: `${t(keys.title)} | ${shopName}`,
    description: t(keys.description, { shopName }),
    url: absoluteUrl(data.origin, path),
    siteName: shopName,
    language: data.language,
    site: data.seo,
  });
}
