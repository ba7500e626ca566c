import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page, by audience: one folder of app/routes/ each (decision 012). The URLs are the spec's,
 * whatever the folder; a route's loader and action sit beside it in `<route>.server.ts` when they
 * need server modules. A point of sale would get app/routes/pos/ and its own list here.
 */

/** Visitors and buyers: home, catalogue, course pages, cart to thank-you, legal and content pages. */
const storefront = [
  index("routes/storefront/home.tsx"),
  route("catalog", "routes/storefront/catalog.tsx"),
  route("shop", "routes/storefront/shop.tsx"),
  route("product/:slug", "routes/storefront/product.tsx"),
  route("single-course/:id", "routes/storefront/single-course.tsx"),
  route("course-video/:id", "routes/storefront/course-video.tsx"),
  route("course-review/:id", "routes/storefront/course-review.tsx"),
  route("cart", "routes/storefront/cart.tsx"),
  route("checkout", "routes/storefront/checkout.tsx"),
  route("payment", "routes/storefront/payment.tsx"),
  route("thank-you", "routes/storefront/thank-you.tsx"),
  route("general-terms-and-conditions", "routes/storefront/general-terms-and-conditions.tsx"),
  route("payment-plan-agreement", "routes/storefront/payment-plan-agreement.tsx"),
  route("about-us", "routes/storefront/about-us.tsx"),
  route("privacy-policy", "routes/storefront/privacy-policy.tsx"),
  route("help", "routes/storefront/help.tsx"),
  route("contact-us", "routes/storefront/contact-us.tsx"),
  route("offers", "routes/storefront/offers.tsx"),
  route("cookie-consent", "routes/storefront/cookie-consent.ts"),
  route("certificate/:code", "routes/storefront/certificate.tsx"),
  route("manifest.webmanifest", "routes/storefront/web-app-manifest.ts"),
  route("i18n/:file", "routes/storefront/interface-texts.ts"),
];

/** Customers: sign-in, sign-up, password reset, and the learner area behind a customer session. */
const account = [
  route("customer-signin", "routes/account/customer-signin.tsx"),
  route("customer-signup", "routes/account/customer-signup.tsx"),
  route("user/forgot-password", "routes/account/forgot-password.tsx"),
  route("user/reset-password/:token", "routes/account/reset-password.tsx"),
  route("user/claim-purchases/:token", "routes/account/claim-purchases.tsx"),
  route("user/sign-in-link", "routes/account/sign-in-link.tsx"),
  route("user/sign-in-link/:token", "routes/account/use-sign-in-link.tsx"),
  route("logout", "routes/account/logout.tsx"),
  layout("routes/account/layout.tsx", [
    route("user-dashboard", "routes/account/user-dashboard.tsx"),
    route("user-details", "routes/account/user-details.tsx"),
    route("user-courses", "routes/account/user-courses.tsx"),
    route("user-family", "routes/account/user-family.tsx"),
    route("user-orders", "routes/account/user-orders.tsx"),
    route("user-invoice", "routes/account/user-invoice.tsx"),
    route("single-invoice/:id", "routes/account/single-invoice.tsx"),
    route("user-payments/:orderId/:sequence", "routes/account/user-payments.tsx"),
  ]),
];

/** Staff: sign-in, sign-up, password reset, CSV exports, and the back office behind a staff session. */
const admin = [
  route("login", "routes/admin/login.tsx"),
  route("signup", "routes/admin/signup.tsx"),
  route("forgot-password", "routes/admin/forgot-password.tsx"),
  route("reset-password/:token", "routes/admin/reset-password.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("customers/export.csv", "routes/admin/customers-export.ts"),
  route("coupons/export.csv", "routes/admin/coupons-export.ts"),
  route("reports/export.csv", "routes/admin/reports-export.ts"),
  route("reports/export.pdf", "routes/admin/reports-export-pdf.ts"),
  route("course/:id/progress.csv", "routes/admin/course-progress-export.ts"),
  route("pos-drawers/:id/z-report", "routes/admin/z-report.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/stripe-connect", "routes/admin/stripe-connect.tsx"),
    route("audit-log", "routes/admin/audit-log.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("our-staff", "routes/admin/our-staff.tsx"),
    route("our-staff/roles", "routes/admin/staff-roles.tsx"),
    route("edit-profile", "routes/admin/edit-profile.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customer-order/:id", "routes/admin/customer-order.tsx"),
    route("coupons", "routes/admin/coupons.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("order/:id", "routes/admin/order.tsx"),
    route("pos-drawers", "routes/admin/pos-drawers.tsx"),
    route("pos-drawers/:id", "routes/admin/pos-drawer.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("store/store-settings", "routes/admin/store-settings.tsx"),
    route("pos-setting", "routes/admin/pos-settings.tsx"),
    route("store/customization", "routes/admin/store-customization.tsx"),
    route("store/menu-editor", "routes/admin/menu-editor.tsx"),
    route("faq", "routes/admin/faq.tsx"),
    route("email-templates", "routes/admin/email-templates.tsx"),
    route("languages", "routes/admin/languages.tsx"),
    route("currencies", "routes/admin/currencies.tsx"),
    route("countries", "routes/admin/countries.tsx"),
    route("states", "routes/admin/states.tsx"),
    route("tax-zones", "routes/admin/tax-zones.tsx"),
    route("taxes", "routes/admin/taxes.tsx"),
    route("translations", "routes/admin/translations.tsx"),
    route("shipping-zones", "routes/admin/shipping-zones.tsx"),
    route("store/shipping-carriers", "routes/admin/shipping-carriers.tsx"),
    route("courses", "routes/admin/courses.tsx"),
    route("course/:id", "routes/admin/course.tsx"),
    route("course/:id/lessons/:lessonId/quiz", "routes/admin/lesson-quiz.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/:id", "routes/admin/product.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("categories/:id", "routes/admin/category.tsx"),
    route("attributes", "routes/admin/attributes.tsx"),
    route("attributes/:id", "routes/admin/attribute.tsx"),
    route("404", "routes/admin/not-found.tsx"),
    route("coming-soon", "routes/admin/coming-soon.tsx"),
  ]),
];

/** The point of sale: full-screen pages without the back office's frame, for staff with POS access (issue 20). */
const pos = [
  route("pos", "routes/pos/pos.tsx"),
  route("pos/receipt/:orderId", "routes/pos/receipt.tsx"),
  route("pos/kitchen/:parkedId", "routes/pos/kitchen-ticket.tsx"),
  route("pos/receipt/:orderId/return", "routes/pos/return-receipt.tsx"),
];

/** The platform operators' page (issue 16 item 12): on the platform's own address only. */
const platform = [route("platform", "routes/platform/platform.tsx")];

export default [
  ...storefront,
  ...account,
  ...admin,
  ...pos,
  ...platform,
  // Any other address: the storefront's "page not found".
  route("*", "routes/storefront/not-found.tsx"),
] satisfies RouteConfig;
