import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerAndStranger } from "../../tests/support/learner-sessions";
import { createStaff } from "../../tests/support/staff";
import { createTestApp, type TestApp } from "../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const json = { "content-type": "application/json" };

describe("text that is not valid Unicode", () => {
  it("is refused with 400 wherever it sits in a JSON body, and nothing is saved", async () => {
    const { companyId, demoId, learner } = await learnerAndStranger(t);
    const staff = await createStaff(t, companyId, "Driver", { name: "Dora" });
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/admin/profile",
      headers: { authorization: `Bearer ${staff.token}`, ...json },
      // A lone surrogate: half of a character, which PostgreSQL refuses in json columns.
      payload: '{"name":{"en":"Ann\\ud800"}}',
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(profile.json().message).toContain("not valid Unicode");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(me.json().staff.name).toEqual({ en: "Dora" });

    const update = await t.app.inject({
      method: "PUT",
      url: `/api/customer/student-update/${demoId}`,
      headers: { ...learner, ...json },
      payload: '{"name":"Ella","address":"Street \\udfff 1"}',
    });
    expect(update.statusCode).toBe(400);
    const key = await t.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: json,
      payload: '{"courseIds":["00000000-0000-4000-8000-000000000000"],"\\ud83d":1}',
    });
    expect(key.statusCode).toBe(400);
  });

  it("lets whole characters through, emoji and other scripts included", async () => {
    const companyId = (await t.app.services.companies.resolve(undefined))!.id;
    const staff = await createStaff(t, companyId, "Driver");
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/admin/profile",
      headers: { authorization: `Bearer ${staff.token}`, ...json },
      payload: JSON.stringify({ name: { en: "Ann 🎓 שלום" } }),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().name).toEqual({ en: "Ann 🎓 שלום" });
  });
});
