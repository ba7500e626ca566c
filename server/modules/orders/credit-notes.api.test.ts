import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  type CheckoutTestApp,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { outboxMailsTo } from "../../../tests/support/outbox";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { insertHistoricOrder } from "../../seed/factories";
import type { InvoiceDocument } from "./invoices.schemas";
import { creditNotes, invoices } from "./orders.tables";
import type { AdminOrder } from "./orders-admin.schemas";

/**
 * Credit notes: every refund of an invoiced order (partial refund, return, cancel) issues one, in
 * the company's own gapless series, never touching the invoice; staff and the buyer download it as
 * PDF, and the buyer is mailed it with the PDF attached.
 */
let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;
let buyer: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 12_100 });
  buyer = await t.addCustomer("Cora Credit", { password: true });
});
afterAll(async () => {
  await t?.close();
});

const paidOrder = () =>
  insertHistoricOrder(t.database.db, t.companyId, {
    customer: { id: buyer.id, name: "Cora Credit", email: buyer.email },
    lines: [{ courseId: course, title: { en: "Oak", nl: "Eik" }, unitPriceCents: 12_100 }],
    status: "delivered",
    paymentMethod: "card",
    channel: "online",
    createdAt: new Date(),
  });

const staffCall = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

const refundPart = async (orderId: string, amountCents: number) => {
  const response = await staffCall("POST", `/api/orders/${orderId}/refunds`, {
    amountCents,
    reason: "Goodwill",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AdminOrder;
};

const numberOf = (printed: string) => Number(printed.replace(/^CN-/, ""));

describe("credit notes", () => {
  it("are issued by refunds, returns and cancels of invoiced orders, numbered without gaps", async () => {
    const first = await paidOrder();
    const [invoiceBefore] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, first));

    const partial = await refundPart(first, 2_500);
    expect(partial.creditNotes).toHaveLength(1);
    const [note] = partial.creditNotes;
    expect(note).toMatchObject({ kind: "partial", amountCents: 2_500, currency: "EUR" });
    expect(note!.number).toMatch(/^CN-\d{6}$/);
    // The invoice is never edited.
    const [invoiceAfter] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, first));
    expect(invoiceAfter).toEqual(invoiceBefore);

    const second = await paidOrder();
    const view = (await staffCall("GET", `/api/orders/${second}`)).json() as AdminOrder;
    const returned = await staffCall("POST", `/api/orders/${second}/returns`, {
      lineIds: [view.lines[0]!.id],
      restock: true,
      reason: "Changed mind",
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const afterReturn = (returned.json() as { order: AdminOrder }).order.creditNotes;
    expect(afterReturn).toMatchObject([{ kind: "return", amountCents: 12_100 }]);

    const cancelled = await staffCall("PUT", `/api/orders/${first}`, { status: "cancel" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = (cancelled.json() as AdminOrder).creditNotes;
    expect(afterCancel.map((row) => [row.kind, row.amountCents])).toEqual([
      ["partial", 2_500],
      ["cancel", 9_600],
    ]);

    const numbers = [note!, afterReturn[0]!, afterCancel[1]!].map((row) => numberOf(row.number));
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it("keep their series gapless when refunds run at the same time", async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const before = await t.database.db
      .select({ number: creditNotes.number })
      .from(creditNotes)
      .where(eq(creditNotes.companyId, t.companyId));
    const last = Math.max(0, ...before.map((row) => row.number));
    const views = await Promise.all(orders.map((id) => refundPart(id, 100)));
    const issued = views.map((view) => numberOf(view.creditNotes[0]!.number)).sort((a, b) => a - b);
    expect(issued).toEqual(Array.from({ length: 6 }, (_, index) => last + 1 + index));
  });

  it("are downloadable as PDF by staff and by the buyer only, and mailed to the buyer", async () => {
    const orderId = await paidOrder();
    const view = await refundPart(orderId, 1_000);
    const note = view.creditNotes[0]!;

    const staffPdf = await staffCall("GET", `/api/admin/credit-notes/${note.id}/pdf`);
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers["content-type"]).toBe("application/pdf");
    expect(staffPdf.headers["content-disposition"]).toBe(
      `attachment; filename="credit-note-${note.number}.pdf"`,
    );
    expect(staffPdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // The buyer sees it with the invoice and downloads it; another customer cannot.
    const invoice = await t.app.inject({
      method: "GET",
      url: `/api/invoices/${view.invoice!.id}`,
      headers: bearer(buyer.token),
    });
    expect((invoice.json() as InvoiceDocument).creditNotes).toEqual(view.creditNotes);
    const own = await t.app.inject({
      method: "GET",
      url: `/api/credit-notes/${note.id}/pdf`,
      headers: bearer(buyer.token),
    });
    expect(own.statusCode).toBe(200);
    const stranger = await t.addCustomer("Someone Else", { password: true });
    const other = await t.app.inject({
      method: "GET",
      url: `/api/credit-notes/${note.id}/pdf`,
      headers: bearer(stranger.token),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`No credit note "${note.id}" exists.`);

    await t.app.services.jobQueue.drain();
    const mails = await outboxMailsTo(t.dataDir, buyer.email);
    const mail = mails.find((entry) => entry.text.includes(`Subject: Credit note ${note.number} from`));
    expect(mail, mails.map((entry) => entry.file).join(", ")).toBeDefined();
    expect(mail!.text).toContain(`credit-note-${note.number}.pdf`);
    expect(mail!.text).toContain(`corrects invoice ${view.invoice!.number}`);
  });
});
