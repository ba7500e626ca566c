import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as categoryAction } from "~/routes/admin/category.server";
import { adminTestContext } from "../../../tests/support/admin-test-context";
import { pageContext } from "../../../tests/support/page-context";
import type { AdminCategory } from "./catalog-admin.schemas";

const ctx = adminTestContext({ adminRole: "Manager", dataDir: true });
const { call } = ctx;

describe("/api/admin/categories", () => {
  it("lists the tree depth-first with depths and counts", async () => {
    const { status, body } = await call("GET", "/api/admin/categories", ctx.admin.token);
    expect(status).toBe(200);
    const items = body.items as AdminCategory[];
    expect(items.length).toBeGreaterThan(0);
    for (const [index, item] of items.entries()) {
      if (item.parentId) {
        const parentIndex = items.findIndex((c) => c.id === item.parentId);
        expect(parentIndex).toBeLessThan(index);
        expect(item.depth).toBe(items[parentIndex]!.depth + 1);
      } else expect(item.depth).toBe(0);
    }
  });

  it("creates, edits and deletes a category with a child, refusing cycles and deleting a parent", async () => {
    const parent = await call("POST", "/api/admin/categories", ctx.admin.token, {
      name: { en: "Crafts & Making", nl: "Ambacht" },
    });
    expect(parent.status).toBe(201);
    expect(parent.body).toMatchObject({ slug: "crafts-making", published: true, depth: 0 });
    const child = await call("POST", "/api/admin/categories", ctx.admin.token, {
      name: { en: "Pottery" },
      parentId: parent.body.id,
    });
    expect(child.body.depth).toBe(1);

    const self = await call("PATCH", `/api/admin/categories/${parent.body.id}`, ctx.admin.token, {
      parentId: parent.body.id,
    });
    expect(self.status).toBe(400);
    const loop = await call("PATCH", `/api/admin/categories/${parent.body.id}`, ctx.admin.token, {
      parentId: child.body.id,
    });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe(
      "A category cannot be its own parent or sit under one of its sub-categories.",
    );

    const taken = await call("PATCH", `/api/admin/categories/${child.body.id}`, ctx.admin.token, {
      slug: "crafts-making",
    });
    expect(taken.status).toBe(409);
    const renamed = await call("PATCH", `/api/admin/categories/${child.body.id}`, ctx.admin.token, {
      name: { en: "Ceramics" },
      slug: "ceramics",
      published: false,
    });
    expect(renamed.body).toMatchObject({ slug: "ceramics", published: false, name: { en: "Ceramics" } });

    const refused = await call("DELETE", `/api/admin/categories/${parent.body.id}`, ctx.admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("CATEGORY_IN_USE");
    expect((await call("DELETE", `/api/admin/categories/${child.body.id}`, ctx.admin.token)).status).toBe(
      204,
    );
    expect((await call("DELETE", `/api/admin/categories/${parent.body.id}`, ctx.admin.token)).status).toBe(
      204,
    );
    expect((await call("GET", `/api/admin/categories/${parent.body.id}`, ctx.admin.token)).status).toBe(404);
  });

  it("refuses deleting a category that holds courses", async () => {
    const items = (await call("GET", "/api/admin/categories", ctx.admin.token)).body.items as AdminCategory[];
    const used = items.find((item) => item.courseCount > 0)!;
    expect((await call("DELETE", `/api/admin/categories/${used.id}`, ctx.admin.token)).status).toBe(409);
  });

  it("validates (400), needs a session (401) and the catalogue permission (403), and stays in its company", async () => {
    expect((await call("POST", "/api/admin/categories", ctx.admin.token, { name: { en: "" } })).status).toBe(
      400,
    );
    expect(
      (await call("POST", "/api/admin/categories", ctx.admin.token, { name: { en: "X" }, slug: "a b" }))
        .status,
    ).toBe(400);
    expect((await call("GET", "/api/admin/categories")).status).toBe(401);
    expect((await call("GET", "/api/admin/categories", ctx.driver.token)).status).toBe(403);
    expect(
      (await call("POST", "/api/admin/categories", ctx.driver.token, { name: { en: "X" } })).status,
    ).toBe(403);
    const theirs = await call("GET", "/api/admin/categories", ctx.other.admin.token, undefined, {
      company: ctx.other.slug,
    });
    expect(theirs.body.items).toEqual([]);
    const mine = (await call("GET", "/api/admin/categories", ctx.admin.token)).body.items[0] as AdminCategory;
    const peek = await call(
      "PATCH",
      `/api/admin/categories/${mine.id}`,
      ctx.other.admin.token,
      { published: false },
      { company: ctx.other.slug },
    );
    expect(peek.status).toBe(404);
  });

  it("creates nothing when a new category's icon is not an image, and says why at the icon", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("name.en", "Bad Icon Club");
    form.set("iconFile", new File([Buffer.from("not an image at all")], "icon.png", { type: "image/png" }));
    const result = (await categoryAction({
      request: new Request("http://localhost/categories/new", { method: "POST", body: form }),
      context: await pageContext(ctx.t, {
        staffSession: await ctx.t.app.services.sessions.resolve(ctx.admin.token),
      }),
      params: { id: "new" },
    } as never)) as { data: { ok: boolean; fieldErrors: Record<string, string> } };
    expect(result.data.ok).toBe(false);
    expect(result.data.fieldErrors.icon).toMatch(/image/i);
    const list = await call("GET", "/api/admin/categories?searchText=Bad%20Icon", ctx.admin.token);
    expect(JSON.stringify(list.body)).not.toContain("Bad Icon Club");
  });

  it("takes an icon image checked by its content", async () => {
    const created = (await call("POST", "/api/admin/categories", ctx.admin.token, { name: { en: "Icons" } }))
      .body;
    const send = (body: Buffer, type: string) =>
      ctx.t.app.inject({
        method: "POST",
        url: `/api/admin/categories/${created.id}/icon`,
        payload: body,
        headers: { authorization: `Bearer ${ctx.admin.token}`, "content-type": type },
      });
    const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: "#0a8" } })
      .png()
      .toBuffer();
    const ok = await send(png, "image/png");
    expect(ok.statusCode).toBe(200);
    const meta = await sharp(
      (await ctx.t.app.inject({ method: "GET", url: ok.json().url })).rawPayload,
    ).metadata();
    expect(meta).toMatchObject({ width: 256, height: 128 });
    expect((await send(Buffer.from("GIF89a not really"), "image/png")).statusCode).toBe(400);
  });
});
