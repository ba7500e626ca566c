/** The course video page, at one lesson or at the first. */
function courseVideo(idOrSlug: string, lessonId?: string | null): string {
  const query = lessonId ? `?lesson=${encodeURIComponent(lessonId)}` : "";
  return `/course-video/${encodeURIComponent(idOrSlug)}${query}`;
}

/** Every in-app route path, built in one place. */
export const paths = {
  home: () => "/",
  homeCategory: (category: string | null) => (category ? `/?category=${encodeURIComponent(category)}` : "/"),
  course: (idOrSlug: string) => `/single-course/${encodeURIComponent(idOrSlug)}`,
  /** A lesson on the course video page. */
  lesson: (courseSlug: string, lessonId: string) => courseVideo(courseSlug, lessonId),
  courseVideo,
  /** Where the course page's review form posts. */
  courseReview: (courseId: string) => `/course-review/${encodeURIComponent(courseId)}`,
  cart: () => "/cart",
  /** Sign-in, returning to `redirectTo` (an in-site path) afterwards. */
  signIn: (redirectTo?: string) =>
    redirectTo ? `/customer-signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/customer-signin",
  /** Sign-up, with the email address filled in (after a guest checkout). */
  signUp: (email?: string) =>
    email ? `/customer-signup?email=${encodeURIComponent(email)}` : "/customer-signup",
  userDashboard: () => "/user-dashboard",
  userDetails: () => "/user-details",
  userCourses: () => "/user-courses",
  userInvoices: () => "/user-invoice",
  /** My Orders: every order of the signed-in customer. */
  userOrders: () => "/user-orders",
  /** The payment page of one of the visitor's own unpaid orders. */
  payOrder: (orderId: string) => `/payment?order=${encodeURIComponent(orderId)}`,
  userFamily: () => "/user-family",
  invoice: (id: string) => `/single-invoice/${encodeURIComponent(id)}`,
  /** An order's payment plan, where the learner pays an instalment whose charge failed. */
  instalmentPayment: (orderId: string, sequence: number) =>
    `/user-payments/${encodeURIComponent(orderId)}/${sequence}`,
  forgotPassword: () => "/user/forgot-password",
  /** Ask for a magic sign-in link by mail, returning to `redirectTo` once signed in. */
  signInLink: (redirectTo?: string) =>
    redirectTo ? `/user/sign-in-link?redirectTo=${encodeURIComponent(redirectTo)}` : "/user/sign-in-link",
  resetPassword: (token: string) => `/user/reset-password/${encodeURIComponent(token)}`,
  /** POST only: signs a customer or guest out. */
  logout: () => "/logout",
  checkout: () => "/checkout",
  payment: () => "/payment",
  thankYou: () => "/thank-you",
  catalog: () => "/catalog",
  /** The shop: books, boxes, kits and downloads beside the courses. */
  shop: () => "/shop",
  /** The spec's 'Product Slug page'. */
  product: (idOrSlug: string) => `/product/${encodeURIComponent(idOrSlug)}`,
  terms: () => "/general-terms-and-conditions",
  paymentPlan: () => "/payment-plan-agreement",
  privacyPolicy: () => "/privacy-policy",
  aboutUs: () => "/about-us",
  help: () => "/help",
  /** The school's address, map link, working hours and contact form. */
  contactUs: () => "/contact-us",
  /** The active, published coupons. */
  offers: () => "/offers",
  /** The public page that verifies a certificate by its code. */
  certificate: (code: string) => `/certificate/${encodeURIComponent(code)}`,
  /** The signed-in learner's certificate as PDF (an API download). */
  certificatePdf: (code: string) => `/api/certificates/${encodeURIComponent(code)}/pdf`,
} as const;

/** Pages of the school's external marketing site, relative to its website address. */
export const marketingPages = [
  { key: "aboutUs", path: "/about-us" },
  { key: "christianSchools", path: "/christian-schools" },
  { key: "microSchools", path: "/micro-schools" },
  { key: "homeschools", path: "/homeschools" },
  { key: "resources", path: "/resources" },
  { key: "contact", path: "/contact" },
] as const;

export type MarketingPageKey = (typeof marketingPages)[number]["key"];

/** An absolute link to the marketing site; falls back to a relative path when no website is set. */
export function marketingUrl(website: string, path: string): string {
  if (!website) return path;
  return `${website.replace(/\/+$/, "")}${path}`;
}
