/** The storefront's two menus, edited in the Menu Editor (/store/menu-editor). */
export const MENU_LOCATIONS = ["header", "footer"] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];

/** What an entry links to: a page of the shop, a category, a course, an address, or nothing (a heading). */
export const MENU_LINK_KINDS = ["page", "category", "course", "url", "none"] as const;
export type MenuLinkKind = (typeof MENU_LINK_KINDS)[number];

/** The shop's own pages an entry can link to, with their paths. */
export const MENU_PAGES = {
  home: "/",
  catalog: "/catalog",
  shop: "/shop",
  aboutUs: "/about-us",
  help: "/help",
  contactUs: "/contact-us",
  offers: "/offers",
  terms: "/general-terms-and-conditions",
  paymentPlan: "/payment-plan-agreement",
  privacyPolicy: "/privacy-policy",
} as const;
export type MenuPage = keyof typeof MENU_PAGES;
export const MENU_PAGE_KEYS = Object.keys(MENU_PAGES) as MenuPage[];

/** Room in each menu: top-level entries, and sub-entries under one entry (two levels, no deeper). */
export const MENU_LIMITS = {
  header: { entries: 10, children: 10 },
  footer: { entries: 8, children: 15 },
} as const;
export const MENU_LABEL_MAX = 60;

/** A label per language code; English is the fallback. */
export type MenuLabel = { en: string } & Record<string, string>;

export interface MenuLink {
  label: MenuLabel;
  kind: MenuLinkKind;
  /** The page key, category slug, course slug or address; "" for a heading ("none"). */
  target: string;
}
export interface MenuEntry extends MenuLink {
  children: MenuLink[];
}
export interface StoreMenus {
  header: MenuEntry[];
  footer: MenuEntry[];
}

/** A menu entry as the storefront shows it: a label and an address (null: a heading). */
export interface ShownMenuLink {
  label: string;
  href: string | null;
}
export interface ShownMenuEntry extends ShownMenuLink {
  children: ShownMenuLink[];
}

/** The address an entry links to; null for a heading. */
export function menuHref(link: Pick<MenuLink, "kind" | "target">): string | null {
  switch (link.kind) {
    case "page":
      return MENU_PAGES[link.target as MenuPage] ?? null;
    case "category":
      return `/catalog?category=${encodeURIComponent(link.target)}`;
    case "course":
      return `/single-course/${encodeURIComponent(link.target)}`;
    case "url":
      return link.target || null;
    case "none":
      return null;
  }
}

const page = (target: MenuPage, en: string, nl: string): MenuEntry => ({
  label: { en, nl },
  kind: "page",
  target,
  children: [],
});

/** The pages of the school's marketing site the header linked to before the Menu Editor. */
const MARKETING_PAGES: { path: string; en: string; nl: string }[] = [
  { path: "/about-us", en: "About Us", nl: "Over ons" },
  { path: "/christian-schools", en: "Christian Schools", nl: "Christelijke scholen" },
  { path: "/micro-schools", en: "Micro Schools", nl: "Microscholen" },
  { path: "/homeschools", en: "Homeschools", nl: "Thuisonderwijs" },
  { path: "/resources", en: "Resources", nl: "Hulpbronnen" },
  { path: "/contact", en: "Contact", nl: "Contact" },
];

/** A link of the earlier flat header/footer lists in Store customization. */
export interface LegacyLink {
  label: MenuLabel;
  url: string;
}

/**
 * The menus of a school that never saved any: what the header and footer showed before the Menu
 * Editor, so a fresh install (and an upgraded one) looks the same. The earlier Store customization
 * header links and footer columns, when a school had set them, are part of it.
 */
export function defaultMenus(input: {
  website: string;
  headerLinks: LegacyLink[];
  footerColumns: { title: MenuLabel; links: LegacyLink[] }[];
}): StoreMenus {
  const url = (link: LegacyLink): MenuLink => ({ label: link.label, kind: "url", target: link.url });
  const site = input.website.replace(/\/+$/, "");
  const marketing: MenuEntry[] =
    input.headerLinks.length > 0
      ? input.headerLinks.map((link) => ({ ...url(link), children: [] }))
      : MARKETING_PAGES.map((item) => ({
          label: { en: item.en, nl: item.nl },
          kind: "url",
          target: `${site}${item.path}`,
          children: [],
        }));
  return {
    header: [page("catalog", "All courses", "Alle cursussen"), page("shop", "Shop", "Winkel"), ...marketing],
    footer: [
      {
        label: { en: "Company", nl: "Organisatie" },
        kind: "none",
        target: "",
        children: [
          page("catalog", "All courses", "Alle cursussen"),
          page("shop", "Shop", "Winkel"),
          page("aboutUs", "About Us", "Over ons"),
          page("help", "Help and FAQ", "Help en veelgestelde vragen"),
          page("contactUs", "Contact us", "Contact"),
          page("offers", "Offers", "Aanbiedingen"),
          page("terms", "Terms and conditions", "Algemene voorwaarden"),
          page("paymentPlan", "Payment plan agreement", "Overeenkomst betalingsregeling"),
          page("privacyPolicy", "Privacy policy", "Privacyverklaring"),
        ].map(({ children: _children, ...link }) => link),
      },
      ...input.footerColumns.map((column) => ({
        label: column.title,
        kind: "none" as const,
        target: "",
        children: column.links.map(url),
      })),
    ],
  };
}
