import { Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import type { ActionResult } from "./action-result";

/** A trash button that asks the spec's delete question before posting `fields`. */
export function DeleteButton({
  name,
  label,
  fields,
  action,
  children,
}: {
  name: string;
  label: string;
  fields: Record<string, string>;
  action?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={children ? "secondary" : "ghost"}
        aria-label={children ? undefined : label}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" className="text-danger" />
        {children}
      </Button>
      <ConfirmDeleteDialog
        isOpen={open}
        onOpenChange={setOpen}
        name={name}
        submission={{ fields, ...(action ? { action } : {}) }}
        onDone={(result) => {
          const outcome = result as ActionResult | undefined;
          if (outcome && !outcome.ok) notify.error(outcome.message);
        }}
      />
    </>
  );
}
