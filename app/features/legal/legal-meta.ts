import type { MetaDescriptor } from "react-router";
import { translator } from "~/i18n/translator";
import type { MetaRootData } from "~/lib/private-page-meta";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { LegalDocument } from "./legal-document";

/** Title, description and share tags of a legal page at `path`. */
export function legalMeta(
  root: (MetaRootData & { origin: string }) | undefined,
  document: LegalDocument | undefined,
  descriptionKey: string,
  path: string,
): MetaDescriptor[] {
  if (!root || !document) return [];
  const t = translator(root);
  const shopName = root.store.shopName;
  return seoMeta({
    title: t("legal.metaTitle", { title: document.title, shopName }),
    description: t(descriptionKey, { shopName }),
    url: absoluteUrl(root.origin, path),
    siteName: shopName,
    language: root.language,
    site: root.seo,
  });
}
