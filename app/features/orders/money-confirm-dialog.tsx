import { Banknote } from "lucide-react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { useTranslation } from "~/i18n/use-translation";

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
export function MoneyConfirmDialog({ effects, ...props }: MoneyConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      {...props}
      icon={<Banknote aria-hidden="true" className="size-6" />}
      cancelLabel={t("adminOrders.money.goBack")}
      danger
      className="print:hidden"
    >
      <ul className="mt-3 grid gap-1 text-sm text-ink-muted">
        {effects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
