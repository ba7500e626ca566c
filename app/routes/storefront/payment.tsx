import { redirect, useNavigate } from "react-router";
import { Container } from "~/components/ui/container";
import { CheckoutStepHeading } from "~/features/cart/checkout-step-heading";
import { CreditPaymentForm } from "~/features/cart/credit-payment-form";
import { DemoCardForm } from "~/features/cart/demo-card-form";
import { OrderSummary } from "~/features/cart/order-summary";
import { RedirectPaymentForm } from "~/features/cart/redirect-payment-form";
import { StripePaymentForm } from "~/features/cart/stripe-payment-form";
import { visitorOrder } from "~/features/cart/visitor-order.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import { useOnline } from "~/lib/use-online";
import type { Route } from "./+types/payment";

export async function loader({ context, request }: Route.LoaderArgs) {
  const order = await visitorOrder(context, request);
  if (order.status === "delivered" || order.status === "processing") {
    throw redirect(`${paths.thankYou()}?order=${encodeURIComponent(order.id)}`);
  }
  const query = new URL(request.url).searchParams;
  const back: "cancelled" | "returned" | null = query.get("cancelled")
    ? "cancelled"
    : query.get("returned")
      ? "returned"
      : null;
  const { card } = await context.services.payments.forCompany(context.company.id);
  return { order, provider: card.name, origin: context.origin, back };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "payment.metaTitle");

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { order, provider, origin, back } = loaderData;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const amount = formatMoney(order.amountDueNowCents, order.currency, i18n.language);
  const thankYou = `${paths.thankYou()}?order=${encodeURIComponent(order.id)}`;
  const expired = order.status === "cancel";
  const plan =
    order.instalmentCount > 1
      ? {
          instalments: order.instalmentCount,
          firstCents: order.amountDueNowCents,
          laterCents: order.instalments[1]?.amountCents ?? 0,
        }
      : null;

  return (
    <Container className="py-8 sm:py-12">
      <CheckoutStepHeading
        backLabel={t("payment.backToCart")}
        title={t("payment.title")}
        offlineText={online ? null : t("payment.offline")}
      >
        <p className="mt-1 text-sm text-ink-muted" data-testid="order-number">
          {t("payment.orderNumber", { number: order.number })}
        </p>
      </CheckoutStepHeading>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section
          className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
          aria-labelledby="pay-title"
        >
          <h2 id="pay-title" className="mb-5 text-xl font-bold tracking-tight text-ink">
            {t("payment.amountDue")}: <span className="tabular-nums">{amount}</span>
          </h2>
          {expired ? (
            <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger">
              {t("payment.expired")}
            </p>
          ) : order.paymentMethod === "credit" ? (
            <CreditPaymentForm
              orderId={order.id}
              amount={amount}
              disabled={!online}
              onPaid={() => navigate(thankYou)}
            />
          ) : order.paymentMethod === "paypal" || order.paymentMethod === "ideal" ? (
            <RedirectPaymentForm
              orderId={order.id}
              method={order.paymentMethod}
              amount={amount}
              back={back}
              disabled={!online}
              onPaid={() => navigate(thankYou)}
            />
          ) : provider === "stripe" ? (
            <StripePaymentForm
              orderId={order.id}
              amount={amount}
              returnUrl={`${origin}${thankYou}`}
              disabled={!online}
            />
          ) : (
            <DemoCardForm
              orderId={order.id}
              amount={amount}
              disabled={!online}
              onPaid={() => navigate(thankYou)}
            />
          )}
        </section>

        <OrderSummary totals={order} plan={plan} className="lg:sticky lg:top-below-header lg:self-start">
          <ul className="mt-4 grid gap-3 border-b border-line pb-4">
            {order.lines.map((line) => (
              <li key={line.courseId ?? line.title} className="flex justify-between gap-4 text-sm">
                <span className="text-ink">{line.title}</span>
                <span className="tabular-nums text-ink">
                  {formatMoney(line.unitPriceCents, order.currency, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        </OrderSummary>
      </div>
    </Container>
  );
}
