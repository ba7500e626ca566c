import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * Classes that show a table as one card per row below 768 px (Tailwind's `md`), so that a phone
 * sees every column without scrolling sideways. One DOM for both layouts: each cell names its
 * column through `data-label` (shown before the value on a card), the header row is hidden.
 */
export const cardRows = {
  table: "max-md:block",
  head: "max-md:hidden",
  body: "max-md:grid max-md:gap-3 max-md:p-3",
  row: "max-md:grid max-md:rounded-lg max-md:border! max-md:border-line max-md:px-3 max-md:py-2",
  cell: cn(
    "max-md:flex max-md:min-w-0 max-md:items-center max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-1 max-md:text-right max-md:[overflow-wrap:anywhere]",
    "max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-semibold max-md:before:text-ink-muted max-md:before:content-[attr(data-label)]",
  ),
} as const;

/** One column of a RecordTable or DataTable: its header and how a row shows in it. */
export interface RecordColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: "start" | "end" | "center";
  /** Extra classes for the cells (e.g. "w-32", "hidden md:table-cell"). */
  className?: string;
}

export const alignClass = { start: "text-left", end: "text-right", center: "text-center" } as const;

/** A short read-only table (no search, sorting or pages) that turns into cards on phones. */
export function RecordTable<T>({
  label,
  columns,
  rows,
  getRowId,
}: {
  label: string;
  columns: RecordColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className={cn("w-full text-sm", cardRows.table)}>
        <caption className="sr-only">{label}</caption>
        <thead className={cardRows.head}>
          <tr className="border-b border-line text-left text-ink-muted">
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn("py-2 pr-3", alignClass[column.align ?? "start"], column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cardRows.body}>
          {rows.map((row) => (
            <tr key={getRowId(row)} className={cn("border-b border-line last:border-0", cardRows.row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  data-label={column.header}
                  className={cn(
                    "py-2 pr-3",
                    alignClass[column.align ?? "start"],
                    column.className,
                    cardRows.cell,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
