/**
 * Which strings a page needs. Storefront and learner pages get every namespace except the back
 * office's (`admin`, `adminCatalog`, …: most of the strings); the staff pages, the admin area and
 * any path not listed here get them all. Pages missing from this list only cost a bigger page, so
 * a new storefront route is added here when it is known to need no admin strings.
 */
export type MessageArea = "storefront" | "admin";

const STOREFRONT_PATH = new RegExp(
  "^/(?:" +
    [
      "",
      "catalog",
      "shop",
      "product/[^/]+",
      "single-course/[^/]+",
      "course-video/[^/]+",
      "course-review/[^/]+",
      "customer-signin",
      "customer-signup",
      "user/.+",
      "logout",
      "cart",
      "checkout",
      "payment",
      "thank-you",
      "general-terms-and-conditions",
      "payment-plan-agreement",
      "about-us",
      "privacy-policy",
      "contact-us",
      "offers",
      "certificate/[^/]+",
      "user-dashboard",
      "user-details",
      "user-courses",
      "user-orders",
      "user-invoice",
      "single-invoice/[^/]+",
      "user-payments/[^/]+/[^/]+",
    ].join("|") +
    ")/?$",
);

/** The back office's namespaces (the top-level keys of app/i18n/locales/*\/admin*.json). */
export function isAdminNamespace(namespace: string): boolean {
  return /^admin(?:[A-Z]|$)/.test(namespace);
}

export function messageAreaOf(pathname: string): MessageArea {
  return STOREFRONT_PATH.test(pathname) ? "storefront" : "admin";
}
