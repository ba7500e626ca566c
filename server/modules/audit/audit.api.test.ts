import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../seed/factories";
import type { AuditList } from "./audit.schemas";

let t: TestApp;
let companyId: string;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
  admin = await createStaff(t, companyId, "Admin");
  const { audit } = t.app.services;
  const staff = { id: admin.id, email: admin.email };
  await t.database.db.transaction(async (tx) => {
    await audit.record(tx, {
      companyId,
      staff,
      action: "create",
      entity: "course",
      entityId: "c-1",
      summary: "Algebra 100%_done",
    });
    await audit.record(tx, {
      companyId,
      staff,
      action: "update",
      entity: "course",
      entityId: "c-1",
      summary: "Algebra",
      changes: { price: { from: 1000, to: 1200 } },
    });
    await audit.record(tx, {
      companyId,
      staff: null,
      action: "delete",
      entity: "coupon",
      entityId: "k-9",
      summary: "SPRING",
    });
  });
});
afterAll(() => t.close());

const get = async (url: string, token?: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
};

describe("GET /api/admin/audit-log", () => {
  it("lists entries newest first with totals and the entity kinds", async () => {
    const { status, body } = await get("/api/admin/audit-log", admin.token);
    expect(status).toBe(200);
    const list = body as AuditList;
    expect(list).toMatchObject({ total: 3, page: 1, limit: 20, pages: 1, entities: ["coupon", "course"] });
    expect(list.items.map((item) => item.action)).toEqual(["delete", "update", "create"]);
    expect(list.items[0]).toMatchObject({ staff: null, entity: "coupon", summary: "SPRING" });
    expect(list.items[1]).toMatchObject({
      staff: { id: admin.id, email: admin.email },
      changes: { price: { from: 1000, to: 1200 } },
    });
  });

  it("filters by entity and action, searches literally, sorts and pages", async () => {
    expect((await get("/api/admin/audit-log?entity=course", admin.token)).body.total).toBe(2);
    expect((await get("/api/admin/audit-log?action=delete", admin.token)).body.total).toBe(1);
    const search = await get(`/api/admin/audit-log?searchText=${encodeURIComponent("100%_")}`, admin.token);
    expect(search.body.items.map((item: { summary: string }) => item.summary)).toEqual(["Algebra 100%_done"]);
    const sorted = await get("/api/admin/audit-log?sort=action&order=asc", admin.token);
    expect(sorted.body.items.map((item: { action: string }) => item.action)).toEqual([
      "create",
      "delete",
      "update",
    ]);
    const paged = await get("/api/admin/audit-log?limit=2&page=2", admin.token);
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2, pages: 2 });
    expect(paged.body.items).toHaveLength(1);
  });

  it("rejects bad query parameters with 400", async () => {
    for (const query of ["page=0", "limit=101", "order=up", "sort=password", "action=read", "unknown=1"]) {
      const { status, body } = await get(`/api/admin/audit-log?${query}`, admin.token);
      expect(status, query).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("is 401 without a staff session and 403 for a role that may not read the staff area", async () => {
    expect((await get("/api/admin/audit-log")).status).toBe(401);
    const driver = await createStaff(t, companyId, "Driver");
    expect((await get("/api/admin/audit-log", driver.token)).status).toBe(403);
    const manager = await createStaff(t, companyId, "Manager");
    expect((await get("/api/admin/audit-log", manager.token)).status).toBe(200);
  });

  it("shows only the company's own entries", async () => {
    const other = await insertCompany(t.database.db, {
      slug: `audit-other-${Date.now()}`,
      name: "Other School",
    });
    const otherAdmin = await createStaff(t, other.id, "Admin");
    const { status, body } = await get("/api/admin/audit-log", otherAdmin.token, { company: other.slug });
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    // Their token does not work for the default company either.
    expect((await get("/api/admin/audit-log", otherAdmin.token)).status).toBe(401);
  });
});
