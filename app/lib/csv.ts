/** A cell of a CSV file; null and undefined become empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/** Cells a spreadsheet would run as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 CSV: comma-separated, CRLF line ends, a field quoted when it holds a quote, comma,
 * line break or edge whitespace, quotes doubled. Text that a spreadsheet would run as a formula
 * gets a leading apostrophe unless `guardFormulas` is false (numbers are never changed).
 */
export function toCsv(rows: CsvValue[][], options: { guardFormulas?: boolean } = {}): string {
  const guard = options.guardFormulas ?? true;
  const cell = (value: CsvValue): string => {
    if (value === null || value === undefined) return "";
    let text = String(value);
    if (guard && typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
    return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(",")).join("\r\n");
}

export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvParseError";
  }
}

/**
 * Parses CSV text (RFC 4180; LF or CRLF line ends; a UTF-8 byte-order mark is dropped) into rows
 * of cells. Blank lines are skipped. An unterminated quoted field throws CsvParseError.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  const endRow = () => {
    row.push(field);
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
    row = [];
    field = "";
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRow();
      line++;
    } else field += char;
  }
  if (quoted)
    throw new CsvParseError(`A quoted field that starts on line ${quoteLine} is never closed.`, quoteLine);
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/**
 * CSV with a header row as records keyed by the (trimmed) header names. Missing cells are "".
 * `line` is the record's row number in the file (the header is row 1), for error reports.
 */
export function parseCsvRecords(text: string): {
  headers: string[];
  records: { line: number; values: Record<string, string> }[];
} {
  const [head, ...rest] = parseCsv(text);
  const headers = (head ?? []).map((name) => name.trim());
  const records = rest.map((cells, index) => ({
    line: index + 2,
    values: Object.fromEntries(headers.map((name, column) => [name, cells[column] ?? ""])),
  }));
  return { headers, records };
}
