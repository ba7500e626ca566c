import { inflateSync } from "node:zlib";

/**
 * The text shown on a PDF's pages (pdfkit, standard fonts): the page streams, inflated when
 * deflated, and the text in their TJ arrays, written as hex strings in Windows-1252.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let content = raw;
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    try {
      content += inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      // Not deflated: already in `raw`.
    }
  }
  let text = "";
  for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
      // Windows-1252: 0x80 is the euro sign.
      text += Buffer.from(hex[1]!, "hex").toString("latin1").replaceAll("\x80", "€");
    }
    text += "\n";
  }
  return text;
}
