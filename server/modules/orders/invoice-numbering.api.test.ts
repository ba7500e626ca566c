import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../../tests/support/api-call";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import { type CheckoutTestApp, createCheckoutTestApp } from "../../../tests/support/checkout-fixtures";
import { lastMailTo, outboxMailsTo } from "../../../tests/support/outbox";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import type { OrderView } from "../checkout/checkout.schemas";
import { issueInvoice } from "./invoice-issue";
import type { InvoiceDocument } from "./invoices.schemas";
import type { AdminOrder, AdminOrderList } from "./orders-admin.schemas";

let t: CheckoutTestApp;
let admin: TestStaff;
let course: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 11_900 });
});
afterAll(() => t.close());

const nextYear = new Date().getUTCFullYear() + 1;
const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123" };

const call = apiCall(() => t.app);

/** A learner buys the course and pays: the order as the buyer sees it. */
async function buy(): Promise<{ order: OrderView; buyer: { email: string; token: string } }> {
  const buyer = await t.addCustomer("Ines Invoice");
  const placed = await call("POST", "/api/checkout", buyer.token, {
    ...CHECKOUT_CONSENTS,
    courseIds: [course],
  });
  expect(placed.status).toBe(201);
  const paid = await call("POST", `/api/checkout/${placed.body.id}/pay`, buyer.token, { card });
  expect(paid.status).toBe(200);
  return { order: paid.body.order as OrderView, buyer };
}

describe("an invoice's number is fixed when it is issued", () => {
  it("keeps issued numbers through a settings change; the next invoice follows the new settings", async () => {
    const { order, buyer } = await buy();
    const issued = order.invoice!.number;
    expect(issued).toMatch(/^INV-\d{6}$/);

    const saved = await call("PUT", "/api/admin/settings/invoice", admin.token, {
      prefix: "OAK-",
      startValue: 1000,
      leadingZeros: true,
      length: 5,
    });
    expect(saved.status).toBe(200);

    // Everywhere the old invoice appears, it keeps the number it was issued with.
    const adminView = await call("GET", `/api/orders/${order.id}`, admin.token);
    expect((adminView.body as AdminOrder).invoice?.number).toBe(issued);
    const list = await call("GET", `/api/orders?searchText=${encodeURIComponent(issued)}`, admin.token);
    expect((list.body as AdminOrderList).items.map((item) => item.invoiceNumber)).toEqual([issued]);
    const own = await call("GET", `/api/orders/${order.id}`, buyer.token);
    expect((own.body as OrderView).invoice?.number).toBe(issued);
    const invoiceId = order.invoice!.id;
    const document = await call("GET", `/api/invoices/${invoiceId}`, buyer.token);
    expect((document.body as InvoiceDocument).number).toBe(issued);
    const pdf = await call("GET", `/api/invoices/${invoiceId}/pdf`, buyer.token);
    expect(pdf.raw.headers["content-disposition"]).toBe(`attachment; filename="invoice-${issued}.pdf"`);
    const staffPdf = await call("GET", `/api/admin/invoices/${invoiceId}/pdf`, admin.token);
    expect(staffPdf.raw.headers["content-disposition"]).toBe(`attachment; filename="invoice-${issued}.pdf"`);

    // The next invoice is printed with the new settings, from the start value on.
    const next = await buy();
    expect(next.order.invoice!.number).toBe("OAK-01000");
    // …and the mail shows the very same number, in its text, its {{invoiceNumber}} and its attachment.
    await t.app.services.jobQueue.drain();
    const mail = await lastMailTo(t.dataDir, next.buyer.email);
    expect(mail.text).toContain("Invoice number: OAK-01000");
    expect(mail.text).toMatch(/filename="?invoice-OAK-01000\.pdf/);

    // Sent again on request, the old order's confirmation still carries the number it was issued with.
    const resent = await call("POST", `/api/orders/${order.id}/confirmation-mail`, admin.token);
    expect(resent.status).toBe(202);
    expect(resent.body.message).toBe(`The confirmation with the invoice is on its way to ${buyer.email}.`);
    await t.app.services.jobQueue.drain();
    const mails = await outboxMailsTo(t.dataDir, buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Invoice number: ${issued}`);
    expect(mails[1]!.text).toMatch(new RegExp(`filename="?invoice-${issued}\\.pdf`));
  });

  it("puts the printed number into a school's own confirmation text ({{invoiceNumber}})", async () => {
    const template = await call("PUT", "/api/admin/email-templates/order-confirmation", admin.token, {
      subject: { en: "Invoice {{invoiceNumber}} from {{shopName}}" },
      body: { en: "Dear {{customerName}}, your invoice is {{invoiceNumber}}." },
    });
    expect(template.status).toBe(200);
    const { order, buyer } = await buy();
    expect(order.invoice!.number).toMatch(/^OAK-\d{5}$/);
    await t.app.services.jobQueue.drain();
    const mail = await lastMailTo(t.dataDir, buyer.email);
    expect(mail.text).toContain(`Subject: Invoice ${order.invoice!.number} from`);
    expect(mail.text).toContain(`your invoice is ${order.invoice!.number}.`);
  });

  it("issues a delivered order's invoice with the settings of that moment", async () => {
    const buyer = await t.addCustomer("Pim Counter");
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
    });
    const early = await call("POST", `/api/orders/${placed.body.id}/confirmation-mail`, admin.token);
    expect(early.status).toBe(422);
    expect(early.body.code).toBe("NOTHING_TO_RESEND");
    const paid = await call("POST", `/api/orders/${placed.body.id}/payments`, admin.token, {
      method: "cash",
      reference: "desk 1",
    });
    expect(paid.status).toBe(201);
    for (const status of ["delivered"]) {
      const changed = await call("PUT", `/api/orders/${placed.body.id}`, admin.token, { status });
      expect(changed.status).toBe(200);
    }
    const view = await call("GET", `/api/orders/${placed.body.id}`, admin.token);
    expect((view.body as AdminOrder).invoice?.number).toMatch(/^OAK-\d{5}$/);
  });
});

describe("the invoice number type (settings: prefix/suffix, yearly reset)", () => {
  const invoiceSettings = (changes: Record<string, unknown>) =>
    call("PUT", "/api/admin/settings/invoice", admin.token, {
      prefix: "OAK-",
      startValue: 1,
      leadingZeros: true,
      length: 5,
      ...changes,
    });

  it("prints the text after the number as a suffix, continuing the same gapless numbers", async () => {
    expect((await invoiceSettings({ type: "prefix" })).status).toBe(200);
    const before = (await buy()).order.invoice!.number;
    const digits = Number(before.replace(/^OAK-/, ""));
    expect((await invoiceSettings({ prefix: "-OAK", type: "suffix" })).status).toBe(200);
    const { order, buyer } = await buy();
    const expected = `${String(digits + 1).padStart(5, "0")}-OAK`;
    expect(order.invoice!.number).toBe(expected);
    // The invoice as the buyer opens it, and its PDF, carry that number.
    const document = await call("GET", `/api/invoices/${order.invoice!.id}`, buyer.token);
    expect((document.body as InvoiceDocument).number).toBe(expected);
    const pdf = await call("GET", `/api/invoices/${order.invoice!.id}/pdf`, buyer.token);
    expect(pdf.raw.headers["content-disposition"]).toBe(`attachment; filename="invoice-${expected}.pdf"`);
  });

  it("numbers each year from 1 with the year in the number for a yearly type", async () => {
    const { timeZone } = (await call("GET", "/api/admin/settings/global", admin.token)).body;
    const year = Number(new Intl.DateTimeFormat("en", { timeZone, year: "numeric" }).format(new Date()));
    expect((await invoiceSettings({ type: "yearly-prefix" })).status).toBe(200);
    expect((await buy()).order.invoice!.number).toBe(`OAK-${year}-00001`);
    expect((await buy()).order.invoice!.number).toBe(`OAK-${year}-00002`);

    // The same settings read back say so.
    const read = await call("GET", "/api/admin/settings/invoice", admin.token);
    expect(read.body.type).toBe("yearly-prefix");

    // An invoice issued in the next year starts that year's series at 1.
    const buyer = await t.addCustomer("Nora Newyear");
    const placed = await call("POST", "/api/checkout", buyer.token, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
    });
    expect(placed.status).toBe(201);
    const issued = await t.database.db.transaction((tx) =>
      issueInvoice(tx, t.companyId, placed.body.id, new Date(`${year + 1}-03-01T12:00:00Z`)),
    );
    expect(issued).toEqual({ number: 1, printedNumber: `OAK-${year + 1}-00001` });

    // A suffix with the year.
    expect((await invoiceSettings({ prefix: "/OAK", type: "yearly-suffix" })).status).toBe(200);
    expect((await buy()).order.invoice!.number).toBe(`00003-${year}/OAK`);
  });

  it("refuses an unknown type with a clear message, changing nothing", async () => {
    const refused = await invoiceSettings({ type: "sideways" });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields.type).toBe(
      "The number type must be one of prefix, suffix, yearly-prefix, yearly-suffix",
    );
    const read = await call("GET", "/api/admin/settings/invoice", admin.token);
    expect(read.body.type).toBe("yearly-suffix");
  });
});
