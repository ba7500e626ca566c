import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { OrderStatus } from "~shared/order-enums";

const tone: Record<OrderStatus, string> = {
  pending: "bg-accent-soft text-on-accent-soft",
  processing: "bg-primary-soft text-on-primary-soft",
  delivered: "bg-primary text-on-primary",
  cancel: "bg-danger-soft text-danger",
};

/** An order's status as a coloured pill. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tone[status],
      )}
    >
      {t(`adminOrders.status.${status}`)}
    </span>
  );
}
