import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { InvoiceSummary } from "./types";

const tone: Record<InvoiceSummary["status"], string> = {
  pending: "bg-accent-soft text-on-accent-soft",
  processing: "bg-primary-soft text-on-primary-soft",
  delivered: "bg-primary-soft text-on-primary-soft",
  cancel: "bg-sunken text-ink-muted",
};

/** The invoiced order's status as a small pill. */
export function InvoiceStatus({
  status,
  className,
}: {
  status: InvoiceSummary["status"];
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tone[status],
        className,
      )}
    >
      {t(`invoices.status.${status}`)}
    </span>
  );
}
