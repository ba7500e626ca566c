import { Banknote } from "lucide-react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

export interface MoneyConfirmDialogProps {
  isOpen: boolean;
  /** The question, with the amount: "Cancel order #57 and refund €119.00?" */
  title: string;
  /** What else happens, one sentence each (access ends, instalments cancelled, …). */
  effects: string[];
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before any step that moves money (a refund, a cancellation of a paid order, a return, a
 * payment recorded by hand): the question names the amount, the list says what happens to the
 * learner's access. "Go back" has the focus, so Enter never moves money by accident.
 */
export function MoneyConfirmDialog({
  isOpen,
  title,
  effects,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: MoneyConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && !busy && onCancel()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-center justify-center bg-grey-950/50 p-4 backdrop-blur-[1px] print:hidden"
    >
      <Modal className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-raised outline-none">
        <Dialog role="alertdialog" className="outline-none">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
              <Banknote aria-hidden="true" className="size-6" />
            </span>
            <Heading slot="title" className="mt-4 text-xl font-bold text-balance text-ink">
              {title}
            </Heading>
            <ul className="mt-3 grid gap-1 text-sm text-ink-muted">
              {effects.map((effect) => (
                <li key={effect}>{effect}</li>
              ))}
            </ul>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
            <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
              {t("adminOrders.money.goBack")}
            </Button>
            <Button
              onClick={onConfirm}
              disabled={busy}
              className="bg-danger text-white hover:bg-danger/90 dark:text-grey-950"
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
