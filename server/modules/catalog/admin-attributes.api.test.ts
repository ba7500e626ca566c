import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../db/seed/factories";
import { courses } from "./catalog.tables";

let t: TestApp;
let admin: TestStaff;
let cashier: TestStaff;
let driver: TestStaff;
let other: { slug: string; admin: TestStaff };

beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await t.app.services.companies.resolve(undefined))!.id;
  admin = await createStaff(t, companyId, "Admin");
  cashier = await createStaff(t, companyId, "Cashier");
  driver = await createStaff(t, companyId, "Driver");
  const company = await insertCompany(t.database.db, { slug: "other-school", name: "Other School" });
  other = { slug: company.slug, admin: await createStaff(t, company.id, "Admin") };
});
afterAll(() => t.close());

const call = async (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

const ageGroup = {
  title: { en: "Age group", nl: "Leeftijdsgroep" },
  displayName: { en: "Age" },
  optionType: "dropdown",
  values: [{ label: { en: "Kids" } }, { label: { en: "Adults", nl: "Volwassenen" } }],
};

describe("/api/admin/attributes", () => {
  it("creates, finds, edits and deletes an attribute; removed values leave the courses", async () => {
    const created = await call("POST", "/api/admin/attributes", admin.token, ageGroup);
    expect(created.status).toBe(201);
    expect(created.body.values).toHaveLength(2);
    const [kids, adults] = created.body.values;

    const found = await call("GET", "/api/admin/attributes?searchText=leeftijd", admin.token);
    expect(found.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id);

    const course = (await call("GET", "/api/admin/courses?limit=1", admin.token)).body.items[0];
    await call("PATCH", `/api/admin/courses/${course.id}`, admin.token, {
      attributeValues: { [created.body.id]: [kids.id, adults.id] },
    });

    const edited = await call("PATCH", `/api/admin/attributes/${created.body.id}`, admin.token, {
      optionType: "radio",
      values: [adults, { label: { en: "Seniors" } }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.optionType).toBe("radio");
    expect(edited.body.values.map((v: { label: { en: string } }) => v.label.en)).toEqual([
      "Adults",
      "Seniors",
    ]);
    expect(edited.body.values[0].id).toBe(adults.id);
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.attributeValues[created.body.id]).toEqual([adults.id]);

    expect((await call("DELETE", `/api/admin/attributes/${created.body.id}`, admin.token)).status).toBe(204);
    const [after] = await t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(after!.attributeValues[created.body.id]).toBeUndefined();
    expect((await call("GET", `/api/admin/attributes/${created.body.id}`, admin.token)).status).toBe(404);
  });

  it("validates (400), needs a session (401) and permission (403), and stays in its company", async () => {
    expect(
      (await call("POST", "/api/admin/attributes", admin.token, { ...ageGroup, optionType: "checkbox" }))
        .status,
    ).toBe(400);
    expect(
      (await call("POST", "/api/admin/attributes", admin.token, { ...ageGroup, title: { en: "" } })).status,
    ).toBe(400);
    expect(
      (
        await call("POST", "/api/admin/attributes", admin.token, {
          ...ageGroup,
          values: [{ label: { en: "" } }],
        })
      ).status,
    ).toBe(400);
    expect((await call("GET", "/api/admin/attributes")).status).toBe(401);
    expect((await call("GET", "/api/admin/attributes", driver.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/attributes", cashier.token)).status).toBe(200);
    expect((await call("POST", "/api/admin/attributes", cashier.token, ageGroup)).status).toBe(403);
    const mine = (await call("POST", "/api/admin/attributes", admin.token, ageGroup)).body;
    const theirs = await call("GET", `/api/admin/attributes/${mine.id}`, other.admin.token, undefined, {
      company: other.slug,
    });
    expect(theirs.status).toBe(404);
    const list = await call("GET", "/api/admin/attributes", other.admin.token, undefined, {
      company: other.slug,
    });
    expect(list.body.total).toBe(0);
  });
});
