import type { MetaDescriptor } from "react-router";

const OG_LOCALES: Record<string, string> = { en: "en_GB", nl: "nl_NL" };

/**
 * The school's SEO settings (Store settings → SEO): the home page's title and description, and on
 * every storefront page the keywords, plus the social image and description where the page has
 * none of its own. Empty texts mean "not set". The image is an absolute URL or "".
 */
export interface SiteSeo {
  title: string;
  description: string;
  keywords: string;
  image: string;
}

/** Adds the school's keywords, and its description and social image where `tags` have none. */
export function withSiteSeo(tags: MetaDescriptor[], site: SiteSeo | undefined): MetaDescriptor[] {
  if (!site) return tags;
  const has = (test: (tag: Record<string, unknown>) => boolean) =>
    tags.some((tag) => test(tag as Record<string, unknown>));
  const out = [...tags];
  if (site.keywords && !has((tag) => tag.name === "keywords")) {
    out.push({ name: "keywords", content: site.keywords });
  }
  if (site.description && !has((tag) => tag.name === "description")) {
    out.push({ name: "description", content: site.description });
  }
  if (site.image && !has((tag) => tag.property === "og:image")) {
    out.push({ property: "og:image", content: site.image });
    const card = out.findIndex((tag) => (tag as Record<string, unknown>).name === "twitter:card");
    if (card >= 0) out[card] = { name: "twitter:card", content: "summary_large_image" };
  }
  return out;
}

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function seoMeta({
  title,
  description,
  url,
  image,
  type = "website",
  siteName,
  language,
  site,
}: {
  title: string;
  description: string;
  url: string;
  image?: string;
  type?: "website" | "article" | "product";
  siteName: string;
  language: string;
  /** The school's SEO settings (keywords; description and image when the page has none). */
  site?: SiteSeo | undefined;
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: OG_LOCALES[language] ?? language },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  return withSiteSeo(tags, site);
}

/** An absolute URL on this site (for canonical links and Open Graph). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}
