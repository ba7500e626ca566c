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
  editProfile: () => "/edit-profile",
  courses: () => "/courses",
  course: (id: string) => `/course/${encodeURIComponent(id)}`,
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
  order: (id: string) => `/order/${encodeURIComponent(id)}`,
  ourStaff: () => "/our-staff",
  staffRoles: () => "/our-staff/roles",
  auditLog: () => "/audit-log",
  /** The job queue: mails and charges waiting or failed (`?state=failed`). */
  jobs: (state?: "pending" | "failed") => (state === "failed" ? "/jobs?state=failed" : "/jobs"),
  settings: () => "/settings",
  faq: () => "/faq",
  emailTemplates: () => "/email-templates",
  languages: () => "/languages",
  currencies: () => "/currencies",
  storeCustomization: () => "/store/customization",
  storeSettings: () => "/store/store-settings",
  notFound: () => "/404",
  comingSoon: () => "/coming-soon",
} as const;
