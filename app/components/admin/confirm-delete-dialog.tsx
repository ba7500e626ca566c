import { TriangleAlert } from "lucide-react";
import { type ReactElement, useEffect, useRef, useState } from "react";
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";

/** What the dialog submits on 'Yes, Delete It': fields (repeated for arrays) to `action`. */
export interface DeleteSubmission {
  /** The route (action) to post to, e.g. "/courses" or "/course/123". Defaults to the current route. */
  action?: string;
  method?: "post" | "delete";
  /** Form fields, e.g. `{ intent: "delete", id }` or `{ intent: "bulk-delete", ids: ["a", "b"] }`. */
  fields: Record<string, string | string[]>;
}

export interface ConfirmDeleteDialogProps {
  /** The record's name, shown after the question; omit for a generic question. */
  name?: string | undefined;
  submission: DeleteSubmission;
  /** Uncontrolled use: the element that opens the dialog (a React Aria <Button> or ours inside). */
  trigger?: ReactElement;
  /** Controlled use (no trigger): open state and its setter. */
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called with the action's data once the deletion request has finished. */
  onDone?: (result: unknown) => void;
}

function toFormData(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

/**
 * The spec's delete confirmation (section 8): 'Are you sure you want to delete' (+ the record's name),
 * 'If you delete these records, you won't be able to view them in your list anymore.', with
 * 'No, Keep It' and 'Yes, Delete It'. 'Yes' submits `submission` through a fetcher, stays open
 * (busy) until the action answers, then closes and calls `onDone`.
 */
export function ConfirmDeleteDialog({
  name,
  submission,
  trigger,
  isOpen,
  onOpenChange,
  onDone,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = isOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const submitted = useRef(false);
  const busy = fetcher.state !== "idle";

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the fetcher finishing only
  useEffect(() => {
    if (submitted.current && fetcher.state === "idle") {
      submitted.current = false;
      setOpen(false);
      onDone?.(fetcher.data);
    }
  }, [fetcher.state]);

  const confirm = () => {
    submitted.current = true;
    fetcher.submit(toFormData(submission.fields), {
      method: submission.method ?? "post",
      ...(submission.action ? { action: submission.action } : {}),
    });
  };

  const overlay = (controlled: boolean) => (
    <ModalOverlay
      {...(controlled ? { isOpen: open, onOpenChange: setOpen } : {})}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-center justify-center bg-grey-950/50 p-4 backdrop-blur-[1px]"
    >
      <Modal className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-raised outline-none">
        <Dialog role="alertdialog" className="outline-none">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
              <TriangleAlert aria-hidden="true" className="size-6" />
            </span>
            <Heading slot="title" className="mt-4 text-xl font-bold text-balance text-ink">
              {t("admin.confirmDelete.title")}
              {name ? (
                <>
                  {" "}
                  <span className="text-danger">{name}</span>?
                </>
              ) : null}
            </Heading>
            <p className="mt-2 text-sm text-ink-muted">{t("admin.confirmDelete.body")}</p>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy} autoFocus>
              {t("admin.confirmDelete.keep")}
            </Button>
            <Button
              onClick={confirm}
              disabled={busy}
              className="bg-danger text-white hover:bg-danger/90 dark:text-grey-950"
            >
              {busy ? t("admin.confirmDelete.deleting") : t("admin.confirmDelete.confirm")}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );

  if (trigger) {
    return (
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        {trigger}
        {overlay(false)}
      </DialogTrigger>
    );
  }
  return overlay(true);
}
