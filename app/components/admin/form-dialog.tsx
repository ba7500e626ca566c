import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { cn } from "~/lib/cn";

/**
 * A modal for a create/edit form: centred (`side="center"`) or a drawer from the right
 * (`side="drawer"`, full width on phones). Focus is trapped inside and returns on close; Escape
 * and a click outside close it unless `busy`.
 */
export function FormDialog({
  title,
  closeLabel,
  isOpen,
  onOpenChange,
  busy = false,
  side = "center",
  children,
}: {
  title: string;
  /** Accessible name of the close button (translated). */
  closeLabel: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  busy?: boolean;
  side?: "center" | "drawer";
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className={cn(
        "fixed inset-0 z-50 flex bg-grey-950/50 backdrop-blur-[1px]",
        side === "center" ? "items-center justify-center p-4" : "justify-end",
      )}
    >
      <Modal
        className={cn(
          "flex max-h-full w-full flex-col border border-line bg-surface shadow-raised outline-none",
          side === "center" ? "max-w-lg rounded-2xl" : "h-full max-w-2xl",
        )}
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
            <Heading slot="title" className="text-xl font-bold text-ink">
              {title}
            </Heading>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              disabled={busy}
              aria-label={closeLabel}
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-sunken hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
