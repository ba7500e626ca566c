import { CsvParseError, parseCsvRecords } from "~/lib/csv";
import { AdminImportCustomer, MAX_IMPORT_SIZE } from "~shared/customer-fields";
import { customerFieldErrors } from "./customer-fields";

/** The columns an import file has: name and email required, phone and address optional. */
export const IMPORT_HEADERS = ["name", "email", "phone", "address"] as const;

export type ImportRow = { name: string; email: string; phone?: string; address?: string };

/** A problem with one row of the file (`row` counts the header as row 1) or the whole file (row 0). */
export interface ImportProblem {
  row: number;
  /** An i18n key under `adminCustomers.import.errors` … */
  key?: string;
  /** … or a message from the server, shown as it is. */
  message?: string;
  values?: Record<string, string | number>;
}

export type ImportCheck =
  | { ok: true; rows: ImportRow[]; lines: number[] }
  | { ok: false; problems: ImportProblem[] };

/**
 * Reads an import file: the header row must name `name` and `email` (phone and address are
 * optional, other columns are ignored), every row must hold a valid customer. All problems are
 * reported at once, with their row numbers.
 */
export function checkImportFile(text: string): ImportCheck {
  let parsed: ReturnType<typeof parseCsvRecords>;
  try {
    parsed = parseCsvRecords(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    if (error instanceof CsvParseError) return { ok: false, problems: [{ row: 0, key: "unreadable" }] };
    throw error;
  }
  const headers = parsed.headers.map((name) => name.toLowerCase());
  if (!headers.includes("name") || !headers.includes("email")) {
    return {
      ok: false,
      problems: [{ row: 1, key: "headers", values: { headers: IMPORT_HEADERS.join(",") } }],
    };
  }
  const records = parsed.records.filter((record) =>
    Object.values(record.values).some((value) => value.trim() !== ""),
  );
  if (records.length === 0) return { ok: false, problems: [{ row: 0, key: "empty" }] };
  if (records.length > MAX_IMPORT_SIZE) {
    return { ok: false, problems: [{ row: 0, key: "tooMany", values: { max: MAX_IMPORT_SIZE } }] };
  }
  const rows: ImportRow[] = [];
  const lines: number[] = [];
  const problems: ImportProblem[] = [];
  for (const record of records) {
    const values = Object.fromEntries(
      Object.entries(record.values).map(([name, value]) => [name.trim().toLowerCase(), value]),
    );
    const candidate: Record<string, string> = { name: values.name ?? "", email: values.email ?? "" };
    if (values.phone?.trim()) candidate.phone = values.phone;
    if (values.address?.trim()) candidate.address = values.address;
    const result = AdminImportCustomer.safeParse(candidate);
    if (result.success) {
      rows.push(result.data);
      lines.push(record.line);
    } else {
      for (const [field, key] of Object.entries(customerFieldErrors(result.error))) {
        problems.push({ row: record.line, key: `field.${key}`, values: { field } });
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows, lines };
}

/**
 * The per-row problems of a rejected import from the API's 400 `details`: the service's
 * `{ index, message }` (entry index) or a validation `{ path: "body.<index>.<field>", message }`.
 */
export function problemsFromApi(details: unknown, lines: number[], fallback: string): ImportProblem[] {
  if (!Array.isArray(details) || details.length === 0) return [{ row: 0, message: fallback }];
  return details.map((detail: { index?: number; path?: string; message?: string }) => {
    const index =
      typeof detail.index === "number" ? detail.index : Number(detail.path?.split(".")[1] ?? Number.NaN);
    return { row: lines[index] ?? 0, message: detail.message ?? fallback };
  });
}
