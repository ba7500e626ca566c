import type { ShownMenuEntry } from "~shared/store-menus";

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
  /** Opening hours as the school wrote them (Settings → Working hours); "" when not set. */
  workingHours?: string | undefined;
  /** The header menu from the Menu Editor (the built-in one until the school saves its own). */
  headerMenu: ShownMenuEntry[];
  /** The footer menu from the Menu Editor: each top-level entry with sub-entries is a column. */
  footerMenu: ShownMenuEntry[];
}

/** An address of this site (client-side navigation) rather than another site's. */
export const isInternalHref = (href: string) => href.startsWith("/") && !href.startsWith("//");
