import { X } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { WriteResult } from "./admin-write.server";

/**
 * A create/edit form in a modal: posts `intent` (+ `id`) and the fields to the page's action;
 * closes when the action answers ok, shows the field errors inline otherwise.
 */
export function RecordDialog({
  title,
  isOpen,
  onOpenChange,
  intent,
  id,
  children,
  onSaved,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  intent: string;
  id?: string | undefined;
  /** The fields, given the errors of the last answer. */
  children: (errors: Record<string, string>) => ReactNode;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WriteResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new answer only
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) {
      onOpenChange(false);
      onSaved?.();
    }
  }, [result, fetcher.state]);
  const errors = result && !result.ok ? result.fields : {};
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-grey-950/50 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-2xl rounded-2xl border border-line bg-surface p-6 shadow-raised outline-none">
        <Dialog className="outline-none">
          <div className="mb-4 flex items-start justify-between gap-4">
            <Heading slot="title" className="text-xl font-bold text-ink">
              {title}
            </Heading>
            <Button variant="ghost" aria-label={t("adminSettings.close")} onClick={() => onOpenChange(false)}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value={intent} />
            {id && <input type="hidden" name="id" value={id} />}
            {result && !result.ok && <FormMessage>{result.message}</FormMessage>}
            {children(errors)}
            <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
                {t("adminSettings.cancel")}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t("adminSettings.saving") : t("adminSettings.save")}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
