import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../db/seed/factories";
import type { AdminCategory } from "./catalog-admin.schemas";

let t: TestApp;
let dataDir: string;
let admin: TestStaff;
let driver: TestStaff;
let other: { slug: string; admin: TestStaff };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "admin-categories-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  const companyId = (await t.app.services.companies.resolve(undefined))!.id;
  admin = await createStaff(t, companyId, "Manager");
  driver = await createStaff(t, companyId, "Driver");
  const company = await insertCompany(t.database.db, { slug: "other-school", name: "Other School" });
  other = { slug: company.slug, admin: await createStaff(t, company.id, "Admin") };
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

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

describe("/api/admin/categories", () => {
  it("lists the tree depth-first with depths and counts", async () => {
    const { status, body } = await call("GET", "/api/admin/categories", admin.token);
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
    const parent = await call("POST", "/api/admin/categories", admin.token, {
      name: { en: "Crafts & Making", nl: "Ambacht" },
    });
    expect(parent.status).toBe(201);
    expect(parent.body).toMatchObject({ slug: "crafts-making", published: true, depth: 0 });
    const child = await call("POST", "/api/admin/categories", admin.token, {
      name: { en: "Pottery" },
      parentId: parent.body.id,
    });
    expect(child.body.depth).toBe(1);

    const self = await call("PATCH", `/api/admin/categories/${parent.body.id}`, admin.token, {
      parentId: parent.body.id,
    });
    expect(self.status).toBe(400);
    const loop = await call("PATCH", `/api/admin/categories/${parent.body.id}`, admin.token, {
      parentId: child.body.id,
    });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe(
      "A category cannot be its own parent or sit under one of its sub-categories.",
    );

    const taken = await call("PATCH", `/api/admin/categories/${child.body.id}`, admin.token, {
      slug: "crafts-making",
    });
    expect(taken.status).toBe(409);
    const renamed = await call("PATCH", `/api/admin/categories/${child.body.id}`, admin.token, {
      name: { en: "Ceramics" },
      slug: "ceramics",
      published: false,
    });
    expect(renamed.body).toMatchObject({ slug: "ceramics", published: false, name: { en: "Ceramics" } });

    const refused = await call("DELETE", `/api/admin/categories/${parent.body.id}`, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("CATEGORY_IN_USE");
    expect((await call("DELETE", `/api/admin/categories/${child.body.id}`, admin.token)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/categories/${parent.body.id}`, admin.token)).status).toBe(204);
    expect((await call("GET", `/api/admin/categories/${parent.body.id}`, admin.token)).status).toBe(404);
  });

  it("refuses deleting a category that holds courses", async () => {
    const items = (await call("GET", "/api/admin/categories", admin.token)).body.items as AdminCategory[];
    const used = items.find((item) => item.courseCount > 0)!;
    expect((await call("DELETE", `/api/admin/categories/${used.id}`, admin.token)).status).toBe(409);
  });

  it("validates (400), needs a session (401) and the catalogue permission (403), and stays in its company", async () => {
    expect((await call("POST", "/api/admin/categories", admin.token, { name: { en: "" } })).status).toBe(400);
    expect(
      (await call("POST", "/api/admin/categories", admin.token, { name: { en: "X" }, slug: "a b" })).status,
    ).toBe(400);
    expect((await call("GET", "/api/admin/categories")).status).toBe(401);
    expect((await call("GET", "/api/admin/categories", driver.token)).status).toBe(403);
    expect((await call("POST", "/api/admin/categories", driver.token, { name: { en: "X" } })).status).toBe(
      403,
    );
    const theirs = await call("GET", "/api/admin/categories", other.admin.token, undefined, {
      company: other.slug,
    });
    expect(theirs.body.items).toEqual([]);
    const mine = (await call("GET", "/api/admin/categories", admin.token)).body.items[0] as AdminCategory;
    const peek = await call(
      "PATCH",
      `/api/admin/categories/${mine.id}`,
      other.admin.token,
      { published: false },
      { company: other.slug },
    );
    expect(peek.status).toBe(404);
  });

  it("takes an icon image checked by its content", async () => {
    const created = (await call("POST", "/api/admin/categories", admin.token, { name: { en: "Icons" } }))
      .body;
    const send = (body: Buffer, type: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/categories/${created.id}/icon`,
        payload: body,
        headers: { authorization: `Bearer ${admin.token}`, "content-type": type },
      });
    const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: "#0a8" } })
      .png()
      .toBuffer();
    const ok = await send(png, "image/png");
    expect(ok.statusCode).toBe(200);
    const meta = await sharp(
      (await t.app.inject({ method: "GET", url: ok.json().url })).rawPayload,
    ).metadata();
    expect(meta).toMatchObject({ width: 256, height: 128 });
    expect((await send(Buffer.from("GIF89a not really"), "image/png")).statusCode).toBe(400);
  });
});
