import { DEFAULT_POS_SETTINGS } from "~server/modules/pos/pos.schemas";
import { DEMO_LEARNER } from "~server/seed/demo-people";
import type { Area, PermissionLevel } from "~shared/permissions";
import { allows } from "~shared/permissions";
import { CHECKOUT_CONSENTS } from "../support/checkout-consents";
import { TEST_ADMIN } from "../support/golden-database";

/**
 * Who may call each API route, as one small table: `"METHOD /path"` (Fastify's path, as the router
 * holds it) → an access rule, the request that probes it and the status a caller the rule lets
 * through gets. What every role gets is derived from the rule and the role's permissions (see
 * `expectedStatus`), so the table stays one line per route. `authorization-matrix.test.ts` sends
 * every probe as every role and compares.
 */

/** Who is calling: no session, a guest session, a signed-in customer, or a staff member of a role. */
export type Caller =
  | { kind: "anonymous" }
  | { kind: "guest" }
  | { kind: "customer" }
  | { kind: "staff"; role: string; permissions: Record<string, PermissionLevel> };

export type Rule =
  /** Anyone, signed in or not (the storefront, sign-in and sign-up, docs, health). */
  | { kind: "public" }
  /** A signed-in customer (requireCustomer): guests, staff and anonymous callers get 401. */
  | { kind: "customer" }
  /**
   * Staff whose role grants `level` on `area` (requireStaff): 401 without a staff session, 403 for a
   * role without the grant. A signed-in customer gets `customer` (401 by default: customers are
   * another realm; the customer records answer 403, they are signed in but not allowed).
   */
  | { kind: "staff"; area: Area; level: "read" | "write"; customer?: 401 | 403 }
  /** Any signed-in, active staff member, whatever the role (own profile, own password). */
  | { kind: "signed-in-staff" }
  /**
   * A customer record: the customer it belongs to, or staff allowed `level` on customers. The probe
   * names the signed-in customer's own record when `owner` is true; else another customer's, which
   * answers that customer 404 (ids cannot be probed).
   */
  | { kind: "own-record"; level: "read" | "write"; owner: boolean }
  /**
   * An order by id: staff allowed to read orders see any, staff without the grant get 403; everyone
   * else only their own (none without a session) — the probe's unknown id answers them 404.
   */
  | { kind: "buyer-or-staff" }
  /** A lesson's video that is not a free preview: a customer enrolled in its course. */
  | { kind: "enrolled" }
  /**
   * What a buyer bought (downloads): the signed-in customer, or a guest session that bought as a
   * customer; the probes' guest has not bought, so it gets 401 as anonymous callers and staff do.
   */
  | { kind: "buyer" }
  /**
   * The platform operators' realm (issue 16 item 12): a signed-in operator only. No school's caller
   * (anonymous, guest, customer, any staff role) is one, so every caller here gets 401; the operators'
   * own access is tested in `server/modules/platform/platform.api.test.ts`.
   */
  | { kind: "operator" };

/** Values the probes need, read from the seeded database before the test. */
export interface ProbeContext {
  /** The signed-in customer of the test (the seeded demo learner). */
  customerId: string;
  /** Another customer of the same school. */
  strangerId: string;
  /** A published course the customer is enrolled in. */
  courseId: string;
  /** A lesson of that course that is not a free preview. */
  lessonId: string;
  /** A role of the school (for staff creation and invitations). */
  roleId: string;
  /** A tiny valid PNG image. */
  png: Buffer;
  /** Unique on every call: for emails, codes and slugs of records the probes create. */
  unique(): string;
  /** Two letters unique on every call (language ISO codes). */
  letters(count: 2 | 3): string;
}

export interface Probe {
  /** The URL sent; default: the route's path with each `:param` an id that does not exist. */
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface RouteCase {
  rule: Rule;
  /** The exact status a caller the rule lets through gets for this probe. */
  ok: number;
  probe?: Probe | ((context: ProbeContext) => Probe);
  /**
   * The route ends or replaces the caller's session (sign-in, sign-out, sign-up): each caller sends
   * it with a throwaway session of their own, so their main session survives.
   */
  freshSession?: true;
  /** Why the route is reached this way, where it is not obvious. */
  note?: string;
}

/** An id no record has. */
export const MISSING = "00000000-0000-4000-8000-000000000000";

/** The methods `app.all()` registers (the API's not-found catch-all answers every one of them). */
const ALL_METHODS = ["GET", "TRACE", "DELETE", "OPTIONS", "PATCH", "PUT", "POST", "QUERY"] as const;

const PUBLIC: Rule = { kind: "public" };
const CUSTOMER: Rule = { kind: "customer" };
const STAFF_ANY: Rule = { kind: "signed-in-staff" };
const OPERATOR: Rule = { kind: "operator" };
const staff = (area: Area, level: "read" | "write", customer?: 401 | 403): Rule =>
  customer ? { kind: "staff", area, level, customer } : { kind: "staff", area, level };
const read = (area: Area) => staff(area, "read");
const write = (area: Area) => staff(area, "write");
/** The customer records answer a signed-in customer 403 rather than 401. */
const customers = (level: "read" | "write") => staff("customers", level, 403);

const translatable = (text: string) => ({ en: text });
const NEW_PASSWORD = "a-new-password-2024";
const body = (payload: unknown): Probe => ({ payload });

/** The table: every route of the app, one entry (or a few cases) each. */
export const ROUTE_ACCESS: Record<string, RouteCase | RouteCase[]> = {
  // ---------------------------------------------------------------- outside the API
  "GET /healthz": { rule: PUBLIC, ok: 200 },
  "GET /readyz": { rule: PUBLIC, ok: 200 },
  "GET /api/health/baseline": { rule: PUBLIC, ok: 200, note: "the benchmarks' constant answer" },
  "POST /api/platform/login": {
    rule: PUBLIC,
    ok: 401,
    freshSession: true,
    probe: body({ email: "nobody@example.org", password: "not-an-operator" }),
    note: "no school's caller is an operator",
  },
  "POST /api/platform/logout": { rule: PUBLIC, ok: 200, freshSession: true },
  "GET /api/platform/schools": { rule: OPERATOR, ok: 200 },
  "POST /api/platform/schools": {
    rule: OPERATOR,
    ok: 201,
    probe: (c) =>
      body({
        name: "Probe School",
        slug: `probe-${c.unique()}`,
        superAdmin: { email: `${c.unique()}@example.org` },
      }),
  },
  "POST /api/platform/schools/:id/suspend": { rule: OPERATOR, ok: 404 },
  "POST /api/platform/schools/:id/resume": { rule: OPERATOR, ok: 404 },
  "POST /api/platform/schools/:id/hostnames": {
    rule: OPERATOR,
    ok: 404,
    probe: (c) => body({ hostname: `${c.unique()}.example.org` }),
  },
  "POST /api/platform/schools/:id/invitations": {
    rule: OPERATOR,
    ok: 404,
    probe: (c) => body({ email: `${c.unique()}@example.org` }),
  },
  "GET /robots.txt": { rule: PUBLIC, ok: 200 },
  "GET /sitemap.xml": { rule: PUBLIC, ok: 200 },
  "GET /sitemap-pages.xml": { rule: PUBLIC, ok: 200 },
  "GET /sitemap-products.xml": { rule: PUBLIC, ok: 200 },
  "GET /sitemap-courses-:file.xml": {
    rule: PUBLIC,
    ok: 200,
    probe: { url: "/sitemap-courses-1.xml" },
  },
  "GET /media/images/:folder/:file": {
    rule: PUBLIC,
    ok: 404,
    probe: { url: "/media/images/courses/missing.webp" },
  },

  // ---------------------------------------------------------------- documentation
  "GET /api/openapi.json": { rule: PUBLIC, ok: 200 },
  "GET /api/docs": { rule: PUBLIC, ok: 200 },
  "GET /api/docs/": { rule: PUBLIC, ok: 200 },
  "GET /api/docs/static/index.html": { rule: PUBLIC, ok: 302, note: "redirects to the docs' address" },
  "GET /api/docs/static/swagger-initializer.js": { rule: PUBLIC, ok: 200 },
  "GET /api/docs/static/*": { rule: PUBLIC, ok: 200, probe: { url: "/api/docs/static/swagger-ui.css" } },
  "GET /api/docs/json": { rule: PUBLIC, ok: 200 },
  "GET /api/docs/yaml": { rule: PUBLIC, ok: 200 },
  ...Object.fromEntries(
    ALL_METHODS.map((method) => [
      `${method} /api/*`,
      {
        rule: PUBLIC,
        ok: 404,
        // QUERY carries a body, like POST.
        probe: { url: "/api/no-such-route", ...(method === "QUERY" ? { payload: {} } : {}) },
        note: "the API's not-found answer",
      },
    ]),
  ),

  // ---------------------------------------------------------------- storefront
  "GET /api/courses": { rule: PUBLIC, ok: 200 },
  "GET /api/attributes": { rule: PUBLIC, ok: 200 },
  "GET /api/courses/:id": { rule: PUBLIC, ok: 200, probe: (c) => ({ url: `/api/courses/${c.courseId}` }) },
  "GET /api/categories": { rule: PUBLIC, ok: 200 },
  "GET /api/products": { rule: PUBLIC, ok: 200 },
  "GET /api/products/:id": { rule: PUBLIC, ok: 404 },
  "GET /api/downloads": { rule: { kind: "buyer" }, ok: 200 },
  "GET /api/downloads/:id/file": { rule: { kind: "buyer" }, ok: 404 },
  "GET /api/faqs": { rule: PUBLIC, ok: 200 },
  "GET /api/pages/:slug": {
    rule: PUBLIC,
    ok: 404,
    probe: { url: "/api/pages/about-us" },
    note: "the seed publishes no About us page yet",
  },
  "GET /api/courses/:id/reviews": {
    rule: PUBLIC,
    ok: 200,
    probe: (c) => ({ url: `/api/courses/${c.courseId}/reviews` }),
  },
  "POST /api/checkout/quote": {
    rule: PUBLIC,
    ok: 200,
    probe: (c) => body({ courseIds: [c.courseId] }),
  },
  "POST /api/checkout": {
    rule: PUBLIC,
    ok: 404,
    probe: (c) =>
      body({
        ...CHECKOUT_CONSENTS,
        courseIds: [MISSING],
        guest: { name: "Probe", email: `${c.unique()}@example.org` },
      }),
    note: "an unknown course: nothing is ordered",
  },
  "POST /api/checkout/:orderId/pay": { rule: PUBLIC, ok: 404, probe: body({}) },
  "POST /api/checkout/:orderId/complete": { rule: PUBLIC, ok: 404, probe: body({}) },
  "GET /api/orders/:orderId": { rule: { kind: "buyer-or-staff" }, ok: 404 },
  "POST /api/payments/stripe/webhook": {
    rule: PUBLIC,
    ok: 404,
    probe: body({ type: "payment_intent.succeeded" }),
    note: "authenticated by Stripe's signature, not a session; 404 while Stripe is not configured",
  },
  "POST /api/payments/paypal/webhook": {
    rule: PUBLIC,
    ok: 404,
    probe: body({ event_type: "PAYMENT.CAPTURE.COMPLETED" }),
    note: "authenticated by PayPal's verify-webhook-signature, not a session; 404 while PayPal is not configured",
  },
  "GET /api/lessons/:lessonId/video": [
    { rule: PUBLIC, ok: 404, note: "an unknown lesson" },
    {
      rule: { kind: "enrolled" },
      ok: 200,
      probe: (c) => ({ url: `/api/lessons/${c.lessonId}/video` }),
      note: "a lesson of a course the customer is enrolled in",
    },
  ],

  "GET /api/lessons/:lessonId": [
    { rule: PUBLIC, ok: 404, note: "an unknown lesson" },
    {
      rule: { kind: "enrolled" },
      ok: 200,
      probe: (c) => ({ url: `/api/lessons/${c.lessonId}` }),
      note: "a lesson of a course the customer is enrolled in: its resources and captions",
    },
  ],
  "GET /api/lessons/:lessonId/resources/:fileId": {
    rule: PUBLIC,
    ok: 404,
    note: "an unknown lesson; the access rules are in lesson-resources.api.test.ts",
  },
  "GET /api/lessons/:lessonId/captions/:language": {
    rule: PUBLIC,
    ok: 404,
    probe: { url: `/api/lessons/${MISSING}/captions/en` },
    note: "an unknown lesson; the access rules are in lesson-resources.api.test.ts",
  },
  "POST /api/lessons/:lessonId/complete": { rule: CUSTOMER, ok: 404 },

  // ---------------------------------------------------------------- customer account
  "POST /api/customer/register": {
    rule: PUBLIC,
    ok: 201,
    freshSession: true,
    probe: (c) =>
      body({ name: "Probe", email: `${c.unique()}@example.org`, password: NEW_PASSWORD, acceptTerms: true }),
  },
  "POST /api/customer/login": {
    rule: PUBLIC,
    ok: 200,
    freshSession: true,
    probe: body({ email: DEMO_LEARNER.email, password: DEMO_LEARNER.password }),
  },
  "POST /api/customer/logout": { rule: PUBLIC, ok: 200, freshSession: true },
  "POST /api/customer/guest": { rule: PUBLIC, ok: 201, freshSession: true },
  "PUT /api/customer/forget-password": {
    rule: PUBLIC,
    ok: 200,
    probe: (c) => body({ email: `${c.unique()}@example.org` }),
  },
  "PUT /api/customer/reset-password": {
    rule: PUBLIC,
    ok: 400,
    probe: body({ newPassword: NEW_PASSWORD, token: "not-a-real-token" }),
  },
  "POST /api/customer/claim-purchases": {
    rule: PUBLIC,
    ok: 400,
    probe: body({ token: "not-a-real-token" }),
  },
  "POST /api/contact": {
    rule: PUBLIC,
    ok: 400,
    // Bad input, so that sending the probe as every role does not use up the contact attempt limit.
    probe: body({ name: "Probe", email: "not-an-email", message: "A question about a course." }),
  },
  "POST /api/customer/sign-in-link": {
    rule: PUBLIC,
    ok: 200,
    probe: (c) => body({ email: `${c.unique()}@example.org` }),
  },
  "POST /api/customer/sign-in-link/use": {
    rule: PUBLIC,
    ok: 400,
    probe: body({ token: "not-a-real-token" }),
  },
  "POST /api/customer/change-password": {
    rule: CUSTOMER,
    ok: 400,
    probe: body({ currentPassword: "not-the-password", newPassword: NEW_PASSWORD }),
    note: "a wrong current password, so nothing changes",
  },
  "GET /api/customer-courses": { rule: CUSTOMER, ok: 200 },
  "GET /api/customer/learners": { rule: CUSTOMER, ok: 200 },
  "POST /api/customer/learners": {
    rule: CUSTOMER,
    ok: 201,
    probe: body({ name: "Probe Child" }),
    note: "the signed-in customer gets a learner profile (a child); every other caller 401",
  },
  "PUT /api/customer/learning-as": {
    rule: CUSTOMER,
    ok: 404,
    probe: body({ learnerId: "00000000-0000-4000-8000-000000000000" }),
    note: "no such child of the account",
  },
  "GET /api/customer/seats": { rule: CUSTOMER, ok: 200 },
  "POST /api/customer/seats/assign": {
    rule: CUSTOMER,
    ok: 404,
    probe: body({ courseId: "00000000-0000-4000-8000-000000000000", email: "pupil@example.org" }),
    note: "no seats of that course were bought",
  },
  "POST /api/customer/seats/:seatId/unassign": {
    rule: CUSTOMER,
    ok: 404,
    probe: { url: "/api/customer/seats/00000000-0000-4000-8000-000000000000/unassign" },
    note: "an unknown seat",
  },
  "GET /api/customer/data-export": { rule: CUSTOMER, ok: 200 },
  "POST /api/customer/delete-account": {
    rule: CUSTOMER,
    ok: 400,
    probe: body({ password: "not-the-password" }),
    note: "a wrong password refuses and deletes nothing; the deletion itself is in customer-privacy tests",
  },
  "GET /api/courses/:id/progress": {
    rule: CUSTOMER,
    ok: 200,
    probe: (c) => ({ url: `/api/courses/${c.courseId}/progress` }),
  },
  "POST /api/courses/:id/reviews": { rule: CUSTOMER, ok: 404, probe: body({ rating: 5 }) },
  "PUT /api/lessons/:lessonId/progress": { rule: CUSTOMER, ok: 404, probe: body({ positionSeconds: 10 }) },
  "GET /api/lessons/:lessonId/quiz": { rule: CUSTOMER, ok: 404, note: "an unknown lesson" },
  "POST /api/lessons/:lessonId/quiz/attempts": {
    rule: CUSTOMER,
    ok: 404,
    probe: body({ answers: {} }),
    note: "an unknown lesson: nothing is stored",
  },
  "GET /api/certificates/:code": { rule: PUBLIC, ok: 404, note: "an unknown code" },
  "GET /api/certificates/:code/pdf": { rule: CUSTOMER, ok: 404 },
  "GET /api/customer/orders": { rule: CUSTOMER, ok: 200 },
  "GET /api/invoices": { rule: CUSTOMER, ok: 200 },
  "GET /api/invoices/:id": { rule: CUSTOMER, ok: 404 },
  "GET /api/invoices/:id/pdf": { rule: CUSTOMER, ok: 404 },
  "GET /api/credit-notes/:id/pdf": { rule: CUSTOMER, ok: 404 },

  // ---------------------------------------------------------------- customer records
  "GET /api/customer": { rule: customers("read"), ok: 200 },
  "POST /api/customer/add/all": {
    rule: customers("write"),
    ok: 201,
    probe: (c) => body([{ name: "Probe", email: `${c.unique()}@example.org` }]),
  },
  "POST /api/customer/create": {
    rule: customers("write"),
    ok: 201,
    probe: (c) => body({ name: "Probe", email: `${c.unique()}@example.org` }),
  },
  "POST /api/customer/filter/:id": { rule: customers("read"), ok: 404, probe: body({}) },
  "DELETE /api/customer/:id": { rule: customers("write"), ok: 404 },
  "GET /api/customer/:id": [
    {
      rule: { kind: "own-record", level: "read", owner: true },
      ok: 200,
      probe: (c) => ({ url: `/api/customer/${c.customerId}` }),
    },
    {
      rule: { kind: "own-record", level: "read", owner: false },
      ok: 200,
      probe: (c) => ({ url: `/api/customer/${c.strangerId}` }),
    },
  ],
  "PUT /api/customer/:id": [
    {
      rule: { kind: "own-record", level: "write", owner: true },
      ok: 200,
      probe: (c) => ({ url: `/api/customer/${c.customerId}`, payload: { phone: "+31 6 1111 2222" } }),
    },
    {
      rule: { kind: "own-record", level: "write", owner: false },
      ok: 200,
      probe: (c) => ({ url: `/api/customer/${c.strangerId}`, payload: { phone: "+31 6 1111 2222" } }),
    },
  ],
  "PUT /api/customer/student-update/:id": [
    {
      rule: { kind: "own-record", level: "write", owner: true },
      ok: 200,
      probe: (c) => ({
        url: `/api/customer/student-update/${c.customerId}`,
        payload: { phone: "+31 6 1111 2222" },
      }),
    },
    {
      rule: { kind: "own-record", level: "write", owner: false },
      ok: 200,
      probe: (c) => ({
        url: `/api/customer/student-update/${c.strangerId}`,
        payload: { phone: "+31 6 1111 2222" },
      }),
    },
  ],

  // ---------------------------------------------------------------- staff account
  "POST /api/admin/login": {
    rule: PUBLIC,
    ok: 200,
    freshSession: true,
    probe: body({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  },
  "POST /api/admin/logout": { rule: PUBLIC, ok: 200, freshSession: true },
  "POST /api/admin/signup": {
    rule: PUBLIC,
    ok: 403,
    probe: (c) => body({ name: "Probe", email: `${c.unique()}@example.org`, password: NEW_PASSWORD }),
    note: "open sign-up is off in the seeded school: everyone gets the same refusal",
  },
  "PUT /api/admin/forget-password": {
    rule: PUBLIC,
    ok: 200,
    probe: (c) => body({ email: `${c.unique()}@example.org` }),
  },
  "PUT /api/admin/reset-password": {
    rule: PUBLIC,
    ok: 400,
    probe: body({ newPassword: NEW_PASSWORD, token: "not-a-real-token" }),
  },
  "GET /api/admin/me": { rule: STAFF_ANY, ok: 200 },
  "PUT /api/admin/profile": { rule: STAFF_ANY, ok: 200, probe: body({ name: translatable("Probe") }) },
  "PUT /api/admin/change-password": {
    rule: STAFF_ANY,
    ok: 400,
    probe: body({ currentPassword: "not-the-password", newPassword: NEW_PASSWORD }),
    note: "a wrong current password, so nothing changes",
  },

  // ---------------------------------------------------------------- staff and roles
  "GET /api/admin/staff": { rule: read("staff"), ok: 200 },
  "POST /api/admin/staff": {
    rule: write("staff"),
    ok: 201,
    probe: (c) =>
      body({
        name: translatable("Probe"),
        email: `${c.unique()}@example.org`,
        password: NEW_PASSWORD,
        roleId: c.roleId,
      }),
  },
  "POST /api/admin/staff/invitations": {
    rule: write("staff"),
    ok: 201,
    probe: (c) => body({ email: `${c.unique()}@example.org`, roleId: c.roleId }),
  },
  "GET /api/admin/staff/invitations": { rule: read("staff"), ok: 200 },
  "POST /api/admin/staff/invitations/:id/resend": { rule: write("staff"), ok: 404 },
  "DELETE /api/admin/staff/invitations/:id": { rule: write("staff"), ok: 404 },
  "GET /api/admin/staff/:id": { rule: read("staff"), ok: 404 },
  "PUT /api/admin/staff/:id": { rule: write("staff"), ok: 404, probe: body({ phone: "+31 6 1111 2222" }) },
  "DELETE /api/admin/staff/:id": { rule: write("staff"), ok: 404 },
  "GET /api/admin/roles": { rule: read("staff"), ok: 200 },
  "PUT /api/admin/roles/:id": {
    rule: write("staff"),
    ok: 404,
    probe: body({
      permissions: {
        dashboard: "read",
        catalog: "none",
        customers: "none",
        orders: "none",
        refunds: "none",
        pos: "none",
        coupons: "none",
        staff: "none",
        settings: "none",
        content: "none",
        international: "none",
        jobs: "none",
      },
    }),
  },
  "POST /api/customer/orders/:orderId/instalments/:sequence/pay": {
    rule: { kind: "customer" },
    ok: 404,
    probe: {
      url: "/api/customer/orders/00000000-0000-4000-8000-000000000000/instalments/2/pay",
      payload: {},
    },
  },
  "GET /api/admin/jobs": { rule: read("jobs"), ok: 200 },
  "POST /api/admin/jobs/:jobId/retry": { rule: write("jobs"), ok: 404 },
  "DELETE /api/admin/jobs/:jobId": { rule: write("jobs"), ok: 404 },
  "GET /api/admin/audit-log": {
    rule: read("staff"),
    ok: 200,
    note: "the audit log belongs to the staff area",
  },

  // ---------------------------------------------------------------- orders and dashboard
  "GET /api/orders": { rule: read("orders"), ok: 200 },
  "GET /api/admin/orders/export": { rule: read("orders"), ok: 200 },
  "PUT /api/orders/:orderId": { rule: write("orders"), ok: 404, probe: body({ status: "processing" }) },
  "POST /api/orders/:orderId/returns": {
    rule: write("orders"),
    ok: 404,
    probe: body({ lineIds: [MISSING], restock: false }),
  },
  "POST /api/orders/:orderId/payments": {
    rule: write("orders"),
    ok: 404,
    probe: body({ method: "cash", reference: "Probe" }),
  },
  "POST /api/orders/:orderId/shipment": {
    rule: write("orders"),
    ok: 404,
    probe: body({ trackingNumber: "Probe" }),
  },
  "POST /api/orders/:orderId/refunds": {
    rule: write("orders"),
    ok: 404,
    probe: body({ amountCents: 100, reason: "Probe" }),
    note: "giving money back also needs refunds: write (refund-permission.api.test.ts)",
  },
  "POST /api/orders/:orderId/confirmation-mail": { rule: write("orders"), ok: 404 },
  "GET /api/admin/invoices/:id/pdf": { rule: read("orders"), ok: 404 },
  "GET /api/admin/credit-notes/:id/pdf": { rule: read("orders"), ok: 404 },
  "GET /api/admin/dashboard": { rule: read("dashboard"), ok: 200 },
  "GET /api/admin/reports": {
    rule: read("dashboard"),
    ok: 200,
    note: "the reports belong to the dashboard area",
  },
  "GET /api/admin/reports/:report/pdf": {
    rule: read("dashboard"),
    ok: 200,
    probe: { url: "/api/admin/reports/sales/pdf" },
    note: "the reports belong to the dashboard area",
  },

  // ---------------------------------------------------------------- coupons
  "GET /api/admin/coupons": { rule: read("coupons"), ok: 200 },
  "POST /api/admin/coupons": {
    rule: write("coupons"),
    ok: 201,
    probe: (c) =>
      body({
        campaignName: translatable("Probe"),
        code: `P${c.unique().replace(/\W/g, "").slice(-20)}`,
        startsAt: "2030-01-01",
        endsAt: "2030-02-01",
        discountType: "percentage",
        discountValue: 10,
      }),
  },
  "POST /api/admin/coupons/delete": { rule: write("coupons"), ok: 200, probe: body({ ids: [MISSING] }) },
  "GET /api/admin/coupons/:id": { rule: read("coupons"), ok: 404 },
  "PUT /api/admin/coupons/:id": {
    rule: write("coupons"),
    ok: 404,
    probe: body({
      campaignName: translatable("Probe"),
      code: "PROBE",
      startsAt: "2030-01-01",
      endsAt: "2030-02-01",
      discountType: "percentage",
      discountValue: 10,
    }),
  },
  "DELETE /api/admin/coupons/:id": { rule: write("coupons"), ok: 404 },

  // ---------------------------------------------------------------- settings
  "GET /api/admin/settings/:group": [
    { rule: read("settings"), ok: 200, probe: { url: "/api/admin/settings/global" } },
    { rule: read("content"), ok: 200, probe: { url: "/api/admin/settings/storefront" } },
  ],
  "PUT /api/admin/settings/:group": [
    {
      rule: write("settings"),
      ok: 400,
      probe: { url: "/api/admin/settings/global", payload: {} },
      note: "each group's fields are checked after the permission: an empty group is refused",
    },
    {
      rule: write("content"),
      ok: 400,
      probe: { url: "/api/admin/settings/storefront", payload: { heroTitle: 42 } },
    },
  ],

  // ---------------------------------------------------------------- content
  "GET /api/admin/menus": { rule: read("content"), ok: 200 },
  "PUT /api/admin/menus": {
    rule: write("content"),
    ok: 200,
    probe: body({ header: [{ label: { en: "Courses" }, kind: "page", target: "catalog" }], footer: [] }),
  },
  "GET /api/admin/pages": { rule: read("content"), ok: 200 },
  "GET /api/admin/pages/:slug": {
    rule: read("content"),
    ok: 200,
    probe: { url: "/api/admin/pages/about-us" },
  },
  "PUT /api/admin/pages/:slug": {
    rule: write("content"),
    ok: 200,
    probe: {
      url: "/api/admin/pages/about-us",
      payload: { title: translatable("About us"), body: translatable("<p>About us</p>") },
    },
  },
  "GET /api/admin/faqs": { rule: read("content"), ok: 200 },
  "POST /api/admin/faqs": {
    rule: write("content"),
    ok: 201,
    probe: body({ question: translatable("Probe?"), answer: translatable("Probe.") }),
  },
  "GET /api/admin/faqs/:id": { rule: read("content"), ok: 404 },
  "PUT /api/admin/faqs/:id": {
    rule: write("content"),
    ok: 404,
    probe: body({ question: translatable("Probe?"), answer: translatable("Probe.") }),
  },
  "DELETE /api/admin/faqs/:id": { rule: write("content"), ok: 404 },
  "POST /api/admin/faqs/:id/move": { rule: write("content"), ok: 404, probe: body({ direction: "up" }) },
  "GET /api/admin/email-templates": { rule: read("content"), ok: 200 },
  "GET /api/admin/email-templates/:event": {
    rule: read("content"),
    ok: 200,
    probe: { url: "/api/admin/email-templates/password-reset" },
  },
  "PUT /api/admin/email-templates/:event": {
    rule: write("content"),
    ok: 200,
    probe: {
      url: "/api/admin/email-templates/password-reset",
      payload: { subject: translatable("Reset"), body: translatable("Open {{link}}") },
    },
  },
  "DELETE /api/admin/email-templates/:event": {
    rule: write("content"),
    ok: 200,
    probe: { url: "/api/admin/email-templates/order-confirmation" },
  },
  "POST /api/admin/email-templates/:event/preview": {
    rule: read("content"),
    ok: 200,
    probe: {
      url: "/api/admin/email-templates/password-reset/preview",
      payload: { subject: "Reset", body: "Open {{link}}" },
    },
  },

  // ---------------------------------------------------------------- international
  "GET /api/admin/languages": { rule: read("international"), ok: 200 },
  "POST /api/admin/languages": {
    rule: write("international"),
    ok: 201,
    probe: (c) => {
      const code = c.letters(2);
      return body({ name: `Probe ${code}`, isoCode: code, languageCode: code });
    },
  },
  "PUT /api/admin/languages/:id": {
    rule: write("international"),
    ok: 404,
    probe: body({ name: "Probe", isoCode: "zz", languageCode: "zz" }),
  },
  "DELETE /api/admin/languages/:id": { rule: write("international"), ok: 404 },
  "GET /api/admin/translations": { rule: read("international"), ok: 200 },
  "PUT /api/admin/translations": {
    rule: write("international"),
    ok: 422,
    probe: body({ language: "nl", key: "no.such.key", text: "Probe" }),
  },
  "DELETE /api/admin/translations": {
    rule: write("international"),
    ok: 200,
    probe: { url: "/api/admin/translations?language=nl&key=footer.tagline" },
  },
  "GET /api/admin/currencies": { rule: read("international"), ok: 200 },
  "POST /api/admin/currencies": {
    rule: write("international"),
    ok: 201,
    probe: (c) => {
      const code = c.letters(3).toUpperCase();
      return body({ name: `Probe ${code}`, symbol: "¤", isoCode: code, exchangeRate: 1.5 });
    },
  },
  "PUT /api/admin/currencies/:id": {
    rule: write("international"),
    ok: 404,
    probe: body({ name: "Probe", symbol: "¤", isoCode: "ZZZ", exchangeRate: 1 }),
  },
  "DELETE /api/admin/currencies/:id": { rule: write("international"), ok: 404 },

  // ---------------------------------------------------------------- taxes
  "GET /api/countries": { rule: PUBLIC, ok: 200 },
  "GET /api/admin/countries": { rule: read("international"), ok: 200 },
  "PATCH /api/admin/countries/:countryId": {
    rule: write("international"),
    ok: 404,
    probe: body({ enabled: true }),
  },
  "GET /api/admin/countries/:countryId/states": { rule: read("international"), ok: 200 },
  "POST /api/admin/countries/:countryId/states": {
    rule: write("international"),
    ok: 404,
    probe: body({ name: "Probe", code: "PR" }),
  },
  "PUT /api/admin/states/:stateId": {
    rule: write("international"),
    ok: 404,
    probe: body({ name: "Probe", code: "PR" }),
  },
  "DELETE /api/admin/states/:stateId": { rule: write("international"), ok: 404 },
  "GET /api/admin/tax-zones": { rule: read("international"), ok: 200 },
  "POST /api/admin/tax-zones": {
    rule: write("international"),
    ok: 400,
    probe: body({ name: "Probe zone", members: [{ countryId: MISSING }] }),
    note: "an unknown country: refused after the permission check, nothing is written",
  },
  "PUT /api/admin/tax-zones/:zoneId": {
    rule: write("international"),
    ok: 400,
    probe: body({ name: "Probe zone", members: [{ countryId: MISSING }] }),
    note: "an unknown country: refused after the permission check, nothing is written",
  },
  "DELETE /api/admin/tax-zones/:zoneId": { rule: write("international"), ok: 404 },
  "GET /api/admin/taxes": { rule: read("international"), ok: 200 },
  "POST /api/admin/taxes": {
    rule: write("international"),
    ok: 404,
    probe: body({ zoneId: MISSING, name: "Probe", taxClass: "standard", rateBp: 2100 }),
  },
  "PUT /api/admin/taxes/:id": {
    rule: write("international"),
    ok: 404,
    probe: body({ name: "Probe", rateBp: 2100 }),
  },
  "DELETE /api/admin/taxes/:id": { rule: write("international"), ok: 404 },
  "GET /api/admin/shipping-zones": { rule: read("international"), ok: 200 },
  "POST /api/admin/shipping-zones": {
    rule: write("international"),
    ok: 400,
    probe: body({ name: "Probe zone", members: [{ countryId: MISSING }] }),
    note: "an unknown country: refused after the permission check, nothing is written",
  },
  "PUT /api/admin/shipping-zones/:zoneId": {
    rule: write("international"),
    ok: 400,
    probe: body({ name: "Probe zone", members: [{ countryId: MISSING }] }),
    note: "an unknown country: refused after the permission check, nothing is written",
  },
  "DELETE /api/admin/shipping-zones/:zoneId": { rule: write("international"), ok: 404 },
  "GET /api/admin/customers/:customerId/credit": { rule: customers("read"), ok: 404 },
  "POST /api/admin/customers/:customerId/credit": {
    rule: customers("write"),
    ok: 404,
    probe: body({ kind: "top_up", amountCents: 100 }),
    note: "no such customer: refused after the permission check, nothing is written",
  },
  "GET /api/customer/credit": { rule: CUSTOMER, ok: 200 },
  // Reading the drawers is POS read: the Accountant (and the CEO) read sessions and Z-reports; writing
  // (open, cash in/out, close) is POS write, the till's roles only.
  "GET /api/admin/pos/drawer-sessions": {
    rule: staff("pos", "read", 403),
    ok: 200,
    note: "POS read: the Accountant and the CEO too",
  },
  "POST /api/admin/pos/drawer-sessions": {
    rule: staff("pos", "write", 403),
    ok: 201,
    probe: (c) => body({ register: `Probe ${c.unique()}`, openingFloatCents: 0 }),
    note: "a register of its own per caller let through",
  },
  "GET /api/admin/pos/drawer-sessions/:id": {
    rule: staff("pos", "read", 403),
    ok: 404,
    note: "POS read: the Accountant and the CEO too",
  },
  "POST /api/admin/pos/drawer-sessions/:id/movements": {
    rule: staff("pos", "write", 403),
    ok: 404,
    probe: body({ kind: "in", amountCents: 100, reason: "Probe" }),
  },
  "POST /api/admin/pos/drawer-sessions/:id/close": {
    rule: staff("pos", "write", 403),
    ok: 404,
    probe: body({ countedCents: 0 }),
  },
  "GET /api/admin/shipping-carriers": { rule: read("international"), ok: 200 },
  "POST /api/admin/shipping-carriers": {
    rule: write("international"),
    ok: 400,
    probe: body({ name: "Probe", zones: [{ zoneId: MISSING, ranges: [{ min: 0, costCents: 100 }] }] }),
    note: "an unknown zone: refused after the permission check, nothing is written",
  },
  "PUT /api/admin/shipping-carriers/:carrierId": {
    rule: write("international"),
    ok: 404,
    probe: body({ name: "Probe" }),
  },
  "DELETE /api/admin/shipping-carriers/:carrierId": { rule: write("international"), ok: 404 },
  "GET /api/admin/shipping-settings": { rule: read("settings"), ok: 200 },
  "PUT /api/admin/shipping-settings": {
    rule: write("settings"),
    ok: 200,
    probe: body({ cashOnDelivery: false }),
    note: "writes the default (cash on delivery off)",
  },
  "GET /api/admin/payment-settings": { rule: read("settings"), ok: 200 },
  "PUT /api/admin/payment-settings": {
    rule: write("settings"),
    ok: 200,
    probe: body({ paypal: false, ideal: false }),
    note: "writes the default (both off)",
  },
  "GET /api/admin/tax-settings": { rule: read("settings"), ok: 200 },
  "PUT /api/admin/tax-settings": {
    rule: write("settings"),
    ok: 400,
    probe: body({ country: "ZZ", pricesIncludeTax: true }),
    note: "an unknown country: refused after the permission check, nothing is written",
  },

  // ---------------------------------------------------------------- catalogue
  "GET /api/admin/courses": { rule: read("catalog"), ok: 200 },
  "POST /api/admin/courses": {
    rule: write("catalog"),
    ok: 201,
    probe: (c) => body({ title: translatable(`Probe ${c.unique()}`), priceCents: 1000 }),
  },
  "POST /api/admin/courses/bulk": {
    rule: write("catalog"),
    ok: 404,
    probe: body({ action: "publish", ids: [MISSING] }),
  },
  "GET /api/admin/courses/:id": { rule: read("catalog"), ok: 404 },
  "PATCH /api/admin/courses/:id": { rule: write("catalog"), ok: 404, probe: body({ priceCents: 1000 }) },
  "DELETE /api/admin/courses/:id": { rule: write("catalog"), ok: 404 },
  "POST /api/admin/courses/:id/lessons": {
    rule: write("catalog"),
    ok: 404,
    probe: body({ title: translatable("Probe"), durationSeconds: 60 }),
  },
  "PUT /api/admin/courses/:id/lessons/order": {
    rule: write("catalog"),
    ok: 404,
    probe: body({ ids: [MISSING] }),
  },
  "PATCH /api/admin/courses/:id/lessons/:lessonId": {
    rule: write("catalog"),
    ok: 404,
    probe: body({ durationSeconds: 60 }),
  },
  "DELETE /api/admin/courses/:id/lessons/:lessonId": { rule: write("catalog"), ok: 404 },
  "GET /api/admin/courses/:id/lessons/:lessonId/quiz": { rule: read("catalog"), ok: 404 },
  "PUT /api/admin/courses/:id/lessons/:lessonId/quiz": {
    rule: write("catalog"),
    ok: 404,
    probe: body({
      passPercent: 50,
      questions: [{ kind: "true-false", prompt: translatable("Probe?"), answer: true }],
    }),
  },
  "DELETE /api/admin/courses/:id/lessons/:lessonId/quiz": { rule: write("catalog"), ok: 404 },
  "GET /api/admin/courses/:id/progress": { rule: read("customers"), ok: 404 },
  "POST /api/admin/courses/:id/image": {
    rule: write("catalog"),
    ok: 404,
    probe: (c) => ({ payload: c.png, headers: { "content-type": "image/png" } }),
  },
  "POST /api/admin/courses/:id/lessons/:lessonId/video": {
    rule: write("catalog"),
    ok: 404,
    probe: {
      payload: Buffer.from("1a45dfa3000000000000000000000000", "hex"),
      headers: { "content-type": "video/webm" },
    },
  },
  "POST /api/admin/courses/:id/lessons/:lessonId/resources": {
    rule: write("catalog"),
    ok: 404,
    probe: {
      url: `/api/admin/courses/${MISSING}/lessons/${MISSING}/resources?name=worksheet.pdf`,
      payload: Buffer.from("%PDF-1.7\n%%EOF\n"),
      headers: { "content-type": "application/pdf" },
    },
  },
  "DELETE /api/admin/courses/:id/lessons/:lessonId/resources/:fileId": { rule: write("catalog"), ok: 404 },
  "PUT /api/admin/courses/:id/lessons/:lessonId/captions/:language": {
    rule: write("catalog"),
    ok: 404,
    probe: {
      url: `/api/admin/courses/${MISSING}/lessons/${MISSING}/captions/en`,
      payload: Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n"),
      headers: { "content-type": "text/vtt" },
    },
  },
  "DELETE /api/admin/courses/:id/lessons/:lessonId/captions/:language": {
    rule: write("catalog"),
    ok: 404,
    probe: { url: `/api/admin/courses/${MISSING}/lessons/${MISSING}/captions/en` },
  },
  "GET /api/admin/categories": { rule: read("catalog"), ok: 200 },
  "POST /api/admin/categories": {
    rule: write("catalog"),
    ok: 201,
    probe: (c) => body({ name: translatable(`Probe ${c.unique()}`) }),
  },
  "GET /api/admin/categories/:id": { rule: read("catalog"), ok: 404 },
  "PATCH /api/admin/categories/:id": { rule: write("catalog"), ok: 404, probe: body({ position: 1 }) },
  "DELETE /api/admin/categories/:id": { rule: write("catalog"), ok: 404 },
  "POST /api/admin/categories/:id/icon": {
    rule: write("catalog"),
    ok: 404,
    probe: (c) => ({ payload: c.png, headers: { "content-type": "image/png" } }),
  },
  "GET /api/admin/customers/:customerId/enrolments": { rule: read("customers"), ok: 404 },
  "POST /api/admin/customers/:customerId/enrolments": {
    rule: write("customers"),
    ok: 404,
    probe: body({ courseId: MISSING }),
  },
  "DELETE /api/admin/customers/:customerId/enrolments/:courseId": { rule: write("customers"), ok: 404 },
  // ---------------------------------------------------------------- point of sale
  "GET /api/pos/state": { rule: read("pos"), ok: 200 },
  "POST /api/pos/cashier": {
    rule: write("pos"),
    ok: 422,
    probe: body({ staffId: MISSING, pin: "1234" }),
    note: "nobody with this id may work the counter",
  },
  "DELETE /api/pos/cashier": { rule: write("pos"), ok: 204 },
  "GET /api/pos/catalog": { rule: read("pos"), ok: 200 },
  "GET /api/pos/barcodes/:code": {
    rule: read("pos"),
    ok: 404,
    probe: { url: "/api/pos/barcodes/no-such-code" },
  },
  "GET /api/pos/customers": { rule: write("pos"), ok: 200 },
  "POST /api/pos/customers": {
    rule: write("pos"),
    ok: 201,
    probe: (c) => body({ name: "Probe", email: `${c.unique()}@example.org` }),
  },
  "POST /api/pos/quote": {
    rule: write("pos"),
    ok: 200,
    probe: body({ items: [{ productId: MISSING, quantity: 1 }] }),
  },
  "POST /api/pos/sales": {
    rule: write("pos"),
    ok: 401,
    probe: body({
      items: [{ productId: MISSING, quantity: 1 }],
      payments: [{ method: "cash", amountCents: 100 }],
    }),
    note: "no cashier has identified by PIN on the caller's session",
  },
  "GET /api/pos/orders/:orderId/receipt": { rule: read("pos"), ok: 404 },
  "GET /api/pos/tables": { rule: read("pos"), ok: 200 },
  "GET /api/pos/parked": { rule: read("pos"), ok: 200 },
  "POST /api/pos/parked": {
    rule: write("pos"),
    ok: 401,
    probe: body({ items: [{ productId: MISSING, quantity: 1 }] }),
    note: "no cashier has identified by PIN on the caller's session",
  },
  "GET /api/pos/parked/:parkedId": { rule: read("pos"), ok: 404 },
  "PUT /api/pos/parked/:parkedId": {
    rule: write("pos"),
    ok: 401,
    probe: body({ items: [{ productId: MISSING, quantity: 1 }] }),
    note: "no cashier has identified by PIN on the caller's session",
  },
  "DELETE /api/pos/parked/:parkedId": {
    rule: write("pos"),
    ok: 401,
    note: "no cashier has identified by PIN on the caller's session",
  },
  "POST /api/pos/parked/:parkedId/kitchen": {
    rule: write("pos"),
    ok: 401,
    note: "no cashier has identified by PIN on the caller's session",
  },
  "GET /api/pos/parked/:parkedId/kitchen-ticket": { rule: read("pos"), ok: 404 },
  "GET /api/admin/pos-tables": { rule: read("settings"), ok: 200 },
  "POST /api/admin/pos-tables": {
    rule: write("settings"),
    ok: 201,
    probe: (c) => body({ name: `Probe ${c.unique()}` }),
  },
  "PUT /api/admin/pos-tables/:tableId": { rule: write("settings"), ok: 404, probe: body({ name: "Probe" }) },
  "DELETE /api/admin/pos-tables/:tableId": { rule: write("settings"), ok: 404 },
  "GET /api/pos/orders": { rule: read("pos"), ok: 200 },
  "GET /api/pos/orders/:orderId": { rule: read("pos"), ok: 404 },
  "GET /api/pos/orders/:orderId/return-receipt": { rule: read("pos"), ok: 404 },
  "POST /api/pos/orders/:orderId/returns": {
    rule: write("pos"),
    ok: 401,
    probe: body({ lineIds: [MISSING], restock: true }),
    note: "no cashier has identified by PIN on the caller's session",
  },
  "GET /api/admin/pos-settings": { rule: read("settings"), ok: 200 },
  "PUT /api/admin/pos-settings": { rule: write("settings"), ok: 200, probe: body(DEFAULT_POS_SETTINGS) },
  "PUT /api/admin/staff/:id/pin": { rule: write("staff"), ok: 404, probe: body({ pin: "1234" }) },
  "PUT /api/admin/account/pin": {
    rule: STAFF_ANY,
    ok: 422,
    probe: body({ currentPassword: "not-the-password", pin: "1234" }),
    note: "a wrong current password, so nothing changes",
  },
  "GET /api/admin/attributes": { rule: read("catalog"), ok: 200 },
  "POST /api/admin/attributes": {
    rule: write("catalog"),
    ok: 201,
    probe: body({
      title: translatable("Probe"),
      displayName: translatable("Probe"),
      optionType: "dropdown",
      values: [{ label: translatable("One") }],
    }),
  },
  "GET /api/admin/attributes/:id": { rule: read("catalog"), ok: 404 },
  "PATCH /api/admin/attributes/:id": { rule: write("catalog"), ok: 404, probe: body({ published: true }) },
  "DELETE /api/admin/attributes/:id": { rule: write("catalog"), ok: 404 },
  "GET /api/admin/products": { rule: read("catalog"), ok: 200 },
  "POST /api/admin/products": {
    rule: write("catalog"),
    ok: 201,
    probe: (c) => body({ type: "physical", title: translatable(`Probe ${c.unique()}`), priceCents: 1000 }),
  },
  "GET /api/admin/products/:id": { rule: read("catalog"), ok: 404 },
  "PATCH /api/admin/products/:id": { rule: write("catalog"), ok: 404, probe: body({ priceCents: 1000 }) },
  "DELETE /api/admin/products/:id": { rule: write("catalog"), ok: 404 },
  "POST /api/admin/products/:id/stock": { rule: write("catalog"), ok: 404, probe: body({ change: 1 }) },
  "GET /api/admin/products/:id/stock-history": { rule: read("catalog"), ok: 404 },
  "POST /api/admin/products/:id/images": {
    rule: write("catalog"),
    ok: 404,
    probe: (c) => ({ payload: c.png, headers: { "content-type": "image/png" } }),
  },
  "POST /api/admin/products/:id/file": {
    rule: write("catalog"),
    ok: 404,
    probe: {
      url: `/api/admin/products/${MISSING}/file?name=pack.pdf`,
      payload: Buffer.from("%PDF-1.4"),
      headers: { "content-type": "application/pdf" },
    },
  },
  "GET /api/admin/product-settings": { rule: read("catalog"), ok: 200 },
  "PUT /api/admin/product-settings": {
    rule: write("catalog"),
    ok: 200,
    probe: body({
      unitSystem: "metric",
      lengthUnit: "cm",
      weightUnit: "g",
      volumeUnit: "ml",
      imagesPerProduct: 5,
      lowStockThreshold: 5,
      childProducts: false,
    }),
  },
};

/**
 * The status `caller` must get for a probe of `rule` whose permitted answer is `ok`. Anything
 * else — a denied caller answered 200, an allowed one answered 401/403, or any other status — is
 * a failure: the test compares exact statuses.
 */
export function expectedStatus(rule: Rule, ok: number, caller: Caller): number {
  const staffAllows = (area: Area, level: "read" | "write") =>
    caller.kind === "staff" && allows(caller.permissions, area, level);
  switch (rule.kind) {
    case "public":
      return ok;
    case "customer":
      return caller.kind === "customer" ? ok : 401;
    case "staff":
      if (caller.kind === "staff") return staffAllows(rule.area, rule.level) ? ok : 403;
      return caller.kind === "customer" ? (rule.customer ?? 401) : 401;
    case "signed-in-staff":
      return caller.kind === "staff" ? ok : 401;
    case "own-record":
      if (caller.kind === "staff") return staffAllows("customers", rule.level) ? ok : 403;
      if (caller.kind === "customer") return rule.owner ? ok : 404;
      return 401;
    case "buyer-or-staff":
      if (caller.kind === "staff") return staffAllows("orders", "read") ? ok : 403;
      return ok;
    case "enrolled":
    case "buyer":
      return caller.kind === "customer" ? ok : 401;
    case "operator":
      return 401;
  }
}
