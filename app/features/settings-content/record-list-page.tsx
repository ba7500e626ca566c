import type { RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableProps } from "~/components/admin/data-table";
import { RecordDialog } from "./record-dialog";
import {
  AddRecordButton,
  bulkDeleteFor,
  DeleteRecordDialog,
  RecordRowActions,
  useRecordEditing,
} from "./record-list";

type NamedRecord = RowData & { id: string; name: string };

/** The paging props of a list that shows every record on one page. */
export const wholeList = (rows: readonly unknown[]) => ({
  total: rows.length,
  page: 1,
  limit: Math.max(rows.length, 1),
});

/**
 * A back-office page listing one kind of record (states, taxes, carriers, currencies…): the table
 * with bulk delete, an add button, each row's edit and delete buttons, the edit dialog that posts
 * intent "create"/"update" and the delete question. Writers only see the writing controls.
 */
export function RecordListPage<T extends NamedRecord>({
  title,
  description,
  addLabel,
  editTitle,
  canWrite,
  rowLabels,
  canDelete,
  fields,
  table,
  children,
}: {
  title: string;
  description: string;
  /** The add button's label, also the dialog's title when creating. */
  addLabel: string;
  /** The dialog's title when editing. */
  editTitle: string;
  canWrite: boolean;
  /** The accessible names of a row's edit and delete buttons. */
  rowLabels: (row: T) => { edit: string; delete: string };
  /** Rows that cannot be deleted get no delete button; every row can by default. */
  canDelete?: (row: T) => boolean;
  /** The dialog's fields for the record being edited (null when creating). */
  fields: (current: T | null, errors: Record<string, string>) => ReactNode;
  table: Omit<DataTableProps<T>, "label" | "getRowId" | "rowActions" | "bulkDelete">;
  /** Shown above the table (a settings form that belongs to the list). */
  children?: ReactNode;
}) {
  const records = useRecordEditing<T>();
  const { current } = records;
  return (
    <AdminPage
      title={title}
      description={description}
      actions={canWrite && <AddRecordButton label={addLabel} onClick={records.create} />}
    >
      {children}
      <DataTable
        {...table}
        label={title}
        getRowId={(row) => row.id}
        {...bulkDeleteFor(canWrite)}
        rowActions={
          canWrite
            ? (row) => {
                const labels = rowLabels(row);
                return (
                  <RecordRowActions
                    editLabel={labels.edit}
                    deleteLabel={labels.delete}
                    onEdit={() => records.edit(row)}
                    onDelete={(canDelete?.(row) ?? true) ? () => records.confirmDelete(row) : undefined}
                  />
                );
              }
            : undefined
        }
      />
      {records.isEditing && (
        <RecordDialog
          title={current ? editTitle : addLabel}
          isOpen
          onOpenChange={(open) => !open && records.closeEditor()}
          intent={current ? "update" : "create"}
          id={current?.id}
        >
          {(errors) => fields(current, errors)}
        </RecordDialog>
      )}
      {records.deleting && (
        <DeleteRecordDialog
          id={records.deleting.id}
          name={records.deleting.name}
          onClose={records.closeDelete}
        />
      )}
    </AdminPage>
  );
}
