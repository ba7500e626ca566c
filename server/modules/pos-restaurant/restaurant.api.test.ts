import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, type Json } from "../../../tests/support/api-call";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { orderLines, orders } from "../orders/orders.tables";
import { posParkedOrders } from "./pos-restaurant.tables";

let t: CheckoutTestApp;
let admin: TestStaff;
let cashier: TestStaff;
let driver: TestStaff;
const call = apiCall(() => t.app);

let latte: Json;
let cake: Json;
let shot: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  cashier = await createStaff(t, t.companyId, "Cashier", { name: "Cas Kassa" });
  driver = await createStaff(t, t.companyId, "Driver");
  const product = async (body: Record<string, unknown>) => {
    const created = await call("POST", "/api/admin/products", admin.token, { type: "physical", ...body });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body as Json;
  };
  latte = await product({
    title: { en: "Latte" },
    priceCents: 350,
    quantity: 50,
    extras: [{ name: { en: "Extra shot" }, priceCents: 50 }],
  });
  cake = await product({ title: { en: "Cake" }, priceCents: 400, quantity: 10 });
  shot = latte.extras[0].id;
  await call("PUT", `/api/admin/staff/${cashier.id}/pin`, admin.token, { pin: "2468" });
  await call("POST", "/api/pos/cashier", cashier.token, { staffId: cashier.id, pin: "2468" });
});

afterAll(async () => {
  await t.close();
});

describe("restaurant tables (POS Setting)", () => {
  it("adds, renames and removes tables; refuses duplicates, bad input and other roles", async () => {
    const added = await call("POST", "/api/admin/pos-tables", admin.token, { name: " Table 1 ", seats: 4 });
    expect(added).toMatchObject({ status: 201, body: { name: "Table 1", seats: 4 } });
    const twin = await call("POST", "/api/admin/pos-tables", admin.token, { name: "table 1" });
    expect(twin).toMatchObject({ status: 409, body: { message: "A table with this name already exists." } });
    expect((await call("POST", "/api/admin/pos-tables", admin.token, { name: "" })).status).toBe(400);
    expect((await call("POST", "/api/admin/pos-tables", admin.token, { name: "T", seats: 0 })).status).toBe(
      400,
    );
    expect((await call("POST", "/api/admin/pos-tables", driver.token, { name: "T9" })).status).toBe(403);
    expect((await call("POST", "/api/admin/pos-tables", cashier.token, { name: "T9" })).status).toBe(403);

    const renamed = await call("PUT", `/api/admin/pos-tables/${added.body.id}`, admin.token, {
      name: "Terrace 1",
      seats: null,
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Terrace 1", seats: null } });
    const listed = await call("GET", "/api/admin/pos-tables", admin.token);
    expect(listed.body).toEqual([{ id: added.body.id, name: "Terrace 1", seats: null }]);

    expect((await call("DELETE", `/api/admin/pos-tables/${added.body.id}`, admin.token)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/pos-tables/${added.body.id}`, admin.token)).status).toBe(404);
  });
});

describe("parked orders, extras, the kitchen ticket and paying", () => {
  let table: Json;

  beforeAll(async () => {
    table = (await call("POST", "/api/admin/pos-tables", admin.token, { name: "Table 7", seats: 2 })).body;
  });

  it("parks a table order with extras, lists it, refuses a second order and removing the table", async () => {
    expect((await call("GET", "/api/pos/parked", driver.token)).status).toBe(403);
    const noCashier = await call("POST", "/api/pos/parked", admin.token, {
      tableId: table.id,
      items: [{ productId: cake.id, quantity: 1 }],
    });
    expect(noCashier.status).toBe(401);

    const badExtra = await call("POST", "/api/pos/parked", cashier.token, {
      tableId: table.id,
      items: [{ productId: cake.id, quantity: 1, extraIds: [shot] }],
    });
    expect(badExtra).toMatchObject({ status: 422, body: { code: "UNKNOWN_EXTRA" } });

    const parked = await call("POST", "/api/pos/parked", cashier.token, {
      tableId: table.id,
      items: [{ productId: latte.id, quantity: 2, extraIds: [shot] }],
      notes: "No sugar",
    });
    expect(parked).toMatchObject({
      status: 201,
      body: {
        table: { id: table.id, name: "Table 7" },
        parkedBy: "Cas Kassa",
        totalCents: 800,
        itemCount: 2,
        notes: "No sugar",
        lines: [{ title: "Latte", quantity: 2, extras: ["Extra shot"], totalCents: 800 }],
        sentToKitchenAt: null,
      },
    });

    const second = await call("POST", "/api/pos/parked", cashier.token, {
      tableId: table.id,
      items: [{ productId: cake.id, quantity: 1 }],
    });
    expect(second).toMatchObject({ status: 409, body: { code: "TABLE_OCCUPIED" } });

    const removing = await call("DELETE", `/api/admin/pos-tables/${table.id}`, admin.token);
    expect(removing).toMatchObject({ status: 409, body: { code: "TABLE_HAS_OPEN_ORDER" } });

    // Another device (the admin's session) sees it in the list and on the tables view.
    const list = await call("GET", "/api/pos/parked", admin.token);
    expect(list.body).toEqual([
      expect.objectContaining({ id: parked.body.id, parkedBy: "Cas Kassa", totalCents: 800 }),
    ]);
    const tables = await call("GET", "/api/pos/tables", admin.token);
    expect(tables.body.find((row: Json) => row.id === table.id).order).toMatchObject({ id: parked.body.id });
  });

  it("resumes and re-parks with more items, sends it to the kitchen (no prices) and pays it as a POS sale", async () => {
    const [open] = (await call("GET", "/api/pos/parked", cashier.token)).body;
    const resumed = await call("GET", `/api/pos/parked/${open.id}`, cashier.token);
    expect(resumed.body.cart).toMatchObject({ items: [{ productId: latte.id, extraIds: [shot] }] });
    // What the counter needs to show it again: the item with its extras on offer.
    expect(resumed.body.items).toEqual([
      expect.objectContaining({
        id: latte.id,
        title: "Latte",
        priceCents: 350,
        extras: [{ id: shot, name: "Extra shot", priceCents: 50 }],
      }),
    ]);

    const reparked = await call("PUT", `/api/pos/parked/${open.id}`, cashier.token, {
      ...resumed.body.cart,
      tableId: table.id,
      items: [...resumed.body.cart.items, { productId: cake.id, quantity: 1 }],
    });
    expect(reparked).toMatchObject({ status: 200, body: { totalCents: 1200, itemCount: 3 } });

    const sent = await call("POST", `/api/pos/parked/${open.id}/kitchen`, cashier.token);
    expect(sent.status).toBe(200);
    const ticket = await call("GET", `/api/pos/parked/${open.id}/kitchen-ticket`, admin.token);
    expect(ticket.body).toMatchObject({
      table: "Table 7",
      notes: "No sugar",
      parkedBy: "Cas Kassa",
      lines: [
        { title: "Latte", quantity: 2, extras: ["Extra shot"], note: null },
        { title: "Cake", quantity: 1, extras: [], note: null },
      ],
    });
    expect(JSON.stringify(ticket.body)).not.toContain("Cents");

    const cart = reparked.body.cart;
    const short = await call("POST", "/api/pos/sales", cashier.token, {
      ...cart,
      parkedOrderId: open.id,
      payments: [{ method: "cash", amountCents: 1000 }],
    });
    expect(short.status).toBe(422);
    const payment = () =>
      call(
        "POST",
        "/api/pos/sales",
        cashier.token,
        {
          ...cart,
          parkedOrderId: open.id,
          payments: [{ method: "cash", amountCents: 1200, tenderedCents: 2000 }],
        },
        { "idempotency-key": `parked-${open.id}` },
      );
    const paid = await payment();
    expect(paid).toMatchObject({ status: 201, body: { totalCents: 1200, changeCents: 800 } });
    // A retry of that payment (same Idempotency-Key) answers with the same sale, and sells nothing more.
    const retried = await payment();
    expect(retried).toMatchObject({ status: 201, body: { orderId: paid.body.orderId } });

    const [order] = await t.database.db
      .select({ channel: orders.channel, tableInfo: orders.tableInfo, status: orders.status })
      .from(orders)
      .where(eq(orders.id, paid.body.orderId));
    expect(order).toEqual({ channel: "pos", tableInfo: "Table 7", status: "delivered" });
    // The back office's order shows who sold it at which table.
    const adminOrder = await call("GET", `/api/orders/${paid.body.orderId}`, admin.token);
    expect(adminOrder.body).toMatchObject({ channel: "pos", tableInfo: "Table 7", seller: "Cas Kassa" });
    const lines = await t.database.db
      .select({ extras: orderLines.extras, totalCents: orderLines.totalCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, paid.body.orderId));
    expect(lines).toContainEqual({
      extras: [{ id: shot, name: "Extra shot", priceCents: 50 }],
      totalCents: 800,
    });
    const receipt = await call("GET", `/api/pos/orders/${paid.body.orderId}/receipt`, cashier.token);
    expect(receipt.body.order.tableInfo).toBe("Table 7");
    expect(receipt.body.lines).toContainEqual(
      expect.objectContaining({ title: "Latte", extras: [{ name: "Extra shot", priceCents: 50 }] }),
    );

    // Settled: off the list; paying it again is refused and sells nothing.
    const left = await t.database.db
      .select({ id: posParkedOrders.id })
      .from(posParkedOrders)
      .where(and(eq(posParkedOrders.companyId, t.companyId), eq(posParkedOrders.id, open.id)));
    expect(left).toEqual([]);
    const again = await call("POST", "/api/pos/sales", cashier.token, {
      ...cart,
      parkedOrderId: open.id,
      payments: [{ method: "cash", amountCents: 1200 }],
    });
    expect(again).toMatchObject({ status: 404, body: { code: "PARKED_ORDER_NOT_FOUND" } });
    // The table is free again and can be removed.
    expect((await call("DELETE", `/api/admin/pos-tables/${table.id}`, admin.token)).status).toBe(204);
  });

  it("discards a parked order without a table", async () => {
    const parked = await call("POST", "/api/pos/parked", cashier.token, {
      items: [{ productId: cake.id, quantity: 1 }],
    });
    expect(parked).toMatchObject({ status: 201, body: { table: null, totalCents: 400 } });
    expect((await call("DELETE", `/api/pos/parked/${parked.body.id}`, cashier.token)).status).toBe(204);
    expect((await call("GET", `/api/pos/parked/${parked.body.id}`, cashier.token)).status).toBe(404);
    expect((await call("POST", `/api/pos/parked/${parked.body.id}/kitchen`, cashier.token)).status).toBe(404);
  });
});

describe("the PIN before every action (POS Setting)", () => {
  it("asks the cashier's PIN to park, move, send to the kitchen, remove and add a customer, as a sale does", async () => {
    const settings = (await call("GET", "/api/admin/pos-settings", admin.token)).body;
    await call("PUT", "/api/admin/pos-settings", admin.token, { ...settings, pinRule: "every-action" });
    try {
      const [first, second] = await Promise.all(
        ["Bar 1", "Bar 2"].map(
          async (name) => (await call("POST", "/api/admin/pos-tables", admin.token, { name })).body as Json,
        ),
      );
      const cart = { tableId: first.id, items: [{ productId: cake.id, quantity: 1 }] };
      // Without the PIN, or with a wrong one, nothing is parked.
      const noPin = await call("POST", "/api/pos/parked", cashier.token, cart);
      expect(noPin).toMatchObject({ status: 422, body: { code: "PIN_REQUIRED" } });
      expect((await call("POST", "/api/pos/parked", cashier.token, { ...cart, pin: "1357" })).status).toBe(
        401,
      );
      const tables = await call("GET", "/api/pos/tables", cashier.token);
      expect(tables.body.find((row: Json) => row.id === first.id).order).toBeNull();

      const parked = await call("POST", "/api/pos/parked", cashier.token, { ...cart, pin: "2468" });
      expect(parked.status).toBe(201);
      const [kept] = await t.database.db
        .select({ cart: posParkedOrders.cart })
        .from(posParkedOrders)
        .where(eq(posParkedOrders.id, parked.body.id));
      expect(JSON.stringify(kept!.cart)).not.toContain("2468");

      const url = `/api/pos/parked/${parked.body.id}`;
      const moved = { ...cart, tableId: second.id };
      expect(await call("PUT", url, cashier.token, moved)).toMatchObject({
        status: 422,
        body: { code: "PIN_REQUIRED" },
      });
      expect(await call("PUT", url, cashier.token, { ...moved, pin: "2468" })).toMatchObject({
        status: 200,
        body: { table: { id: second.id } },
      });

      expect(await call("POST", `${url}/kitchen`, cashier.token)).toMatchObject({
        status: 422,
        body: { code: "PIN_REQUIRED" },
      });
      expect((await call("GET", url, cashier.token)).body.sentToKitchenAt).toBeNull();
      expect((await call("POST", `${url}/kitchen`, cashier.token, { pin: "2468" })).status).toBe(200);

      expect(await call("DELETE", url, cashier.token)).toMatchObject({
        status: 422,
        body: { code: "PIN_REQUIRED" },
      });
      expect((await call("GET", url, cashier.token)).status).toBe(200);
      expect((await call("DELETE", url, cashier.token, { pin: "2468" })).status).toBe(204);

      const customer = { name: "Pim Pin", email: `pim.${Date.now()}@example.org` };
      expect(await call("POST", "/api/pos/customers", cashier.token, customer)).toMatchObject({
        status: 422,
        body: { code: "PIN_REQUIRED" },
      });
      // The device without a cashier cannot add one then: the PIN is the cashier's.
      expect(
        (await call("POST", "/api/pos/customers", admin.token, { ...customer, pin: "2468" })).status,
      ).toBe(401);
      expect(
        (await call("POST", "/api/pos/customers", cashier.token, { ...customer, pin: "2468" })).status,
      ).toBe(201);
    } finally {
      await call("PUT", "/api/admin/pos-settings", admin.token, settings);
    }
  });
});
