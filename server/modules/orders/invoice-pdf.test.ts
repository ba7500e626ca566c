import { describe, expect, it } from "vitest";
import { checkoutConsentWording } from "~shared/checkout-consent";
import { pdfText } from "../../../tests/support/pdf-text";
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
  dateFormat: "D MMM YYYY",
  customer: { name: "Ruth Visser", email: "ruth@example.com", address: "Kerkstraat 3, Utrecht" },
  company: {
    shopName: "Lindengracht School",
    companyName: "Lindengracht School B.V.",
    vatNumber: "NL004495445B01",
    addressLines: ["Lindengracht 112", "1015 KK Amsterdam"],
    email: "hello@school.example.com",
    phones: ["+31 20 555 0142"],
    website: "https://school.example.com",
    workingHours: "",
    receiptFooter: "",
  },
  lines: [
    { title: "Creation Science Lab", unitPriceCents: 4950, quantity: 1, totalCents: 4950, taxRateBp: null },
    { title: "Psalms in Song", unitPriceCents: 3900, quantity: 1, totalCents: 3900, taxRateBp: null },
  ],
  subtotalCents: 8850,
  discountCents: 885,
  couponCode: "SPRING10",
  vatRateBp: 2100,
  vatCents: 1382,
  totalCents: 7965,
  taxLines: [{ name: "VAT", rateBp: 2100, baseCents: 6583, taxCents: 1382 }],
  pricesIncludeTax: true,
  reverseCharge: false,
  buyer: { country: null, company: null, vatNumber: null },
  currency: "EUR",
  paymentMethod: "card",
  shipping: null,
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

describe("renderInvoicePdf", () => {
  it("writes a PDF with the number, seller, bill-to, lines and totals", async () => {
    const pdf = await renderInvoicePdf(invoice, "en", { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    const text = pdfText(pdf);
    for (const expected of [
      "Invoice",
      "INV-000042",
      "Lindengracht School B.V.",
      "NL004495445B01",
      "Ruth Visser",
      "Creation Science Lab",
      "Discount (SPRING10)",
      "VAT 21% over €65.83 (included)",
      "€79.65",
      "Payment plan",
      "Instalment 2",
      "14 May 2024",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.toString("latin1")).toContain("(Invoice INV-000042)");
  });

  it("shows each rate with its base, and the reverse-charge note with the buyer's VAT number", async () => {
    const twoRates = pdfText(
      await renderInvoicePdf(
        {
          ...invoice,
          taxLines: [
            { name: "VAT NL 21 %", rateBp: 2100, baseCents: 4091, taxCents: 859 },
            { name: "VAT NL 9 %", rateBp: 900, baseCents: 3578, taxCents: 322 },
          ],
        },
        "nl",
        { compress: false },
      ),
    );
    expect(twoRates).toMatch(/Btw 21% over €\s40,91 \(inbegrepen\)/);
    expect(twoRates).toMatch(/Btw 9% over €\s35,78 \(inbegrepen\)/);
    const reverse = pdfText(
      await renderInvoicePdf(
        {
          ...invoice,
          reverseCharge: true,
          buyer: { country: "DE", company: "Schule GmbH", vatNumber: "DE123456789" },
          taxLines: [{ name: "Reverse charge", rateBp: 0, baseCents: 6583, taxCents: 0 }],
        },
        "en",
        { compress: false },
      ),
    ).replace(/\s+/g, " ");
    expect(reverse).toContain("Schule GmbH");
    expect(reverse).toContain("VAT number: DE123456789");
    expect(reverse).toContain("Reverse charge: VAT to be accounted for by the recipient");
  });

  it("records the consent given at checkout: when, the wording word for word, and its version", async () => {
    const en = pdfText(await renderInvoicePdf(invoice, "en", { compress: false })).replace(/\s+/g, " ");
    expect(en).toContain("Terms and right of withdrawal");
    expect(en).toContain("At checkout on 14 May 2024 11:29 AM you accepted the general terms");
    expect(en).toContain(checkoutConsentWording("en").immediateAccess);
    expect(en).toContain("Wording version 2026-11-26");
    const nl = pdfText(await renderInvoicePdf(invoice, "nl", { compress: false })).replace(/\s+/g, " ");
    expect(nl).toContain("Voorwaarden en herroepingsrecht");
    expect(nl).toContain(checkoutConsentWording("nl").immediateAccess);
    const none = pdfText(await renderInvoicePdf({ ...invoice, consent: null }, "en", { compress: false }));
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
    const en = pdfText(await renderInvoicePdf(invoice, "en", { compress: false, credit }));
    expect(en).toContain("Credit note");
    expect(en).toContain("CN-000003");
    expect(en).toContain("Credits invoice");
    expect(en).toContain("INV-000042");
    expect(en).toContain("2 Jun 2024");
    expect(en).toContain("Partial refund: Goodwill");
    expect(en).toContain("-€25.00");
    expect(en).toContain("-€4.34");
    expect(en).toContain("Total credited");
    expect(en).not.toContain("Creation Science Lab");
    expect(en).not.toContain("Payment plan");
    const nl = pdfText(await renderInvoicePdf(invoice, "nl", { compress: false, credit }));
    expect(nl).toContain("Creditnota");
    expect(nl).toContain("Crediteert factuur");
    expect(nl).toContain("Totaal gecrediteerd");
  });

  it("prints dates in the school's date format, and its receipt footer and working hours", async () => {
    const text = pdfText(
      await renderInvoicePdf(
        {
          ...invoice,
          dateFormat: "YYYY-MM-DD",
          company: {
            ...invoice.company,
            receiptFooter: "Thank you for learning with us.",
            workingHours: "Mon-Fri 9:00-17:00",
          },
        },
        "en",
        { compress: false },
      ),
    ).replace(/\s+/g, " ");
    expect(text).toContain("2024-05-14");
    expect(text).not.toContain("14 May 2024");
    expect(text).toContain("Thank you for learning with us.");
    expect(text).toContain("Working hours: Mon-Fri 9:00-17:00");
    const plain = pdfText(await renderInvoicePdf(invoice, "en", { compress: false }));
    expect(plain).not.toContain("Working hours");
  });

  it("prints Dutch labels, dates and amounts for Dutch", async () => {
    const text = pdfText(await renderInvoicePdf(invoice, "nl", { compress: false }));
    expect(text).toContain("Factuur");
    expect(text).toMatch(/Btw 21% over €\s65,83 \(inbegrepen\)/);
    expect(text).toContain("79,65");
    expect(text).toContain("14 mei 2024");
  });

  it("prints amounts in the order's currency with that currency's decimals", async () => {
    const dollars = pdfText(
      await renderInvoicePdf({ ...invoice, currency: "USD", totalCents: 8602 }, "en", { compress: false }),
    );
    expect(dollars).toContain("$86.02");
    expect(dollars).not.toContain("€");
    const yen = pdfText(
      await renderInvoicePdf(
        {
          ...invoice,
          currency: "JPY",
          lines: [
            {
              title: "Creation Science Lab",
              unitPriceCents: 7993,
              quantity: 1,
              totalCents: 7993,
              taxRateBp: null,
            },
          ],
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
        taxRateBp: null,
      })),
    };
    const pdf = await renderInvoicePdf(many, "en");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/FlateDecode");
    const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
  });
});
