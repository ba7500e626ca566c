import type { MetaDescriptor } from "react-router";

const OG_LOCALES: Record<string, string> = { en: "en_GB", nl: "nl_NL" };

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function seoMeta({
  title,
  description,
  url,
  image,
  type = "website",
  siteName,
  language,
}: {
  title: string;
  description: string;
  url: string;
  image?: string;
  type?: "website" | "article" | "product";
  siteName: string;
  language: string;
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
  return tags;
}

/** An absolute URL on this site (for canonical links and Open Graph). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}
