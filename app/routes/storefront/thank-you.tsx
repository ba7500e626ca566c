import { CheckCircle2, Clock, Mail, PlayCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { OrderSummary } from "~/features/cart/order-summary";
import { visitorOrder } from "~/features/cart/visitor-order.server";
import { ShipmentPanel } from "~/features/shipping/shipment-panel";
import { useTranslation } from "~/i18n/use-translation";
import { clearCart } from "~/lib/cart-store";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/thank-you";

/** The thank-you page stands alone: no site header or footer. */
export const handle: RouteHandle = { chrome: false };

export async function loader({ context, request }: Route.LoaderArgs) {
  const order = await visitorOrder(context, request);
  return { order, signedIn: context.customer !== null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "thankYou.metaTitle");

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { order, signedIn } = loaderData;
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const paid = order.status === "delivered" || order.status === "processing";
  /** Cash on delivery: the order is placed, the money comes with the parcel. */
  const cashOnDelivery = order.paymentMethod === "cod" && order.status === "pending";
  const courseLines = order.lines.filter((line) => line.courseId && line.slug);
  const firstCourse = courseLines.length === 1 ? courseLines[0]!.slug : null;
  const money = (cents: number) => formatMoney(cents, order.currency, i18n.language);
  const dates = useDates().date;
  const date = (iso: string) => dates.format(new Date(iso));

  // A placed cash-on-delivery order is as final as a paid one: its items leave the cart.
  useEffect(() => {
    if (paid || cashOnDelivery) clearCart();
  }, [paid, cashOnDelivery]);

  return (
    <div className="min-h-dvh bg-canvas px-4 py-10 sm:py-16">
      <div className="mx-auto grid max-w-2xl gap-8">
        <header className="text-center">
          <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary-soft text-on-primary-soft">
            {paid ? (
              <CheckCircle2 aria-hidden="true" className="size-9" />
            ) : (
              <Clock aria-hidden="true" className="size-9" />
            )}
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
            {t("thankYou.title")}
          </h1>
          <p className="mt-3 text-lg font-semibold text-ink" data-testid="order-number">
            {t("thankYou.orderNumber", { number: order.number })}
          </p>
          <p className="mt-3 text-base text-ink-muted">
            {paid
              ? t("thankYou.paid", { email: order.customer.email })
              : cashOnDelivery
                ? t("thankYou.cashOnDelivery")
                : t("thankYou.processing")}
          </p>
          {!paid && !cashOnDelivery && (
            <Button variant="secondary" className="mt-4" onClick={() => revalidator.revalidate()}>
              {t("thankYou.refresh")}
            </Button>
          )}
        </header>

        <section
          aria-labelledby="courses-title"
          className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
        >
          <h2 id="courses-title" className="text-xl font-bold tracking-tight text-ink">
            {t("thankYou.coursesTitle")}
          </h2>
          <ul className="mt-4 grid gap-3">
            {order.lines.map((line) => (
              <li key={line.courseId ?? line.title} className="flex items-center gap-3">
                <PlayCircle aria-hidden="true" className="size-5 shrink-0 text-primary-ink" />
                {paid && line.courseId && line.slug ? (
                  <Link
                    to={paths.courseVideo(line.slug)}
                    className="font-semibold text-primary-ink underline"
                  >
                    {line.title}
                  </Link>
                ) : (
                  <span className="font-semibold text-ink">{line.title}</span>
                )}
              </li>
            ))}
          </ul>
          {paid && signedIn && (
            <ButtonLink to={paths.userCourses()} variant="primary" className="mt-6">
              {t("thankYou.goToCourses")}
            </ButtonLink>
          )}
          {paid && !signedIn && (
            <div className="mt-6 rounded-xl border border-primary-ink/30 bg-primary-soft p-4 text-on-primary-soft">
              <h3 className="flex items-center gap-2 font-bold">
                <Mail aria-hidden="true" className="size-5 shrink-0" />
                {t("thankYou.magicTitle")}
              </h3>
              <p className="mt-1 text-sm">{t("thankYou.magicText", { email: order.customer.email })}</p>
              <Link
                to={paths.signInLink(firstCourse ? paths.courseVideo(firstCourse) : paths.userCourses())}
                className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4"
              >
                {t("thankYou.magicNew")}
              </Link>
            </div>
          )}
          {!signedIn && (
            <div className="mt-6 rounded-xl bg-sunken p-4">
              <h3 className="font-bold text-ink">{t("thankYou.guestTitle")}</h3>
              <p className="mt-1 text-sm text-ink-muted">
                {t("thankYou.guestText", { email: order.customer.email })}
              </p>
              <ButtonLink to={paths.signUp(order.customer.email)} variant="primary" className="mt-4">
                {t("thankYou.createAccount")}
              </ButtonLink>
            </div>
          )}
        </section>

        {order.instalmentCount > 1 && (
          <section
            aria-labelledby="schedule-title"
            className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
          >
            <h2 id="schedule-title" className="text-xl font-bold tracking-tight text-ink">
              {t("thankYou.schedule")}
            </h2>
            <ul className="mt-4 grid gap-2 text-sm text-ink">
              {order.instalments.map((instalment) => (
                <li key={instalment.sequence} className="tabular-nums">
                  {instalment.status === "paid"
                    ? t("thankYou.instalmentPaid", {
                        sequence: instalment.sequence,
                        amount: money(instalment.amountCents),
                      })
                    : t("thankYou.instalment", {
                        sequence: instalment.sequence,
                        amount: money(instalment.amountCents),
                        date: date(instalment.dueAt),
                      })}
                </li>
              ))}
            </ul>
          </section>
        )}

        {order.shipping && <ShipmentPanel shipping={order.shipping} />}

        <OrderSummary
          totals={order}
          shipping={
            order.shipping
              ? { carrier: order.shipping.carrier ?? "", costCents: order.shipping.costCents }
              : null
          }
        />

        <p className="text-center">
          <Link
            to={paths.home()}
            className="inline-flex min-h-11 items-center font-semibold text-primary-ink underline"
          >
            {t("thankYou.home")}
          </Link>
        </p>
      </div>
    </div>
  );
}
