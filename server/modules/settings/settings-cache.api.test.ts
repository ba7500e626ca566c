import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestInstances, type TestInstances } from "../../../tests/support/test-app";
import { createPageCache } from "../../web/page-cache";
import { renderedPage } from "../../web/rendered-page";
import type { CourseList } from "../catalog/catalog.schemas";
import type { Quote } from "../checkout/checkout.schemas";
import { companies } from "../companies/companies.tables";

/**
 * Two instances of the app on one database: what an admin changes through one is what visitors
 * of the other get at once (each instance caches settings, currencies and pages per company).
 */
let instances: TestInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let companyId: string;
let admin: TestStaff;
let courseId: string;

beforeAll(async () => {
  instances = await createTestInstances(2);
  [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  companyId = (await a.services.companies.resolve(undefined))!.id;
  admin = await createStaff({ ...instances, app: a }, companyId, "Admin");
  const list = (await b.inject({ url: "/api/courses?limit=1" })).json<CourseList>();
  courseId = list.courses[0]!.id;
});

afterAll(async () => {
  await instances?.close();
});

async function quote(app: FastifyInstance, currency?: string): Promise<Quote> {
  const response = await app.inject({
    method: "POST",
    url: `/api/checkout/quote${currency ? `?currency=${currency}` : ""}`,
    payload: { courseIds: [courseId] },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Quote>();
}

async function adminCall(app: FastifyInstance, method: "GET" | "PUT", url: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin.token}` },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
  return response.json<any>();
}

/**
 * Changes the shop currency through instance A's settings service (the admin API refuses it once
 * the school has orders, as the seeded one does; the cache path is the same).
 */
async function setShopCurrency(currency: string) {
  const global = await a.services.settings.read(companyId, "global");
  await a.services.settings.write(companyId, "global", { ...global, currency });
}

describe("a write on one instance", () => {
  it("a settings change reaches the other instance's public API", async () => {
    expect((await quote(b)).currency).toBe("EUR");
    await setShopCurrency("USD");
    await vi.waitFor(async () => expect((await quote(b)).currency).toBe("USD"), { timeout: 2000 });
    await setShopCurrency("EUR");
    await vi.waitFor(async () => expect((await quote(b)).currency).toBe("EUR"), { timeout: 2000 });
  });

  it("a currency change reaches the other instance's public API", async () => {
    const before = await quote(b, "USD");
    expect(before.currency).toBe("USD");
    const list = await adminCall(a, "GET", "/api/admin/currencies?limit=50");
    const usd = list.items.find((currency: { isoCode: string }) => currency.isoCode === "USD");
    const { id, isShopCurrency: _, updatedAt: __, rateUpdatedAt: ___, rateError: ____, ...input } = usd;
    const doubled = String(Number(usd.exchangeRate) * 2);
    await adminCall(a, "PUT", `/api/admin/currencies/${id}`, { ...input, exchangeRate: doubled });
    await vi.waitFor(
      async () => expect((await quote(b, "USD")).subtotalCents).toBeGreaterThan(before.subtotalCents),
      { timeout: 2000 },
    );
  });

  it("drops the company's storefront pages on the other instance", async () => {
    const pages = createPageCache({ bus: b.services.cacheBus });
    let renders = 0;
    const page = {
      nonce: "n",
      render: async () => {
        renders++;
        return renderedPage(
          new Response(`<p nonce="n">${renders}</p>`, { headers: { "content-type": "text/html" } }),
        );
      },
      passThrough: () => {},
      onBackgroundError: () => {},
    };
    await pages.get(companyId, "home", page);
    await pages.get(companyId, "home", page);
    expect(renders).toBe(1);
    await setShopCurrency("EUR");
    await vi.waitFor(
      async () => {
        await pages.get(companyId, "home", page);
        expect(renders).toBe(2);
      },
      { timeout: 2000 },
    );
  });

  it("a school's suspension reaches the other instance's tenancy at once, not after the 30 s its lookup is kept", async () => {
    const suspend = async (at: Date | null) => {
      await instances.database.db
        .update(companies)
        .set({ suspendedAt: at })
        .where(eq(companies.id, companyId));
      a.services.schoolAddresses.forget(companyId);
    };
    expect(await b.services.schoolAddresses.isSuspended(companyId)).toBe(false);
    try {
      await suspend(new Date());
      await vi.waitFor(
        async () => expect(await b.services.schoolAddresses.isSuspended(companyId)).toBe(true),
        { timeout: 2000 },
      );
    } finally {
      await suspend(null);
    }
    await vi.waitFor(
      async () => expect(await b.services.schoolAddresses.isSuspended(companyId)).toBe(false),
      { timeout: 2000 },
    );
  });
});
