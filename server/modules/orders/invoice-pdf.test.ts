import { describe, expect, it } from "vitest";
import { checkoutConsentWording } from "~shared/checkout-consent";
import { renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceDocument } from "./invoices.schemas";

const invoice: InvoiceDocument = {
  id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  number: "INV-000042",
  issuedAt: "2024-05-14T09:30:00.000Z",
  orderNumber: 57,
  orderId: "0190a0a0-0000-7000-8000-000000000057",
  orderStatus: "delivered",
  language: "en",
  timeZone: "Europe/Amsterdam",
  customer: { name: "Ruth Visser", email: "ruth@example.com", address: "Kerkstraat 3, Utrecht" },
  company: {
    shopName: "Lindengracht School",
    companyName: "Lindengracht School B.V.",
    vatNumber: "NL004495445B01",
    addressLines: ["Lindengracht 112", "1015 KK Amsterdam"],
    email: "hello@school.example.com",
    phones: ["+31 20 555 0142"],
    website: "https://school.example.com",
  },
  lines: [
    { title: "Creation Science Lab", unitPriceCents: 4950, quantity: 1, totalCents: 4950 },
    { title: "Psalms in Song", unitPriceCents: 3900, quantity: 1, totalCents: 3900 },
  ],
  subtotalCents: 8850,
  discountCents: 885,
  couponCode: "SPRING10",
  vatRateBp: 2100,
  vatCents: 1382,
  totalCents: 7965,
  currency: "EUR",
  paymentMethod: "card",
  instalments: [
    {
      sequence: 1,
      dueAt: "2024-05-14T09:30:00.000Z",
      amountCents: 3983,
      status: "paid",
      paidAt: null,
      lastFailedAt: null,
      nextAttemptAt: null,
    },
    {
      sequence: 2,
      dueAt: "2024-06-14T09:30:00.000Z",
      amountCents: 3982,
      status: "scheduled",
      paidAt: null,
      lastFailedAt: null,
      nextAttemptAt: null,
    },
  ],
  consent: {
    version: "2026-11-26",
    termsAcceptedAt: "2024-05-14T09:29:00.000Z",
    immediateAccessAt: "2024-05-14T09:29:00.000Z",
  },
  creditNotes: [],
};

/** The text shown on the pages: standard-font text is written as hex strings inside TJ arrays. */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let text = "";
  for (const array of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
      // Windows-1252: 0x80 is the euro sign.
      text += Buffer.from(hex[1]!, "hex").toString("latin1").replaceAll("\x80", "€");
    }
    text += "\n";
  }
  return text;
}

describe("renderInvoicePdf", () => {
  it("writes a PDF with the number, seller, bill-to, lines and totals", async () => {
    const pdf = await renderInvoicePdf(invoice, "en", { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    const text = pageText(pdf);
    for (const expected of [
      "Invoice",
      "INV-000042",
      "Lindengracht School B.V.",
      "NL004495445B01",
      "Ruth Visser",
      "Creation Science Lab",
      "Discount (SPRING10)",
      "VAT 21% (included)",
      "€79.65",
      "Payment plan",
      "Instalment 2",
      "May 14, 2024",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.toString("latin1")).toContain("(Invoice INV-000042)");
  });

  it("records the consent given at checkout: when, the wording word for word, and its version", async () => {
    const en = pageText(await renderInvoicePdf(invoice, "en", { compress: false })).replace(/\s+/g, " ");
    expect(en).toContain("Terms and right of withdrawal");
    expect(en).toContain("At checkout on May 14, 2024 at 11:29 AM you accepted the general terms");
    expect(en).toContain(checkoutConsentWording("en").immediateAccess);
    expect(en).toContain("Wording version 2026-11-26");
    const nl = pageText(await renderInvoicePdf(invoice, "nl", { compress: false })).replace(/\s+/g, " ");
    expect(nl).toContain("Voorwaarden en herroepingsrecht");
    expect(nl).toContain(checkoutConsentWording("nl").immediateAccess);
    const none = pageText(await renderInvoicePdf({ ...invoice, consent: null }, "en", { compress: false }));
    expect(none).not.toContain("right of withdrawal");
  });

  it("prints a credit note: its own number and date, the invoice it credits, the amount given back", async () => {
    const credit = {
      number: "CN-000003",
      issuedAt: "2024-06-02T10:00:00.000Z",
      kind: "partial" as const,
      reason: "Goodwill",
      amountCents: 2500,
      vatCents: 434,
    };
    const en = pageText(await renderInvoicePdf(invoice, "en", { compress: false, credit }));
    expect(en).toContain("Credit note");
    expect(en).toContain("CN-000003");
    expect(en).toContain("Credits invoice");
    expect(en).toContain("INV-000042");
    expect(en).toContain("June 2, 2024");
    expect(en).toContain("Partial refund: Goodwill");
    expect(en).toContain("-€25.00");
    expect(en).toContain("-€4.34");
    expect(en).toContain("Total credited");
    expect(en).not.toContain("Creation Science Lab");
    expect(en).not.toContain("Payment plan");
    const nl = pageText(await renderInvoicePdf(invoice, "nl", { compress: false, credit }));
    expect(nl).toContain("Creditnota");
    expect(nl).toContain("Crediteert factuur");
    expect(nl).toContain("Totaal gecrediteerd");
  });

  it("prints Dutch labels, dates and amounts for Dutch", async () => {
    const text = pageText(await renderInvoicePdf(invoice, "nl", { compress: false }));
    expect(text).toContain("Factuur");
    expect(text).toContain("Btw 21% (inbegrepen)");
    expect(text).toContain("79,65");
    expect(text).toContain("14 mei 2024");
  });

  it("prints amounts in the order's currency with that currency's decimals", async () => {
    const dollars = pageText(
      await renderInvoicePdf({ ...invoice, currency: "USD", totalCents: 8602 }, "en", { compress: false }),
    );
    expect(dollars).toContain("$86.02");
    expect(dollars).not.toContain("€");
    const yen = pageText(
      await renderInvoicePdf(
        {
          ...invoice,
          currency: "JPY",
          lines: [{ title: "Creation Science Lab", unitPriceCents: 7993, quantity: 1, totalCents: 7993 }],
          subtotalCents: 7993,
          discountCents: 0,
          vatCents: 1387,
          totalCents: 7993,
          instalments: [],
        },
        "en",
        { compress: false },
      ),
    );
    expect(yen).toContain("¥7,993");
    expect(yen).not.toContain("¥79.93");
  });

  it("compresses by default and stays a valid PDF over several pages", async () => {
    const many = {
      ...invoice,
      lines: Array.from({ length: 60 }, (_, i) => ({
        title: `Course number ${i + 1} with a long title that wraps onto a second line in the table`,
        unitPriceCents: 1000,
        quantity: 1,
        totalCents: 1000,
      })),
    };
    const pdf = await renderInvoicePdf(many, "en");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/FlateDecode");
    const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
  });
});
