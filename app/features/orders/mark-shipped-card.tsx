import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { PostalAddress } from "~/components/ui/postal-address";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderShipping } from "~server/modules/orders/order-shipping";
import type { OrderActionResult } from "./order-action-result";

/**
 * The order's shipping (address, phone, carrier, cost) and "Mark shipped": staff enter the carrier's
 * tracking number; the buyer then sees the tracking link. Shipping again replaces the number.
 */
export function MarkShippedCard({
  shipping,
  canShip,
  money,
}: {
  shipping: NonNullable<OrderShipping>;
  /** Staff may write, and the order may ship now (paid, or cash on delivery). */
  canShip: boolean;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<OrderActionResult>();
  const [tracking, setTracking] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      setTracking("");
      notify.success(t("adminOrders.shipping.shippedDone"));
    } else notify.error(result.message);
  }, [fetcher.state, fetcher.data, t]);
  const { address } = shipping;

  return (
    <AdminCard title={t("adminOrders.shipping.title")} className="print:break-inside-avoid">
      <div className="grid gap-1 text-sm text-ink">
        <PostalAddress address={address} phone={shipping.phone} />
        <span className="mt-2">
          {t("adminOrders.shipping.carrier", {
            carrier: shipping.carrier ?? "—",
            cost: money(shipping.costCents),
          })}
        </span>
        {shipping.trackingNumber && (
          <span>
            {shipping.trackingUrl ? (
              <a href={shipping.trackingUrl} target="_blank" rel="noopener noreferrer" className="underline">
                {t("adminOrders.shipping.tracking", { tracking: shipping.trackingNumber })}
              </a>
            ) : (
              t("adminOrders.shipping.tracking", { tracking: shipping.trackingNumber })
            )}
          </span>
        )}
      </div>
      {canShip && (
        <form
          className="mt-4 grid gap-3 print:hidden"
          onSubmit={(event) => {
            event.preventDefault();
            if (!tracking.trim()) {
              setError(t("adminOrders.shipping.trackingRequired"));
              return;
            }
            setError(undefined);
            fetcher.submit({ intent: "mark-shipped", trackingNumber: tracking.trim() }, { method: "post" });
          }}
        >
          <TextField
            label={t("adminOrders.shipping.trackingNumber")}
            value={tracking}
            onChange={setTracking}
            maxLength={100}
            error={error}
          />
          <div>
            <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
              {shipping.trackingNumber
                ? t("adminOrders.shipping.shipAgain")
                : t("adminOrders.shipping.markShipped")}
            </Button>
          </div>
        </form>
      )}
    </AdminCard>
  );
}
