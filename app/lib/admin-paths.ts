/** Every back-office route path (spec section 2, admin routes), built in one place. */
export const adminPaths = {
  login: (redirectTo?: string) =>
    redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login",
  signup: () => "/signup",
  forgotPassword: () => "/forgot-password",
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  /** POST only: signs the staff member out and goes to /login. */
  logout: () => "/admin/logout",
  /** GET: starts Stripe Connect onboarding (redirects to Stripe). */
  stripeConnect: () => "/admin/stripe-connect",
  dashboard: () => "/dashboard",
  /** The reports for a period (the query: from, to, groupBy). */
  reports: (query = "") => `/reports${query}`,
  /** GET: one report for a period as CSV. */
  reportCsv: (query: string) => `/reports/export.csv${query}`,
  reportPdf: (query: string) => `/reports/export.pdf${query}`,
  editProfile: () => "/edit-profile",
  courses: () => "/courses",
  course: (id: string) => `/course/${encodeURIComponent(id)}`,
  /** The quiz editor of one lesson of a course. */
  lessonQuiz: (courseId: string, lessonId: string) =>
    `/course/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/quiz`,
  /** Every learner's progress in the course as CSV. */
  courseProgressCsv: (courseId: string) => `/course/${encodeURIComponent(courseId)}/progress.csv`,
  products: () => "/products",
  /** The product editor ("new" for a new product); /product/{slug} is the storefront's product page. */
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  categories: () => "/categories",
  category: (id: string) => `/categories/${encodeURIComponent(id)}`,
  attributes: () => "/attributes",
  attribute: (id: string) => `/attributes/${encodeURIComponent(id)}`,
  coupons: () => "/coupons",
  customers: () => "/customers",
  /** GET: every customer matching the list's filters as CSV. */
  customersExport: () => "/customers/export.csv",
  /** GET: every coupon matching the list's filters as CSV. */
  couponsExport: () => "/coupons/export.csv",
  customerOrders: (id: string) => `/customer-order/${encodeURIComponent(id)}`,
  orders: () => "/orders",
  /** Cash drawer sessions: open, count and close a register's drawer. */
  posDrawers: () => "/pos-drawers",
  posDrawer: (id: string) => `/pos-drawers/${encodeURIComponent(id)}`,
  /** A drawer session's Z-report, a page of its own to print. */
  zReport: (id: string) => `/pos-drawers/${encodeURIComponent(id)}/z-report`,
  order: (id: string) => `/order/${encodeURIComponent(id)}`,
  ourStaff: () => "/our-staff",
  staffRoles: () => "/our-staff/roles",
  auditLog: () => "/audit-log",
  /** The job queue: mails and charges waiting or failed (`?state=failed`). */
  jobs: (state?: "pending" | "failed") => (state === "failed" ? "/jobs?state=failed" : "/jobs"),
  settings: () => "/settings",
  posSetting: () => "/pos-setting",
  /** The point of sale (its own full-screen layout) and a POS order's receipt. */
  pos: () => "/pos",
  posReceipt: (orderId: string) => `/pos/receipt/${encodeURIComponent(orderId)}`,
  kitchenTicket: (parkedId: string) => `/pos/kitchen/${encodeURIComponent(parkedId)}`,
  posReturnReceipt: (orderId: string) => `/pos/receipt/${encodeURIComponent(orderId)}/return`,
  faq: () => "/faq",
  emailTemplates: () => "/email-templates",
  languages: () => "/languages",
  currencies: () => "/currencies",
  /** The countries, `?searchText=` to find one. */
  countries: () => "/countries",
  /** The states of every country, or of one (`countryId`). */
  states: (countryId?: string) =>
    countryId ? `/states?countryId=${encodeURIComponent(countryId)}` : "/states",
  taxZones: () => "/tax-zones",
  taxes: () => "/taxes",
  translations: () => "/translations",
  shippingZones: () => "/shipping-zones",
  shippingCarriers: () => "/store/shipping-carriers",
  storeCustomization: () => "/store/customization",
  menuEditor: () => "/store/menu-editor",
  storeSettings: () => "/store/store-settings",
  notFound: () => "/404",
  comingSoon: () => "/coming-soon",
} as const;
