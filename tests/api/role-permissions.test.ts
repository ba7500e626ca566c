import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Area } from "../../server/modules/staff/permissions";
import { DEFAULT_ROLES } from "../../server/modules/staff/permissions";
import { createStaff, type TestStaff } from "../support/staff";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Each role can do exactly what its permission matrix allows, through the API. For every area a
 * read probe (a list) and a write probe (a change to a record that does not exist: allowed → 404,
 * refused → 403) are sent by a staff member of every default role.
 */
const MISSING = "00000000-0000-4000-8000-000000000000";
type Probe = { method: "GET" | "PUT" | "DELETE"; url: string; payload?: unknown };
const PROBES: Record<Area, { read: Probe; write?: Probe }> = {
  dashboard: { read: { method: "GET", url: "/api/admin/dashboard" } },
  catalog: {
    read: { method: "GET", url: "/api/admin/courses" },
    write: { method: "DELETE", url: `/api/admin/courses/${MISSING}` },
  },
  customers: {
    read: { method: "GET", url: "/api/customer" },
    write: { method: "DELETE", url: `/api/customer/${MISSING}` },
  },
  orders: {
    read: { method: "GET", url: "/api/orders" },
    write: { method: "PUT", url: `/api/orders/${MISSING}`, payload: { status: "processing" } },
  },
  coupons: {
    read: { method: "GET", url: "/api/admin/coupons" },
    write: { method: "DELETE", url: `/api/admin/coupons/${MISSING}` },
  },
  staff: {
    read: { method: "GET", url: "/api/admin/staff" },
    write: { method: "DELETE", url: `/api/admin/staff/${MISSING}` },
  },
  settings: { read: { method: "GET", url: "/api/admin/settings/global" } },
  content: {
    read: { method: "GET", url: "/api/admin/faqs" },
    write: { method: "DELETE", url: `/api/admin/faqs/${MISSING}` },
  },
  international: {
    read: { method: "GET", url: "/api/admin/languages" },
    write: { method: "DELETE", url: `/api/admin/languages/${MISSING}` },
  },
};

let t: TestApp;
const members = new Map<string, TestStaff>();
beforeAll(async () => {
  t = await createTestApp();
  const company = await t.app.services.companies.resolve(undefined);
  for (const role of DEFAULT_ROLES) members.set(role.name, await createStaff(t, company!.id, role.name));
});
afterAll(async () => {
  await t?.close();
});

const send = (probe: Probe, token?: string) =>
  t.app.inject({
    method: probe.method,
    url: probe.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(probe.payload ? { payload: probe.payload } : {}),
  });

describe("the permission matrix, role by role, through the API", () => {
  for (const role of DEFAULT_ROLES) {
    for (const [area, probes] of Object.entries(PROBES) as [Area, (typeof PROBES)[Area]][]) {
      const level = role.permissions[area];
      it(`${role.name}: ${area} is ${level}`, async () => {
        const token = members.get(role.name)!.token;
        const read = await send(probes.read, token);
        if (level === "none") expect(read.statusCode).toBe(403);
        else expect(read.statusCode).toBe(200);
        if (probes.write) {
          const write = await send(probes.write, token);
          expect(write.statusCode).toBe(level === "write" ? 404 : 403);
        }
      });
    }
  }

  it("answers 401 to every probe without a staff session, and 403 to a signed-in customer", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email: "learner@example.com", password: "learn-with-joy-2024" },
    });
    const customerToken = login.json().token as string;
    for (const probes of Object.values(PROBES)) {
      for (const probe of [probes.read, probes.write].filter((p): p is Probe => Boolean(p))) {
        expect((await send(probe)).statusCode, `${probe.method} ${probe.url}`).toBe(401);
        const asCustomer = await send(probe, customerToken);
        expect([401, 403], `${probe.method} ${probe.url} as a customer`).toContain(asCustomer.statusCode);
      }
    }
  });
});
