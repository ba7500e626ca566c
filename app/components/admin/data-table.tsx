import {
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown, Download, Inbox, Search, Trash2, X } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Checkbox as AriaCheckbox } from "react-aria-components";
import { Form, useLocation, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { type CsvValue, toCsv } from "~/lib/csv";
import { LIST_PARAMS, useListParams } from "~/lib/list-params";
import { alignClass, cardRows, type RecordColumn } from "./card-rows";
import { ConfirmDeleteDialog, type DeleteSubmission } from "./confirm-delete-dialog";
import { Select, type SelectOption } from "./form-fields";

/** One column of a DataTable; `id` is for sortable columns also the `sort` value sent to the server. */
export interface DataTableColumn<T extends RowData> extends RecordColumn<T> {
  /** Header becomes a sort button; the server sorts by `?sort=<id>&order=asc|desc`. */
  sortable?: boolean;
  /** Value in the CSV export; columns without it are left out of the export. */
  csv?: (row: T) => CsvValue;
}

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table (a visually hidden caption). */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  /** Server-side totals of the current query. */
  total: number;
  page: number;
  limit: number;
  /** Show the search box (writes `searchText`); default true. */
  search?: boolean;
  searchPlaceholder?: string;
  /** Filter controls, e.g. <DataTableFilter param="status" … />; shown next to the search. */
  filters?: ReactNode;
  /** URL params that count as filters, for "clear filters" (searchText is always included). */
  filterParams?: string[];
  /** Actions per row (edit link, delete button), in a last column. */
  rowActions?: (row: T) => ReactNode;
  /** Enables row selection; renders actions for the selected rows in the bulk bar. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Enables row selection and a bulk 'Delete' (with the confirm dialog) submitting the ids. */
  bulkDelete?: (ids: string[]) => DeleteSubmission;
  /**
   * CSV export. Without `url` the current page's rows are exported with each column's `csv`;
   * with `url` it links there (with the current filters) for a server-made file of every row.
   */
  exportCsv?: { filename: string; url?: string };
  /** Shown when the list is empty without any search or filter. */
  empty: { title: string; hint?: string; action?: ReactNode };
  /** One card per row below 768 px instead of a table that scrolls sideways. */
  cardsOnPhones?: boolean;
}

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

function SelectBox({
  label,
  isSelected,
  isIndeterminate,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  isIndeterminate?: boolean;
  onChange: (selected: boolean) => void;
}) {
  return (
    <AriaCheckbox
      aria-label={label}
      isSelected={isSelected}
      isIndeterminate={isIndeterminate ?? false}
      onChange={onChange}
      className="group flex size-11 cursor-pointer items-center justify-center"
    >
      <span
        aria-hidden="true"
        className={cn(
          "flex size-5 items-center justify-center rounded border-2 text-on-primary",
          "group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-focus",
          isSelected || isIndeterminate ? "border-primary bg-primary" : "border-control bg-surface",
        )}
      >
        {isIndeterminate ? "–" : isSelected ? "✓" : null}
      </span>
    </AriaCheckbox>
  );
}

/** A search box that updates `searchText` after a pause in typing; Enter submits at once (GET). */
function SearchBox({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  const { params, get, set } = useListParams();
  const current = get(LIST_PARAMS.search) ?? "";
  const [value, setValue] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Follow the URL when it changes from elsewhere (back button, clear filters); not on mount, where
  // it would wipe what was typed before the page hydrated (app/lib/early-input.ts hands that over).
  const followed = useRef(current);
  useEffect(() => {
    if (followed.current === current) return;
    followed.current = current;
    setValue(current);
  }, [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (text: string) => {
    setValue(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => set({ [LIST_PARAMS.search]: text.trim() }, { replace: true }), 350);
  };

  const kept = [...params.entries()].filter(
    ([name]) => name !== LIST_PARAMS.search && name !== LIST_PARAMS.page,
  );
  return (
    <Form method="get" role="search" className="relative min-w-0 flex-1 sm:max-w-sm sm:min-w-64">
      {kept.map(([name, keptValue]) => (
        <input key={name} type="hidden" name={name} value={keptValue} />
      ))}
      <label className="sr-only" htmlFor="data-table-search">
        {placeholder}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
      />
      <input
        id="data-table-search"
        type="search"
        name={LIST_PARAMS.search}
        value={value}
        onChange={(event) => change(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="block min-h-11 w-full rounded-lg border border-control bg-surface pr-3 pl-9 text-sm text-ink shadow-sm placeholder:text-ink-muted hover:border-primary-ink focus:border-primary"
      />
      <button type="submit" className="sr-only">
        {t("admin.table.search")}
      </button>
    </Form>
  );
}

/** A filter select bound to one URL param (empty option = no filter). */
export function DataTableFilter({
  param,
  label,
  options,
  allLabel,
}: {
  param: string;
  label: string;
  options: SelectOption[];
  /** Label of the "no filter" option, e.g. "All statuses". */
  allLabel: string;
}) {
  const { get, set } = useListParams();
  return (
    <Select
      label={label}
      hideLabel
      className="w-full sm:w-52"
      value={get(param) ?? ""}
      onChange={(value) => set({ [param]: value || null })}
      options={[{ value: "", label: allLabel }, ...options]}
    />
  );
}

function downloadText(filename: string, text: string) {
  const blob = new Blob([`\uFEFF${text}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The back office's one list pattern: server-side paging, search, filters and sort in the URL
 * (shareable), sortable headers with aria-sort, row selection with a bulk bar, CSV export, an
 * empty state and skeleton rows while the next page loads.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  getRowId,
  total,
  page,
  limit,
  search = true,
  searchPlaceholder,
  filters,
  filterParams = [],
  rowActions,
  bulkActions,
  bulkDelete,
  exportCsv,
  empty,
  cardsOnPhones = false,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { params, get, set, hrefFor } = useListParams();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const selectable = Boolean(bulkActions || bulkDelete);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [confirmBulk, setConfirmBulk] = useState(false);

  const sortId = get(LIST_PARAMS.sort);
  const sorting: SortingState = sortId ? [{ id: sortId, desc: get(LIST_PARAMS.order) === "desc" }] : [];

  // A new page of rows: forget the selection of the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the rows change
  useEffect(() => setRowSelection({}), [rows]);

  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: () => null,
        enableSorting: Boolean(column.sortable),
      })),
    [columns],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row: T) => getRowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableRowSelection: selectable,
    state: { sorting, rowSelection },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      set({
        [LIST_PARAMS.sort]: first?.id ?? null,
        [LIST_PARAMS.order]: first ? (first.desc ? "desc" : "asc") : null,
      });
    },
    onRowSelectionChange: setRowSelection,
  });

  const byId = new Map(columns.map((column) => [column.id, column]));
  const cards = cardsOnPhones ? cardRows : undefined;
  const tableRows = table.getRowModel().rows;
  const selectedRows = tableRows.filter((row) => row.getIsSelected()).map((row) => row.original);
  const selectedIds = selectedRows.map(getRowId);
  const clearSelection = () => setRowSelection({});
  const pages = Math.max(1, Math.ceil(total / limit));
  const filtered = [LIST_PARAMS.search, ...filterParams].some((name) => params.get(name));
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);

  const exportRows = () => {
    const exported = columns.filter((column) => column.csv);
    const csv = toCsv([
      exported.map((column) => column.header),
      ...rows.map((row) => exported.map((column) => column.csv!(row))),
    ]);
    downloadText(exportCsv!.filename, csv);
  };
  const exportHref = exportCsv?.url
    ? `${exportCsv.url}${exportCsv.url.includes("?") ? "&" : "?"}${(() => {
        const copy = new URLSearchParams(params);
        copy.delete(LIST_PARAMS.page);
        return copy.toString();
      })()}`
    : null;

  return (
    <div className="grid gap-4">
      {(search || filters || exportCsv) && (
        <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 shadow-card sm:flex-row sm:flex-wrap sm:items-center">
          {search && <SearchBox placeholder={searchPlaceholder ?? t("admin.table.searchPlaceholder")} />}
          {filters && (
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">{filters}</div>
          )}
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            {filtered && (
              <a
                href={hrefFor(
                  Object.fromEntries([LIST_PARAMS.search, ...filterParams].map((name) => [name, null])),
                )}
                onClick={(event) => {
                  event.preventDefault();
                  set(Object.fromEntries([LIST_PARAMS.search, ...filterParams].map((name) => [name, null])));
                }}
                className={buttonClasses({ variant: "ghost" })}
              >
                <X aria-hidden="true" />
                {t("admin.table.clearFilters")}
              </a>
            )}
            {exportCsv &&
              (exportHref ? (
                <a
                  href={exportHref}
                  download={exportCsv.filename}
                  className={buttonClasses({ variant: "secondary" })}
                >
                  <Download aria-hidden="true" />
                  {t("admin.table.exportCsv")}
                </a>
              ) : (
                <Button variant="secondary" onClick={exportRows} disabled={rows.length === 0}>
                  <Download aria-hidden="true" />
                  {t("admin.table.exportCsv")}
                </Button>
              ))}
          </div>
        </div>
      )}

      {selectable && selectedRows.length > 0 && (
        <section
          aria-label={t("admin.table.bulkActions")}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/40 bg-primary-soft px-4 py-2 text-on-primary-soft"
        >
          <p role="status" className="text-sm font-semibold">
            {t("admin.table.selected", { count: selectedRows.length })}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {bulkActions?.(selectedRows, clearSelection)}
            {bulkDelete && (
              <Button
                variant="secondary"
                onClick={() => setConfirmBulk(true)}
                className="text-danger hover:text-danger"
              >
                <Trash2 aria-hidden="true" />
                {t("admin.table.deleteSelected")}
              </Button>
            )}
            <Button variant="ghost" onClick={clearSelection}>
              {t("admin.table.clearSelection")}
            </Button>
          </div>
          {bulkDelete && (
            <ConfirmDeleteDialog
              isOpen={confirmBulk}
              onOpenChange={setConfirmBulk}
              name={t("admin.table.records", { count: selectedIds.length })}
              submission={bulkDelete(selectedIds)}
              onDone={clearSelection}
            />
          )}
        </section>
      )}

      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-card">
        {/* relative: the table's visually hidden (absolutely placed) labels stay inside this scroller
            instead of widening the page on a narrow screen. */}
        <div className="relative overflow-x-auto">
          <table
            className={cn("w-full border-collapse text-sm", cards?.table)}
            aria-busy={loading || undefined}
          >
            <caption className="sr-only">{label}</caption>
            <thead
              className={cn(
                "bg-sunken text-left text-xs font-semibold tracking-wide text-ink-muted uppercase",
                cards?.head,
              )}
            >
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {selectable && (
                    <th scope="col" className="w-12 px-1">
                      <SelectBox
                        label={t("admin.table.selectAll")}
                        isSelected={table.getIsAllPageRowsSelected()}
                        isIndeterminate={table.getIsSomePageRowsSelected()}
                        onChange={(value) => table.toggleAllPageRowsSelected(value)}
                      />
                    </th>
                  )}
                  {group.headers.map((header) => {
                    const column = byId.get(header.column.id)!;
                    const sorted = header.column.getIsSorted();
                    const align = alignClass[column.align ?? "start"];
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          column.sortable
                            ? sorted === "asc"
                              ? "ascending"
                              : sorted === "desc"
                                ? "descending"
                                : "none"
                            : undefined
                        }
                        className={cn("px-4 py-2 whitespace-nowrap", align, column.className)}
                      >
                        {column.sortable ? (
                          <button
                            type="button"
                            onClick={() =>
                              set({
                                [LIST_PARAMS.sort]: sorted === "desc" ? null : column.id,
                                [LIST_PARAMS.order]:
                                  sorted === "asc" ? "desc" : sorted === "desc" ? null : "asc",
                              })
                            }
                            className="-mx-2 inline-flex min-h-9 items-center gap-1 rounded-md px-2 uppercase hover:bg-surface hover:text-ink"
                          >
                            {column.header}
                            {sorted === "asc" ? (
                              <ArrowUp aria-hidden="true" className="size-3.5" />
                            ) : sorted === "desc" ? (
                              <ArrowDown aria-hidden="true" className="size-3.5" />
                            ) : (
                              <ChevronsUpDown aria-hidden="true" className="size-3.5 opacity-60" />
                            )}
                          </button>
                        ) : (
                          column.header
                        )}
                      </th>
                    );
                  })}
                  {rowActions && (
                    <th scope="col" className="px-4 py-2 text-right">
                      <span className="sr-only">{t("admin.table.actions")}</span>
                    </th>
                  )}
                </tr>
              ))}
            </thead>
            <tbody className={cn("divide-y divide-line", cards?.body)}>
              {loading
                ? Array.from({ length: Math.min(Math.max(rows.length, 5), limit) }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <tr key={index}>
                      {Array.from({ length: columnCount }, (_, cell) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                        <td key={cell} className="px-4 py-3">
                          <span className="block h-4 animate-pulse rounded bg-sunken" />
                        </td>
                      ))}
                    </tr>
                  ))
                : tableRows.map((row) => (
                    <tr
                      key={row.id}
                      className={cn(
                        "transition-colors hover:bg-sunken/60",
                        row.getIsSelected() && "bg-primary-soft/40",
                        cards?.row,
                      )}
                    >
                      {selectable && (
                        <td className={cn("w-12 px-1", cards && "max-md:w-auto")}>
                          <SelectBox
                            label={t("admin.table.selectRow")}
                            isSelected={row.getIsSelected()}
                            onChange={(value) => row.toggleSelected(value)}
                          />
                        </td>
                      )}
                      {row.getAllCells().map((cell) => {
                        const column = byId.get(cell.column.id)!;
                        return (
                          <td
                            key={cell.id}
                            data-label={cards ? column.header : undefined}
                            className={cn(
                              "px-4 py-3 align-middle text-ink",
                              alignClass[column.align ?? "start"],
                              column.className,
                              cards?.cell,
                            )}
                          >
                            {column.cell(row.original)}
                          </td>
                        );
                      })}
                      {rowActions && (
                        <td className={cn("px-4 py-2 text-right whitespace-nowrap", cards?.cell)}>
                          <div className="inline-flex items-center gap-1">{rowActions(row.original)}</div>
                        </td>
                      )}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
        {!loading && rows.length === 0 && (
          <div className="flex flex-col items-center px-6 py-14 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-sunken text-ink-muted">
              <Inbox aria-hidden="true" className="size-7" />
            </span>
            {filtered ? (
              <>
                <p className="mt-4 text-base font-semibold text-ink">{t("admin.table.noMatches")}</p>
                <p className="mt-1 text-sm text-ink-muted">{t("admin.table.noMatchesHint")}</p>
              </>
            ) : (
              <>
                <p className="mt-4 text-base font-semibold text-ink">{empty.title}</p>
                {empty.hint && <p className="mt-1 max-w-md text-sm text-ink-muted">{empty.hint}</p>}
                {empty.action && <div className="mt-5">{empty.action}</div>}
              </>
            )}
          </div>
        )}
      </div>

      <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {t("admin.table.showing", { first, last, total })}
        </p>
        <Pagination
          page={page}
          pages={pages}
          hrefFor={(number) => hrefFor({ [LIST_PARAMS.page]: number === 1 ? null : String(number) })}
          label={t("admin.table.pagination")}
          previousLabel={t("admin.table.previous")}
          nextLabel={t("admin.table.next")}
          pageLabel={(number) => t("admin.table.page", { page: number })}
        />
      </div>
    </div>
  );
}
