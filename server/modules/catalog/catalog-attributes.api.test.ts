import { describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";

const ctx = adminTestContext();
const { call } = ctx;

const format = {
  title: { en: "Format", nl: "Vorm" },
  displayName: { en: "Format", nl: "Vorm" },
  optionType: "dropdown",
  values: [{ label: { en: "Self-paced", nl: "In eigen tempo" } }, { label: { en: "Live", nl: "Live" } }],
};
const age = {
  title: { en: "Age group" },
  displayName: { en: "Age", nl: "Leeftijd" },
  optionType: "radio",
  values: [{ label: { en: "Kids", nl: "Kinderen" } }, { label: { en: "Adults", nl: "Volwassenen" } }],
};

describe("attribute values in the storefront", () => {
  it("shows a course's values and filters the list by them, in English and Dutch", async () => {
    const made = [
      await call("POST", "/api/admin/attributes", ctx.admin.token, format),
      await call("POST", "/api/admin/attributes", ctx.admin.token, age),
    ];
    expect(made.map((answer) => answer.status)).toEqual([201, 201]);
    const [selfPaced, live] = made[0]!.body.values;
    const [kids] = made[1]!.body.values;
    const listed = (await call("GET", "/api/admin/courses?limit=3", ctx.admin.token)).body.items;
    const [a, b, c] = listed as { id: string; slug: string }[];
    const pick = async (id: string, values: Record<string, string[]>) =>
      expect(
        (await call("PATCH", `/api/admin/courses/${id}`, ctx.admin.token, { attributeValues: values }))
          .status,
      ).toBe(200);
    await pick(a!.id, { [made[0]!.body.id]: [selfPaced.id], [made[1]!.body.id]: [kids.id] });
    await pick(b!.id, { [made[0]!.body.id]: [selfPaced.id] });
    await pick(c!.id, { [made[0]!.body.id]: [live.id] });

    const filters = await call("GET", "/api/attributes?lng=nl");
    expect(filters.status).toBe(200);
    expect(filters.body.attributes).toEqual(
      expect.arrayContaining([
        {
          id: made[0]!.body.id,
          name: "Vorm",
          values: [
            { id: selfPaced.id, label: "In eigen tempo" },
            { id: live.id, label: "Live" },
          ],
        },
      ]),
    );

    const course = await call("GET", `/api/courses/${a!.slug}`);
    expect(course.body.attributes).toEqual([
      { id: made[0]!.body.id, name: "Format", values: [{ id: selfPaced.id, label: "Self-paced" }] },
      { id: made[1]!.body.id, name: "Age", values: [{ id: kids.id, label: "Kids" }] },
    ]);
    const dutch = await call("GET", `/api/courses/${a!.slug}?lng=nl`);
    expect(dutch.body.attributes.map((attribute: { name: string }) => attribute.name)).toEqual([
      "Vorm",
      "Leeftijd",
    ]);
    expect((await call("GET", `/api/courses/${c!.slug}`)).body.attributes).toEqual([
      { id: made[0]!.body.id, name: "Format", values: [{ id: live.id, label: "Live" }] },
    ]);

    const ids = (body: { courses: { id: string }[] }) => body.courses.map((item) => item.id).sort();
    const selfPacedList = await call("GET", `/api/courses?attr=${selfPaced.id}`);
    expect(selfPacedList.status).toBe(200);
    expect(ids(selfPacedList.body)).toEqual([a!.id, b!.id].sort());
    expect(selfPacedList.body.totalDoc).toBe(2);
    const both = await call("GET", `/api/courses?attr=${selfPaced.id}&attr=${kids.id}`);
    expect(ids(both.body)).toEqual([a!.id]);
    const none = await call("GET", `/api/courses?attr=${live.id}&attr=${kids.id}`);
    expect(none.body).toMatchObject({ courses: [], totalDoc: 0 });

    // A value removed from its attribute no longer matches: the catalogue cache follows the edit.
    await call("PATCH", `/api/admin/attributes/${made[0]!.body.id}`, ctx.admin.token, { values: [live] });
    expect((await call("GET", `/api/courses?attr=${selfPaced.id}`)).body.totalDoc).toBe(0);
    expect((await call("GET", `/api/courses/${b!.slug}`)).body.attributes).toEqual([]);
  });

  it("refuses a malformed attribute value with a clear message", async () => {
    const bad = await call("GET", "/api/courses?attr=nope");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/attr must be an attribute value's id/);
    const many = Array.from({ length: 11 }, () => "attr=0190f4c1-0000-7000-8000-000000000000").join("&");
    expect((await call("GET", `/api/courses?${many}`)).status).toBe(400);
  });
});
