import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { courses } from "./catalog.tables";

const ctx = adminTestContext();
const { call } = ctx;
let cashier: TestStaff;

beforeAll(async () => {
  cashier = await createStaff(ctx.t, ctx.companyId, "Cashier");
});

const ageGroup = {
  title: { en: "Age group", nl: "Leeftijdsgroep" },
  displayName: { en: "Age" },
  optionType: "dropdown",
  values: [{ label: { en: "Kids" } }, { label: { en: "Adults", nl: "Volwassenen" } }],
};

describe("/api/admin/attributes", () => {
  it("creates, finds, edits and deletes an attribute; removed values leave the courses", async () => {
    const created = await call("POST", "/api/admin/attributes", ctx.admin.token, ageGroup);
    expect(created.status).toBe(201);
    expect(created.body.values).toHaveLength(2);
    const [, adults] = created.body.values;

    const found = await call("GET", "/api/admin/attributes?searchText=leeftijd", ctx.admin.token);
    expect(found.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id);

    const course = (await call("GET", "/api/admin/courses?limit=1", ctx.admin.token)).body.items[0];
    // A dropdown takes one value on a course; the edit below then removes Kids from the attribute.
    expect(
      (
        await call("PATCH", `/api/admin/courses/${course.id}`, ctx.admin.token, {
          attributeValues: { [created.body.id]: [adults.id] },
        })
      ).status,
    ).toBe(200);

    const edited = await call("PATCH", `/api/admin/attributes/${created.body.id}`, ctx.admin.token, {
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
    const [row] = await ctx.t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.attributeValues[created.body.id]).toEqual([adults.id]);

    expect((await call("DELETE", `/api/admin/attributes/${created.body.id}`, ctx.admin.token)).status).toBe(
      204,
    );
    const [after] = await ctx.t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(after!.attributeValues[created.body.id]).toBeUndefined();
    expect((await call("GET", `/api/admin/attributes/${created.body.id}`, ctx.admin.token)).status).toBe(404);
  });

  it("validates (400), needs a session (401) and permission (403), and stays in its company", async () => {
    expect(
      (await call("POST", "/api/admin/attributes", ctx.admin.token, { ...ageGroup, optionType: "checkbox" }))
        .status,
    ).toBe(400);
    expect(
      (await call("POST", "/api/admin/attributes", ctx.admin.token, { ...ageGroup, title: { en: "" } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call("POST", "/api/admin/attributes", ctx.admin.token, {
          ...ageGroup,
          values: [{ label: { en: "" } }],
        })
      ).status,
    ).toBe(400);
    // A value listed twice (whatever its case or spaces) is refused, naming it; nothing is stored.
    const twice = await call("POST", "/api/admin/attributes", ctx.admin.token, {
      ...ageGroup,
      title: { en: "Pace" },
      values: [{ label: { en: "Self-paced" } }, { label: { en: "Live" } }, { label: { en: " self-paced" } }],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(
      'The value \\"self-paced\\" is listed twice: each value can be listed only once',
    );
    const paces = await call("GET", "/api/admin/attributes?searchText=Pace", ctx.admin.token);
    expect(JSON.stringify(paces.body)).not.toContain("Self-paced");
    expect((await call("GET", "/api/admin/attributes")).status).toBe(401);
    expect((await call("GET", "/api/admin/attributes", ctx.driver.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/attributes", cashier.token)).status).toBe(200);
    expect((await call("POST", "/api/admin/attributes", cashier.token, ageGroup)).status).toBe(403);
    const mine = (await call("POST", "/api/admin/attributes", ctx.admin.token, ageGroup)).body;
    const theirs = await call("GET", `/api/admin/attributes/${mine.id}`, ctx.other.admin.token, undefined, {
      company: ctx.other.slug,
    });
    expect(theirs.status).toBe(404);
    const list = await call("GET", "/api/admin/attributes", ctx.other.admin.token, undefined, {
      company: ctx.other.slug,
    });
    expect(list.body.total).toBe(0);
  });
});
