import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/** A modal dialog with a heading (React Aria: focus trap, Escape closes, focus returns). */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  intro,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-grey-950/50 p-4 backdrop-blur-[1px]"
    >
      <Modal className="max-h-[90dvh] w-full max-w-lg overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-raised outline-none">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-xl font-bold text-ink">
            {title}
          </Heading>
          {intro && <p className="mt-1 text-sm text-ink-muted">{intro}</p>}
          <div className="mt-5">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
