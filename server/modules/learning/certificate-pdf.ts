import type { Readable } from "node:stream";
import type { Language } from "~shared/language";
import type { ImageStore } from "../media/image-store";

const INK = "#14201f";
const MUTED = "#52615f";
const BRAND = "#0f6b63";
const LINE = "#d9e0de";

/** The words printed on a certificate (server side, so not in the web app's locale files). */
const WORDS = {
  en: {
    title: "Certificate of completion",
    certifies: "This certifies that",
    completed: "has completed the course",
    date: "Date",
    code: "Verification code",
    verify: (url: string) => `Verify this certificate at ${url}`,
  },
  nl: {
    title: "Certificaat van voltooiing",
    certifies: "Hierbij verklaren wij dat",
    completed: "de cursus heeft voltooid",
    date: "Datum",
    code: "Verificatiecode",
    verify: (url: string) => `Controleer dit certificaat op ${url}`,
  },
} as const;

export interface CertificatePrint {
  school: string;
  /** PNG or JPEG bytes of the school's logo, when it has one. */
  logo: Buffer | null;
  learnerName: string;
  courseTitle: string;
  issuedAt: Date;
  timeZone: string;
  code: string;
  verifyUrl: string;
}

/** The standard PDF fonts only know Windows-1252: make the few spaces Intl uses printable. */
const printable = (text: string) => text.replace(/[\u202f\u2009]/g, " ");

/**
 * The school's uploaded logo as PNG bytes for the PDF (stored as WebP, which PDF cannot hold), or
 * null when there is none or it cannot be read: a certificate is never refused for its logo.
 */
export async function logoForPdf(images: Pick<ImageStore, "read">, address: string): Promise<Buffer | null> {
  const match = /^\/media\/images\/([^/]+)\/([^/]+)$/.exec(address);
  if (!match) return null;
  try {
    const image = await images.read(match[1]!, match[2]!);
    if (!image) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of image.body as Readable) chunks.push(chunk as Buffer);
    const { default: sharp } = await import("sharp");
    return await sharp(Buffer.concat(chunks)).png().toBuffer();
  } catch {
    return null;
  }
}

/** The certificate as an A4 landscape PDF, in `language`, drawn with the invoices' PDF library. */
export async function renderCertificatePdf(
  print: CertificatePrint,
  language: Language,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const w = WORDS[language] ?? WORDS.en;
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    compress: options.compress ?? true,
    lang: language,
    displayTitle: true,
    info: { Title: `${w.title}: ${print.courseTitle}`, Author: print.school, Subject: print.code },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const width = pdf.page.width;
  const height = pdf.page.height;
  const inner = 90;
  const textWidth = width - 2 * inner;
  const line = (text: string, size: number, font: string, color: string, gap = 0) => {
    pdf
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(printable(text), inner, pdf.y + gap, {
        width: textWidth,
        align: "center",
      });
  };

  pdf
    .lineWidth(3)
    .strokeColor(BRAND)
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  pdf
    .lineWidth(0.75)
    .strokeColor(LINE)
    .rect(38, 38, width - 76, height - 76)
    .stroke();

  pdf.y = 64;
  if (print.logo) {
    try {
      pdf.image(print.logo, width / 2 - 60, 60, { fit: [120, 60], align: "center", valign: "center" });
      pdf.y = 130;
    } catch {
      pdf.y = 64;
    }
  }
  line(print.school, 16, "Helvetica-Bold", BRAND);
  line(w.title, 34, "Helvetica-Bold", INK, 24);
  line(w.certifies, 14, "Helvetica", MUTED, 22);
  line(print.learnerName, 30, "Helvetica-Bold", INK, 12);
  line(w.completed, 14, "Helvetica", MUTED, 14);
  line(print.courseTitle, 22, "Helvetica-Bold", BRAND, 10);

  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: print.timeZone });
  pdf.y = height - 150;
  line(`${w.date}: ${date.format(print.issuedAt)}`, 12, "Helvetica", INK);
  line(`${w.code}: ${print.code}`, 12, "Helvetica-Bold", INK, 6);
  line(w.verify(print.verifyUrl), 10, "Helvetica", MUTED, 6);

  pdf.end();
  return done;
}
