import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** The question, as the dialog's title. */
  title: ReactNode;
  /** An icon in the red circle above the question. */
  icon: ReactNode;
  /** What else to say under the question. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A red confirm button, for steps that cannot be undone. */
  danger?: boolean;
  busy?: boolean;
  className?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape or a click outside, when that is not the same as the cancel button's answer (default: onCancel). */
  onDismiss?: () => void;
}

/**
 * A yes-or-no question in an alert dialog. "Go back" has the focus, so Enter never says yes by
 * accident; while `busy` it cannot be closed.
 */
export function ConfirmDialog({
  isOpen,
  title,
  icon,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  className,
  onConfirm,
  onCancel,
  onDismiss = onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && !busy && onDismiss()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className={cn(
        "fixed inset-0 z-50 flex items-center justify-center bg-grey-950/50 p-4 backdrop-blur-[1px]",
        className,
      )}
    >
      <Modal className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-raised outline-none">
        <Dialog role="alertdialog" className="outline-none">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
              {icon}
            </span>
            <Heading slot="title" className="mt-4 text-xl font-bold text-balance text-ink">
              {title}
            </Heading>
            {children}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
            <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
              {cancelLabel}
            </Button>
            <Button
              onClick={onConfirm}
              disabled={busy}
              className={danger ? "bg-danger text-white hover:bg-danger/90 dark:text-grey-950" : undefined}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
