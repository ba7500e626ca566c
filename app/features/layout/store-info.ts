import type { TFunction } from "i18next";
import { marketingPages, marketingUrl } from "~/lib/paths";

/** What the header and footer show about the school (from the store settings). */
export interface StoreChromeInfo {
  shopName: string;
  /** Address of the uploaded logo, if any. */
  logo?: string | undefined;
  companyName: string;
  website: string;
  addressLines: string[];
  phones: string[];
  email: string;
  /** Header marketing links chosen in Store customization; null: the built-in marketing pages. */
  headerLinks?: ChromeLink[] | null;
  /** Extra footer columns chosen in Store customization. */
  footerColumns?: { title: string; links: ChromeLink[] }[];
}

export interface ChromeLink {
  label: string;
  href: string;
}

/** The header's marketing links: those chosen in Store customization, else the built-in marketing pages. */
export function headerMenuLinks(store: StoreChromeInfo, t: TFunction): ChromeLink[] {
  return (
    store.headerLinks ??
    marketingPages.map((page) => ({
      label: t(`nav.${page.key}`),
      href: marketingUrl(store.website, page.path),
    }))
  );
}
