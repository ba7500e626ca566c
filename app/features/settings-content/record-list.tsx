import { Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { Button } from "~/components/ui/button";

/** Which record a list page is editing ("new" for the create form) or about to delete. */
export function useRecordEditing<T>() {
  const [editing, setEditing] = useState<T | null | "new">(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    isEditing: editing !== null,
    /** The record being edited, null when creating or closed. */
    current: editing === "new" ? null : editing,
    create: () => setEditing("new"),
    edit: (record: T) => setEditing(record),
    closeEditor: () => setEditing(null),
    deleting,
    confirmDelete: (record: T) => setDeleting(record),
    closeDelete: () => setDeleting(null),
  };
}

/** The page header's "add" button. */
export function AddRecordButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The DataTable props that let writers delete the selected rows. */
export const bulkDeleteFor = (canWrite: boolean) =>
  canWrite ? { bulkDelete: (ids: string[]) => ({ fields: { intent: "bulk-delete", ids } }) } : {};

/** A row's edit and (when allowed) delete buttons, after any extra actions. */
export function RecordRowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  children,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  /** Left out when the row cannot be deleted. */
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-1">
      {children}
      <Button variant="ghost" aria-label={editLabel} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      {onDelete && (
        <Button variant="ghost" aria-label={deleteLabel} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/** Confirms deleting one record; posts intent "delete" with its id. */
export function DeleteRecordDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  return (
    <ConfirmDeleteDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      name={name}
      submission={{ fields: { intent: "delete", id } }}
    />
  );
}
