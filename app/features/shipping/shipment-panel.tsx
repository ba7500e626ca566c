import { ExternalLink, Truck } from "lucide-react";
import { PostalAddress } from "~/components/ui/postal-address";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderShipping } from "~server/modules/orders/order-shipping";

/** Where an order's goods go, with which carrier, and once shipped the carrier's tracking link. */
export function ShipmentPanel({ shipping }: { shipping: NonNullable<OrderShipping> }) {
  const { t } = useTranslation();
  const { address } = shipping;
  return (
    <section
      aria-labelledby="shipment-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6 print:shadow-none"
    >
      <h2 id="shipment-title" className="flex items-center gap-2 text-xl font-bold tracking-tight text-ink">
        <Truck aria-hidden="true" className="size-5 shrink-0 text-primary-ink" />
        {t("shipment.title")}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{t("shipment.address")}</dt>
          <dd className="mt-1 text-ink">
            <PostalAddress address={address} phone={shipping.phone} />
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t("shipment.carrier")}</dt>
          <dd className="mt-1 font-semibold text-ink">{shipping.carrier ?? "—"}</dd>
          <dt className="mt-3 text-ink-muted">{t("shipment.status")}</dt>
          <dd className="mt-1 text-ink">
            {shipping.trackingNumber ? (
              <>
                <span className="block">{t("shipment.shipped", { tracking: shipping.trackingNumber })}</span>
                {shipping.trackingUrl && (
                  <a
                    href={shipping.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-primary-ink underline underline-offset-4"
                  >
                    {t("shipment.track", { carrier: shipping.carrier ?? "" })}
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                )}
              </>
            ) : (
              t("shipment.notShipped")
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
