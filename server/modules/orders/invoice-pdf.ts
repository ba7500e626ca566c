import { checkoutConsentWording } from "~shared/checkout-consent";
import { dateFormatter } from "~shared/date-formats";
import { formatFullMoney } from "~shared/money";
import { openPdfDocument, printable, stampPageFooters } from "../../lib/pdf-document";
import { invoicePdfMessages } from "./invoice-pdf.messages";
import type { InvoiceDocument } from "./invoices.schemas";
import type { RefundKind } from "./orders.tables";

const MARGIN = 50;
const FOOTER_HEIGHT = 40;
const INK = "#14201f";
const MUTED = "#52615f";
const BRAND = "#0f6b63";
const LINE = "#d9e0de";

/** What a credit note prints beside its invoice's parties and numbers. */
export interface CreditNotePrint {
  number: string;
  issuedAt: string;
  kind: Exclude<RefundKind, "duplicate">;
  reason: string | null;
  amountCents: number;
  /** The VAT share of the amount, at the order's own VAT. */
  vatCents: number;
}

export interface RenderInvoiceOptions {
  /** Deflate the page streams (default). Tests switch it off to read the text back. */
  compress?: boolean;
  /** Print the credit note of a refund of this invoice instead of the invoice. */
  credit?: CreditNotePrint;
}

/**
 * The invoice as an A4 PDF in `language`: seller, title and number, bill-to, lines, totals, plan. With
 * `credit`, the credit note of a refund of it: same parties, its own number and date, the invoice it
 * credits, and the amount given back (negative), VAT included.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  language: string,
  options: RenderInvoiceOptions = {},
): Promise<Buffer> {
  const m = invoicePdfMessages(language);
  const { credit } = options;
  const formatMoney = (cents: number) => printable(formatFullMoney(cents, doc.currency, language));
  const date = dateFormatter(language, doc);
  const formatDate = (iso: string) => printable(date.format(new Date(iso)));
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 });

  const { pdf, done } = await openPdfDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: language,
    displayTitle: true,
    info: {
      Title: credit ? `${m.creditNote} ${credit.number}` : `${m.invoice} ${doc.number}`,
      Author: doc.company.companyName || doc.company.shopName,
      Subject: `${m.orderNumber} ${doc.orderNumber}`,
    },
  });

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const right = left + width;
  const bottomLimit = () => pdf.page.height - pdf.page.margins.bottom;

  // Seller (left) and title block (right).
  const top = pdf.y;
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(BRAND)
    .text(doc.company.shopName, left, top, {
      width: width * 0.55,
    });
  pdf.moveDown(0.3).font("Helvetica").fontSize(9).fillColor(MUTED);
  const sellerLines = [
    doc.company.companyName,
    ...doc.company.addressLines,
    doc.company.email,
    ...doc.company.phones,
    doc.company.website,
    doc.company.vatNumber ? `${m.vatNumber}: ${doc.company.vatNumber}` : "",
  ].filter(Boolean);
  for (const line of sellerLines) pdf.text(line, { width: width * 0.55 });
  const sellerBottom = pdf.y;

  const metaX = left + width * 0.58;
  const metaWidth = width * 0.42;
  pdf
    .font("Helvetica-Bold")
    .fontSize(24)
    .fillColor(INK)
    .text(credit ? m.creditNote : m.invoice, metaX, top, {
      width: metaWidth,
      align: "right",
    });
  pdf
    .font("Helvetica")
    .fontSize(11)
    .fillColor(MUTED)
    .text(credit?.number ?? doc.number, { width: metaWidth, align: "right" });
  pdf.moveDown(0.8);
  const meta: [string, string][] = credit
    ? [
        [m.creditNoteNumber, credit.number],
        [m.creditNoteDate, formatDate(credit.issuedAt)],
        [m.creditsInvoice, doc.number],
        [m.orderNumber, `#${doc.orderNumber}`],
      ]
    : [
        [m.invoiceNumber, doc.number],
        [m.invoiceDate, formatDate(doc.issuedAt)],
        [m.orderNumber, `#${doc.orderNumber}`],
        [m.paymentMethod, m.paymentMethods[doc.paymentMethod]],
      ];
  pdf.fontSize(9);
  for (const [label, value] of meta) {
    const y = pdf.y;
    pdf
      .font("Helvetica")
      .fillColor(MUTED)
      .text(label, metaX, y, { width: metaWidth / 2 });
    pdf
      .font("Helvetica-Bold")
      .fillColor(INK)
      .text(value, metaX + metaWidth / 2, y, { width: metaWidth / 2, align: "right" });
    pdf.y = Math.max(pdf.y, y + 13);
  }

  // Bill to.
  pdf.y = Math.max(sellerBottom, pdf.y) + 24;
  pdf.font("Helvetica-Bold").fontSize(9).fillColor(BRAND).text(m.billTo.toUpperCase(), left, pdf.y, {
    characterSpacing: 0.6,
  });
  pdf.moveDown(0.3).font("Helvetica-Bold").fontSize(11).fillColor(INK).text(doc.customer.name, left);
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED);
  if (doc.customer.address) pdf.text(doc.customer.address, { width: width / 2 });
  pdf.text(doc.customer.email, { width: width / 2 });
  if (doc.buyer.company) pdf.text(doc.buyer.company, { width: width / 2 });
  if (doc.buyer.vatNumber) pdf.text(`${m.vatNumber}: ${doc.buyer.vatNumber}`, { width: width / 2 });

  // Lines table.
  const columns = [
    { key: "description", x: left, width: width * 0.52, align: "left" as const },
    { key: "unit", x: left + width * 0.52, width: width * 0.18, align: "right" as const },
    { key: "qty", x: left + width * 0.7, width: width * 0.1, align: "right" as const },
    { key: "amount", x: left + width * 0.8, width: width * 0.2, align: "right" as const },
  ];
  const row = (cells: string[], font: string, color: string) => {
    const y = pdf.y;
    pdf.font(font).fontSize(9.5).fillColor(color);
    const heights = cells.map((cell, i) => {
      const column = columns[i]!;
      return pdf.heightOfString(cell, { width: column.width - 8 });
    });
    const height = Math.max(...heights);
    if (y + height + 12 > bottomLimit()) {
      pdf.addPage();
      return row(cells, font, color);
    }
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const x = column.align === "left" ? column.x : column.x + 8;
      pdf.text(cell, x, y, { width: column.width - 8, align: column.align });
    });
    pdf.y = y + height + 6;
    pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).lineWidth(0.5).strokeColor(LINE).stroke();
    pdf.y += 6;
  };

  pdf.y += 24;
  row([m.description, m.unitPrice, m.quantity, m.amount], "Helvetica-Bold", MUTED);
  if (credit) {
    const what = m.refundKinds[credit.kind];
    const amount = formatMoney(-credit.amountCents);
    row([credit.reason ? `${what}: ${credit.reason}` : what, amount, "1", amount], "Helvetica", INK);
  } else {
    for (const line of doc.lines) {
      row(
        [line.title, formatMoney(line.unitPriceCents), String(line.quantity), formatMoney(line.totalCents)],
        "Helvetica",
        INK,
      );
    }
  }

  // Totals.
  const vatLabel = m.vatIncluded(printable(percent.format(doc.vatRateBp / 10_000)));
  const totals: { label: string; value: string; strong?: boolean }[] = [];
  if (credit) {
    totals.push({ label: vatLabel, value: formatMoney(-credit.vatCents) });
    totals.push({ label: m.totalCredited, value: formatMoney(-credit.amountCents), strong: true });
  } else {
    totals.push({ label: m.subtotal, value: formatMoney(doc.subtotalCents) });
    if (doc.discountCents > 0) {
      totals.push({
        label: doc.couponCode ? m.discountWithCode(doc.couponCode) : m.discount,
        value: formatMoney(-doc.discountCents),
      });
    }
    if (doc.shipping && doc.shipping.costCents > 0) {
      totals.push({
        label: m.shipping(printable(doc.shipping.carrier ?? "")),
        value: formatMoney(doc.shipping.costCents),
      });
    }
    for (const tax of doc.taxLines) {
      const rate = printable(percent.format(tax.rateBp / 10_000));
      totals.push({
        label: doc.reverseCharge
          ? `${m.reverseCharge} (${formatMoney(tax.baseCents)})`
          : m.vatOver(rate, formatMoney(tax.baseCents), doc.pricesIncludeTax),
        value: formatMoney(tax.taxCents),
      });
    }
    totals.push({ label: m.total, value: formatMoney(doc.totalCents), strong: true });
  }

  if (pdf.y + totals.length * 18 + 20 > bottomLimit()) pdf.addPage();
  pdf.y += 6;
  const labelX = left + width * 0.45;
  for (const total of totals) {
    const y = pdf.y;
    pdf
      .font(total.strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(total.strong ? 12 : 9.5)
      .fillColor(total.strong ? INK : MUTED)
      .text(total.label, labelX, y, { width: width * 0.35 });
    pdf.fillColor(INK).text(total.value, left + width * 0.8, y, { width: width * 0.2, align: "right" });
    pdf.y = y + (total.strong ? 20 : 16);
  }
  pdf
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(credit || doc.pricesIncludeTax ? m.pricesIncludeVat : m.pricesExcludeVat, labelX, pdf.y + 2, {
      width: width * 0.55,
      align: "right",
    });
  if (!credit && doc.reverseCharge) {
    pdf.text(m.reverseChargeNote, labelX, pdf.y + 2, { width: width * 0.55, align: "right" });
  }

  // Payment plan (the invoice's; a credit note has none).
  if (!credit && doc.instalments.length > 0) {
    if (pdf.y + 60 > bottomLimit()) pdf.addPage();
    pdf.y += 24;
    pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(m.paymentPlan, left, pdf.y);
    pdf.y += 8;
    row([m.instalmentColumn, m.due, m.status, m.amount], "Helvetica-Bold", MUTED);
    for (const instalment of doc.instalments) {
      row(
        [
          m.instalment(instalment.sequence),
          formatDate(instalment.dueAt),
          m.instalmentStatus[instalment.status],
          formatMoney(instalment.amountCents),
        ],
        "Helvetica",
        INK,
      );
    }
  }

  // What the buyer agreed to at checkout (terms §7): the time, the wording and its version.
  if (!credit && doc.consent) {
    const wording = checkoutConsentWording(language);
    const at = dateFormatter(language, doc, { time: true });
    const statements = [
      wording.recordedOn(printable(at.format(new Date(doc.consent.termsAcceptedAt)))),
      ...(doc.consent.immediateAccessAt ? [`“${wording.immediateAccess}”`] : []),
      wording.version(doc.consent.version),
    ];
    pdf.font("Helvetica").fontSize(8.5);
    const height = statements.reduce((sum, text) => sum + pdf.heightOfString(text, { width }) + 4, 0);
    if (pdf.y + height + 50 > bottomLimit()) pdf.addPage();
    pdf.y += 24;
    pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(m.consentTitle, left, pdf.y);
    pdf.y += 6;
    pdf.font("Helvetica").fontSize(8.5).fillColor(MUTED);
    for (const statement of statements) {
      pdf.text(statement, left, pdf.y, { width });
      pdf.y += 4;
    }
  }

  // The school's receipt footer and working hours (Settings), under everything else.
  const closing = [
    doc.company.receiptFooter,
    doc.company.workingHours && `${m.workingHours}: ${doc.company.workingHours}`,
  ].filter(Boolean);
  if (closing.length > 0) {
    pdf.font("Helvetica").fontSize(9);
    const height = closing.reduce((sum, text) => sum + pdf.heightOfString(text, { width }) + 4, 0);
    if (pdf.y + height + 30 > bottomLimit()) pdf.addPage();
    pdf.y += 20;
    pdf.fillColor(MUTED);
    for (const text of closing) {
      pdf.text(printable(text), left, pdf.y, { width });
      pdf.y += 4;
    }
  }

  // Footer on every page: legal name, VAT number, page number.
  const footer = [
    doc.company.companyName || doc.company.shopName,
    doc.company.vatNumber && `${m.vatNumber} ${doc.company.vatNumber}`,
  ]
    .filter(Boolean)
    .join(" · ");
  stampPageFooters(pdf, { margin: MARGIN, text: footer, pageLabel: m.page, ink: MUTED, rule: LINE });
  pdf.end();
  return done;
}
