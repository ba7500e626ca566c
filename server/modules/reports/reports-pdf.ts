import { dateFormatter, isDateFormat } from "~shared/date-formats";
import { formatFullMoney } from "~shared/money";
import type { ReportName } from "~shared/reports";
import { openPdfDocument, printable, stampPageFooters } from "../../lib/pdf-document";
import { invoicePdfMessages } from "../orders/invoice-pdf.messages";
import type { Reports } from "./reports.schemas";
import { reportPdfMessages } from "./reports-pdf.messages";

const MARGIN = 40;
const FOOTER_HEIGHT = 40;
const INK = "#14201f";
const MUTED = "#52615f";
const BRAND = "#0f6b63";
const LINE = "#d9e0de";

interface Column {
  label: string;
  /** Share of the table's width. */
  weight: number;
  align: "left" | "right";
}

/** What one report prints: its table (with a total row where the figures add up) and notes under it. */
interface ReportTable {
  columns: Column[];
  rows: string[][];
  total?: string[];
  notes: string[];
}

export interface RenderReportOptions {
  /** The school's name, printed above the title. */
  shopName: string;
  /** The school's date format (Settings): the period and the days of the sales report use it. */
  dateFormat?: string | undefined;
  /** Deflate the page streams (default). Tests switch it off to read the text back. */
  compress?: boolean;
}

/** Calendar days (stored as UTC midnight) in the school's date format, whatever its time zone. */
const schoolDays = (language: string, dateFormat: string | undefined) =>
  dateFormatter(language, isDateFormat(dateFormat) ? { dateFormat } : {}, { timeZone: "UTC" });

function reportTable(reports: Reports, name: ReportName, language: string, dateFormat?: string): ReportTable {
  const m = reportPdfMessages(language);
  const c = m.columns;
  const money = (cents: number) => printable(formatFullMoney(cents, reports.currency, language));
  const number = new Intl.NumberFormat(language);
  const count = (value: number) => printable(number.format(value));
  // Report days are calendar dates (YYYY-MM-DD): shown in the school's format, never shifted by a zone.
  const days = schoolDays(language, dateFormat);
  const day = (date: string) => printable(days.format(new Date(`${date}T00:00:00Z`)));
  const month = new Intl.DateTimeFormat(language, { timeZone: "UTC", month: "long", year: "numeric" });
  const col = (label: string, weight: number, align: Column["align"] = "right"): Column => ({
    label,
    weight,
    align,
  });

  switch (name) {
    case "sales": {
      const totals = reports.sales.totals;
      const figures = (row: typeof totals) => [
        count(row.orders),
        money(row.grossCents),
        money(row.discountCents),
        money(row.taxCents),
        money(row.netCents),
        money(row.totalCents),
      ];
      return {
        columns: [
          col(m.grouping[reports.groupBy], 2, "left"),
          col(c.orders, 1),
          col(c.gross, 1.4),
          col(c.discounts, 1.4),
          col(c.tax, 1.4),
          col(c.net, 1.4),
          col(c.total, 1.4),
        ],
        rows: reports.sales.periods.map((row) => [
          reports.groupBy === "month"
            ? printable(month.format(new Date(`${row.period}T00:00:00Z`)))
            : day(row.period),
          ...figures(row),
        ]),
        total: [m.total, ...figures(totals)],
        notes: [],
      };
    }
    case "items": {
      const all = reports.itemTotals;
      const shown = reports.items;
      const others = all.items - shown.length;
      const sumOf = (key: "quantity" | "grossCents" | "taxCents") =>
        shown.reduce((sum, row) => sum + row[key], 0);
      return {
        columns: [
          col(c.item, 4, "left"),
          col(c.kind, 1.2, "left"),
          col(c.quantity, 1),
          col(c.orders, 1),
          col(c.gross, 1.5),
          col(c.tax, 1.5),
        ],
        rows: [
          ...shown.map((row) => [
            row.title || m.removed,
            m.kind[row.kind],
            count(row.quantity),
            count(row.orders),
            money(row.grossCents),
            money(row.taxCents),
          ]),
          // An order with several of the other items counts once in each: their orders do not add up.
          ...(others > 0
            ? [
                [
                  m.otherItems(count(others)),
                  "",
                  count(all.quantity - sumOf("quantity")),
                  "",
                  money(all.grossCents - sumOf("grossCents")),
                  money(all.taxCents - sumOf("taxCents")),
                ],
              ]
            : []),
        ],
        total: [m.total, "", count(all.quantity), "", money(all.grossCents), money(all.taxCents)],
        notes: others > 0 ? [m.topItems(count(shown.length), count(all.items), all.sort)] : [],
      };
    }
    case "categories":
      return {
        columns: [col(c.category, 4, "left"), col(c.quantity, 1), col(c.orders, 1), col(c.gross, 1.5)],
        rows: reports.categories.map((row) => [
          row.id ? row.name : m.noCategory,
          count(row.quantity),
          count(row.orders),
          money(row.grossCents),
        ]),
        notes: [],
      };
    case "payment-methods": {
      const methods = invoicePdfMessages(language).paymentMethods;
      const rows = reports.paymentMethods;
      return {
        columns: [col(c.method, 3, "left"), col(c.orders, 1), col(c.total, 1.5)],
        rows: rows.map((row) => [methods[row.method], count(row.orders), money(row.totalCents)]),
        total: [
          m.total,
          count(rows.reduce((sum, row) => sum + row.orders, 0)),
          money(rows.reduce((sum, row) => sum + row.totalCents, 0)),
        ],
        notes: [],
      };
    }
    case "channels": {
      const rows = reports.channels;
      return {
        columns: [col(c.channel, 3, "left"), col(c.orders, 1), col(c.total, 1.5)],
        rows: rows.map((row) => [m.channel[row.channel], count(row.orders), money(row.totalCents)]),
        total: [
          m.total,
          count(rows.reduce((sum, row) => sum + row.orders, 0)),
          money(rows.reduce((sum, row) => sum + row.totalCents, 0)),
        ],
        notes: [],
      };
    }
    case "refunds": {
      const { kinds, returns, totalCents } = reports.refunds;
      return {
        columns: [col(c.reason, 3, "left"), col(c.refunds, 1), col(c.orders, 1), col(c.amount, 1.5)],
        rows: kinds.map((row) => [
          m.refundKind[row.kind],
          count(row.refunds),
          count(row.orders),
          money(row.amountCents),
        ]),
        total: [m.total, count(kinds.reduce((sum, row) => sum + row.refunds, 0)), "", money(totalCents)],
        notes: [
          m.returns(
            count(returns.returns),
            count(returns.lines),
            count(returns.restocked),
            money(returns.refundCents),
          ),
        ],
      };
    }
    case "taxes": {
      const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 });
      return {
        columns: [
          col(c.country, 1.2, "left"),
          col(c.taxName, 2.5, "left"),
          col(c.rate, 1),
          col(c.orders, 1),
          col(c.taxBase, 1.5),
          col(c.tax, 1.5),
        ],
        rows: reports.taxes.map((row) => [
          row.country ?? m.noCountry,
          row.name,
          printable(percent.format(row.rateBp / 10_000)),
          count(row.orders),
          money(row.baseCents),
          money(row.taxCents),
        ]),
        total: [
          m.total,
          "",
          "",
          "",
          money(reports.taxes.reduce((sum, row) => sum + row.baseCents, 0)),
          money(reports.taxes.reduce((sum, row) => sum + row.taxCents, 0)),
        ],
        notes: [],
      };
    }
    case "customers":
      return {
        columns: [col(c.customerType, 3, "left"), col(c.customers, 1), col(c.orders, 1), col(c.total, 1.5)],
        rows: reports.customers.map((row) => [
          m.customerType[row.type],
          count(row.customers),
          count(row.orders),
          money(row.totalCents),
        ]),
        notes: [],
      };
  }
}

/**
 * One report of the reports screen as an A4 landscape PDF in `language`: the school, the report's
 * title and period, its table as on the screen (amounts in the shop currency, every decimal), and a
 * page footer. The same pdfkit and standard fonts as the invoice PDFs.
 */
export async function renderReportPdf(
  reports: Reports,
  name: ReportName,
  language: string,
  options: RenderReportOptions,
): Promise<Buffer> {
  const m = reportPdfMessages(language);
  const table = reportTable(reports, name, language, options.dateFormat);
  const period = schoolDays(language, options.dateFormat);
  const periodDay = (date: string) => printable(period.format(new Date(`${date}T00:00:00Z`)));

  const { pdf, done } = await openPdfDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: language,
    displayTitle: true,
    info: {
      Title: `${m.titles[name]} ${reports.from} – ${reports.to}`,
      Author: options.shopName,
    },
  });

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const right = left + width;
  const bottomLimit = () => pdf.page.height - pdf.page.margins.bottom;

  pdf
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(BRAND)
    .text(printable(options.shopName), left, pdf.y, { width });
  pdf.moveDown(0.2).font("Helvetica-Bold").fontSize(20).fillColor(INK).text(m.titles[name], { width });
  pdf.moveDown(0.2).font("Helvetica").fontSize(10).fillColor(MUTED);
  pdf.text(m.period(periodDay(reports.from), periodDay(reports.to)), { width });
  pdf.text(printable(m.amountsIn(reports.currency, reports.timeZone)), { width });
  pdf.y += 16;

  const weights = table.columns.reduce((sum, column) => sum + column.weight, 0);
  let x = left;
  const placed = table.columns.map((column) => {
    const w = (column.weight / weights) * width;
    const at = { ...column, x, width: w };
    x += w;
    return at;
  });
  const row = (cells: string[], font: string, color: string): void => {
    pdf.font(font).fontSize(9.5).fillColor(color);
    // A row whose cells each fit on one line (the figures, most titles) is placed without line wrapping:
    // wrapping every cell of a year's 365 days cost most of the sales PDF's time (decision 037).
    const widths = cells.map((cell) => pdf.widthOfString(cell));
    const oneLine = cells.every((cell, i) => !cell.includes("\n") && widths[i]! <= placed[i]!.width - 8);
    const height = oneLine
      ? pdf.currentLineHeight(true)
      : Math.max(...cells.map((cell, i) => pdf.heightOfString(cell || " ", { width: placed[i]!.width - 8 })));
    if (pdf.y + height + 12 > bottomLimit()) {
      pdf.addPage();
      pdf.y = pdf.page.margins.top;
    }
    const y = pdf.y;
    cells.forEach((cell, i) => {
      const column = placed[i]!;
      if (oneLine) {
        const at = column.align === "left" ? column.x : column.x + column.width - widths[i]!;
        pdf.text(cell, at, y, { lineBreak: false });
      } else {
        pdf.text(cell, column.x + (column.align === "left" ? 0 : 8), y, {
          width: column.width - 8,
          align: column.align,
        });
      }
    });
    pdf.y = y + height + 5;
    pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).lineWidth(0.5).strokeColor(LINE).stroke();
    pdf.y += 5;
  };

  row(
    placed.map((column) => column.label),
    "Helvetica-Bold",
    MUTED,
  );
  if (table.rows.length === 0) {
    pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(m.empty, left, pdf.y, { width });
  } else {
    for (const cells of table.rows) row(cells, "Helvetica", INK);
    if (table.total) row(table.total, "Helvetica-Bold", INK);
  }
  for (const note of table.notes) {
    pdf.y += 8;
    pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(note, left, pdf.y, { width });
  }

  stampPageFooters(pdf, {
    margin: MARGIN,
    text: `${printable(options.shopName)} · ${m.titles[name]}`,
    pageLabel: m.page,
    ink: MUTED,
    rule: LINE,
  });
  pdf.end();
  return done;
}
