import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCompany } from "~server/seed/factories";
import { fingerprint, furnishSchool, rowIds, type SchoolHandles } from "../support/school-fixtures";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Two schools with the same shapes of data. School A's staff, learners and visitors aim every API
 * route and file URL at school B's ids: each answers 404, no answer names anything of B, and B's rows
 * and files are the same afterwards. Each attack first runs against A's own id (the control), so a
 * 404 means "not in this school" and not "wrong request".
 */
let t: TestApp;
let dataDir: string;
let before: Record<string, string>;
let filesBefore: Record<string, string>;
let secretsOfB: string[];

type Who = "admin" | "learner" | "visitor";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Attack {
  who: Who;
  method: Method;
  url: (h: SchoolHandles) => string;
  body?: (h: SchoolHandles) => unknown;
  /** false: no control run on A (deletes, or a second attack on the same route). */
  control?: boolean;
  /** The answer expected for B's ids: 404 unless said otherwise. */
  status?: number;
}

async function call(
  who: Who,
  method: Method,
  url: string,
  payload?: unknown,
  extra: Record<string, string> = {},
) {
  const headers =
    who === "admin"
      ? { authorization: `Bearer ${A.admin.token}` }
      : who === "learner"
        ? A.learner.headers
        : {};
  const response = await t.app.inject({
    method,
    url,
    headers: { ...headers, ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body };
}

/** The ids, file addresses and emails of school B that appear in `text`, beyond those the request named. */
const leaked = (text: string, sent = "") =>
  secretsOfB.filter((secret) => text.includes(secret) && !sent.includes(secret));

const files = (h: SchoolHandles) => [
  join(dataDir, "media", h.media.video),
  join(dataDir, h.media.courseImage),
  join(dataDir, h.media.categoryIcon),
];
async function fileDigests(h: SchoolHandles) {
  const digests: Record<string, string> = {};
  for (const path of files(h))
    digests[path] = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  return digests;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tenant-isolation-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  const home = (await t.app.services.companies.resolve(undefined))!;
  const other = await insertCompany(t.database.db, { slug: "school-b", name: "School B" });
  A = await furnishSchool(t, { ...home, isDefault: true }, "a");
  B = await furnishSchool(t, { ...other, isDefault: false }, "b");
  before = await fingerprint(t, B.companyId);
  filesBefore = await fileDigests(B);
  secretsOfB = [
    ...(await rowIds(t, B.companyId)),
    B.media.courseImage,
    B.media.categoryIcon,
    B.media.video,
    "learner.b@isolation.example",
    "customer.b@isolation.example",
    "admin.b@isolation.example",
    "School B",
  ];
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const attacks: Attack[] = [
  // Storefront and learner area.
  { who: "visitor", method: "GET", url: (h) => `/api/courses/${h.course.id}` },
  { who: "visitor", method: "GET", url: (h) => `/api/courses/${h.course.id}/reviews` },
  { who: "learner", method: "GET", url: (h) => `/api/courses/${h.course.id}/progress` },
  // Quizzes: A's learner cannot see or answer B's quiz lessons; A's staff cannot edit them or see B's learners.
  { who: "learner", method: "GET", url: (h) => `/api/lessons/${h.course.lessonIds[1]}/quiz`, control: false },
  {
    who: "learner",
    method: "POST",
    url: (h) => `/api/lessons/${h.course.lessonIds[1]}/quiz/attempts`,
    body: () => ({ answers: {} }),
    control: false,
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/courses/${h.course.id}/lessons/${h.course.lessonIds[1]}/quiz`,
    body: () => ({
      passPercent: 50,
      questions: [{ kind: "true-false", prompt: { en: "Isolated?" }, answer: true }],
    }),
    control: false,
  },
  { who: "admin", method: "GET", url: (h) => `/api/admin/courses/${h.course.id}/progress` },
  {
    who: "learner",
    method: "PUT",
    url: (h) => `/api/lessons/${h.course.lessonIds[0]}/progress`,
    body: () => ({ positionSeconds: 12 }),
  },
  {
    who: "learner",
    method: "POST",
    url: (h) => `/api/courses/${h.course.id}/reviews`,
    body: () => ({ rating: 4, body: "Fine" }),
    control: false,
  },
  { who: "learner", method: "GET", url: (h) => `/api/orders/${h.order.id}` },
  { who: "learner", method: "GET", url: (h) => `/api/invoices/${h.order.invoiceId}` },
  {
    who: "learner",
    method: "POST",
    url: (h) => `/api/checkout/${h.pendingOrderId}/pay`,
    body: () => ({ card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" } }),
    control: false,
  },
  // Back office: catalogue.
  { who: "admin", method: "GET", url: (h) => `/api/admin/courses/${h.course.id}` },
  {
    who: "admin",
    method: "PATCH",
    url: (h) => `/api/admin/courses/${h.course.id}`,
    body: () => ({ instructor: "Changed" }),
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/courses/${h.course.id}/lessons/order`,
    body: (h) => ({ ids: [...h.course.lessonIds] }),
  },
  {
    who: "admin",
    method: "POST",
    url: (h) => `/api/admin/courses/${h.course.id}/lessons`,
    body: () => ({ title: { en: "Extra lesson" }, durationSeconds: 60 }),
  },
  {
    who: "admin",
    method: "PATCH",
    url: (h) => `/api/admin/courses/${h.course.id}/lessons/${h.course.lessonIds[0]}`,
    body: () => ({ durationSeconds: 61 }),
  },
  {
    who: "admin",
    method: "PATCH",
    url: (h) => `/api/admin/courses/${A.course.id}/lessons/${h.course.lessonIds[0]}`,
    body: () => ({ durationSeconds: 62 }),
    control: false,
  },
  {
    who: "admin",
    method: "POST",
    url: () => "/api/admin/courses/bulk",
    body: (h) => ({ action: "unpublish", ids: [h.course.id] }),
    control: false,
  },
  { who: "admin", method: "GET", url: (h) => `/api/admin/categories/${h.categoryId}` },
  {
    who: "admin",
    method: "PATCH",
    url: (h) => `/api/admin/categories/${h.categoryId}`,
    body: () => ({ position: 3 }),
  },
  { who: "admin", method: "GET", url: (h) => `/api/admin/attributes/${h.attributeId}` },
  {
    who: "admin",
    method: "PATCH",
    url: (h) => `/api/admin/attributes/${h.attributeId}`,
    body: () => ({ published: false }),
  },
  // Coupons, content, international.
  { who: "admin", method: "GET", url: (h) => `/api/admin/coupons/${h.couponId}` },
  { who: "admin", method: "GET", url: (h) => `/api/admin/faqs/${h.faqId}` },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/faqs/${h.faqId}`,
    body: () => ({ question: { en: "Changed?" }, answer: { en: "Changed." } }),
  },
  {
    who: "admin",
    method: "POST",
    url: (h) => `/api/admin/faqs/${h.faqId}/move`,
    body: () => ({ direction: "up" }),
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/languages/${h.languageId}`,
    body: () => ({ name: "Deutsch (DE)", isoCode: "de", languageCode: "de-DE" }),
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/currencies/${h.currencyId}`,
    body: () => ({ name: "Franc", symbol: "CHF", isoCode: "CHF", exchangeRate: "0.96", enabled: false }),
  },
  // Customers, orders, invoices.
  { who: "admin", method: "GET", url: (h) => `/api/customer/${h.customerId}` },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/customer/${h.customerId}`,
    body: () => ({ phone: "+31 6 1234 5678" }),
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/customer/student-update/${h.customerId}`,
    body: () => ({ address: "Elsewhere 1" }),
  },
  { who: "admin", method: "POST", url: (h) => `/api/customer/filter/${h.learner.id}`, body: () => ({}) },
  { who: "admin", method: "GET", url: (h) => `/api/admin/invoices/${h.order.invoiceId}/pdf` },
  {
    who: "admin",
    method: "POST",
    url: (h) => `/api/orders/${h.order.id}/returns`,
    body: (h) => ({ lineIds: [h.order.lineId], restock: false }),
    control: false,
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/orders/${h.pendingOrderId}`,
    body: () => ({ status: "processing" }),
    control: false,
  },
  // Staff.
  { who: "admin", method: "GET", url: (h) => `/api/admin/staff/${h.staffMember.id}` },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/staff/${h.staffMember.id}`,
    body: () => ({ phone: "+31 6 8765 4321" }),
  },
  {
    who: "admin",
    method: "PUT",
    url: (h) => `/api/admin/staff/${h.staffMember.id}`,
    body: (h) => ({ roleId: h === B ? A.managerRoleId : h.managerRoleId }),
    control: false,
  },
  {
    who: "admin",
    method: "PUT",
    url: () => `/api/admin/staff/${A.staffMember.id}`,
    body: (h) => ({ roleId: h.managerRoleId }),
    control: false,
    status: 422,
  },
  // Files: lesson videos and invoice PDFs are the school's own.
  { who: "visitor", method: "GET", url: (h) => `/api/lessons/${h.course.freeLessonId}/video` },
  { who: "learner", method: "GET", url: (h) => `/api/lessons/${h.course.lessonIds[1]}/video` },
  { who: "learner", method: "GET", url: (h) => `/api/invoices/${h.order.invoiceId}/pdf` },
  // Deletes last: only ever aimed at B.
  ...(
    [
      (h) => `/api/admin/courses/${h.course.id}/lessons/${h.course.lessonIds[2]}`,
      (h) => `/api/admin/courses/${h.course.id}`,
      (h) => `/api/admin/categories/${h.categoryId}`,
      (h) => `/api/admin/attributes/${h.attributeId}`,
      (h) => `/api/admin/coupons/${h.couponId}`,
      (h) => `/api/admin/faqs/${h.faqId}`,
      (h) => `/api/admin/languages/${h.languageId}`,
      (h) => `/api/admin/currencies/${h.currencyId}`,
      (h) => `/api/customer/${h.customerId}`,
      (h) => `/api/admin/staff/${h.staffMember.id}`,
    ] satisfies ((h: SchoolHandles) => string)[]
  ).map((url): Attack => ({ who: "admin", method: "DELETE", url, control: false })),
];

/** Stands in for a school's handles in test names: `${h.course.id}` reads ":course.id". */
const named = (path: string): SchoolHandles =>
  new Proxy(() => undefined, {
    get: (_target, key) =>
      key === Symbol.toPrimitive ? () => `:${path}` : named(path ? `${path}.${String(key)}` : String(key)),
  }) as unknown as SchoolHandles;

// Until beforeAll furnishes them, the schools are names (for the attacks' test names).
let A = named("A");
let B = named("B");

describe("school A cannot reach school B", () => {
  it.each(
    attacks.map((attack) => [`${attack.who} ${attack.method} ${attack.url(named(""))}`, attack] as const),
  )("%s", async (_name, attack) => {
    if (attack.control !== false) {
      const own = await call(attack.who, attack.method, attack.url(A), attack.body?.(A));
      expect(own.status, `control on A: ${own.body.slice(0, 300)}`).toBeLessThan(300);
    }
    const url = attack.url(B);
    const body = attack.body?.(B);
    const response = await call(attack.who, attack.method, url, body);
    expect(response.status, response.body.slice(0, 300)).toBe(attack.status ?? 404);
    expect(leaked(response.body, url + JSON.stringify(body ?? null))).toEqual([]);
  });

  it("neither deletes B's coupons in bulk nor prices B's courses", async () => {
    const deleted = await call("admin", "POST", "/api/admin/coupons/delete", { ids: [B.couponId] });
    expect(deleted.status).toBe(200);
    expect(JSON.parse(deleted.body)).toMatchObject({ count: 0 });
    const quote = await call("learner", "POST", "/api/checkout/quote", { courseIds: [B.course.id] });
    expect(quote.status, quote.body).toBe(200);
    expect(JSON.parse(quote.body)).toMatchObject({ lines: [], unavailable: [B.course.id], totalCents: 0 });
    expect(leaked(quote.body, B.course.id)).toEqual([]);
  });

  it("lists nothing of B anywhere", async () => {
    const lists: [Who, string][] = [
      ["admin", "/api/admin/courses?limit=100"],
      ["admin", "/api/admin/categories"],
      ["admin", "/api/admin/attributes"],
      ["admin", "/api/admin/coupons?limit=100"],
      ["admin", "/api/admin/faqs"],
      ["admin", "/api/admin/pages"],
      ["admin", "/api/admin/email-templates"],
      ["admin", "/api/admin/languages"],
      ["admin", "/api/admin/currencies"],
      ["admin", "/api/admin/staff?limit=100"],
      ["admin", "/api/admin/roles"],
      ["admin", "/api/customer?limit=100"],
      ["admin", "/api/orders?limit=100"],
      ["admin", "/api/admin/orders/export"],
      ["admin", "/api/admin/audit-log?limit=100"],
      ["admin", "/api/admin/dashboard"],
      ["admin", "/api/admin/settings/global"],
      ["admin", "/api/admin/me"],
      ["visitor", "/api/courses?limit=100"],
      ["visitor", "/api/categories"],
      ["learner", "/api/customer-courses"],
      ["learner", "/api/invoices"],
    ];
    for (const [who, url] of lists) {
      const response = await call(who, "GET", url);
      expect(response.status, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(leaked(response.body), url).toEqual([]);
    }
  });

  it("does not let A's sessions into B by naming B in the company header or cookie", async () => {
    const asB = { company: "school-b" };
    for (const url of ["/api/admin/me", "/api/admin/courses", `/api/admin/courses/${B.course.id}`]) {
      const byHeader = await call("admin", "GET", url, undefined, asB);
      expect(byHeader.status, url).toBe(401);
      const byCookie = await t.app.inject({
        url,
        headers: { cookie: `admin_session=${A.admin.token}; company=school-b` },
      });
      expect(byCookie.statusCode, url).toBe(401);
      expect(leaked(byHeader.body + byCookie.body)).toEqual([]);
    }
    const learnerInB = await call("learner", "GET", "/api/customer-courses", undefined, asB);
    expect(learnerInB.status).toBe(401);
    const changed = await call(
      "admin",
      "PATCH",
      `/api/admin/courses/${B.course.id}`,
      { instructor: "X" },
      asB,
    );
    expect(changed.status).toBe(401);
  });

  it("leaves B's rows and files exactly as they were", async () => {
    expect(await fingerprint(t, B.companyId)).toEqual(before);
    expect(await fileDigests(B)).toEqual(filesBefore);
  });
});
