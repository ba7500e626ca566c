/** The shared frame of the PDFs the app prints (invoices, credit notes, reports): pdfkit, standard fonts. */

/** The standard PDF fonts only know Windows-1252: make the few spaces Intl uses printable. */
export function printable(text: string): string {
  return text.replace(/[\u202f\u2009]/g, " ");
}

/**
 * A new pdfkit document and the promise of its bytes once `end()` is called. pdfkit is loaded on the
 * first document, not at start-up (it reads its fonts when imported).
 */
export async function openPdfDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ pdf: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, done };
}

/**
 * A footer on every page of a document made with `bufferPages`: a rule, `text` on the left and the
 * page number ("Page 1 of 2", from `pageLabel`) on the right, `margin` above the bottom edge.
 */
export function stampPageFooters(
  pdf: PDFKit.PDFDocument,
  footer: {
    margin: number;
    text: string;
    pageLabel: (page: number, pages: number) => string;
    ink: string;
    rule: string;
  },
): void {
  const left = footer.margin;
  const width = pdf.page.width - 2 * footer.margin;
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = pdf.page.height - footer.margin - 12;
    pdf.page.margins.bottom = 0;
    pdf
      .moveTo(left, y - 8)
      .lineTo(left + width, y - 8)
      .lineWidth(0.5)
      .strokeColor(footer.rule)
      .stroke();
    pdf
      .font("Helvetica")
      .fontSize(8)
      .fillColor(footer.ink)
      .text(footer.text, left, y, { width: width * 0.7, lineBreak: false });
    pdf.text(footer.pageLabel(i + 1, range.count), left + width * 0.7, y, {
      width: width * 0.3,
      align: "right",
      lineBreak: false,
    });
  }
}
