import { ArrowLeft, CircleCheck, PauseCircle } from "lucide-react";
import { data, Link, useNavigate, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { checkoutApi } from "~/features/cart/checkout-api";
import { DemoCardForm } from "~/features/cart/demo-card-form";
import { StripePaymentForm } from "~/features/cart/stripe-payment-form";
import { requirePageCustomer } from "~/features/invoices/require-customer.server";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import { useOnline } from "~/lib/use-online";
import type { Route } from "./+types/user-payments";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const customer = requirePageCustomer(context, request);
  const sequence = Number(params.sequence);
  // Unknown orders and other people's look the same: not found.
  const plan = /^[0-9a-f-]{36}$/.test(params.orderId)
    ? await context.services.instalments.forLearner(context.company.id, customer.customerId, params.orderId)
    : null;
  if (!plan?.instalments.some((row) => row.sequence === sequence)) throw data(null, { status: 404 });
  const info = await context.services.settings.storeInfo(context.company.id);
  return {
    plan,
    sequence,
    provider: (await context.services.payments.forCompany(context.company.id)).card.name,
    origin: context.origin,
    timeZone: info.timeZone,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "instalments.metaTitle");

/** The learner's payment plan of one order; an instalment whose charge failed can be paid here. */
export default function UserPayments({ loaderData }: Route.ComponentProps) {
  const { plan, sequence, provider, origin, timeZone } = loaderData;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const [search] = useSearchParams();
  const format = useDates({ timeZone }).date;
  const date = (iso: string | null) =>
    iso ? <time dateTime={iso}>{format.format(new Date(iso))}</time> : null;
  const money = (cents: number) => formatMoney(cents, plan.currency, i18n.language);
  const chosen = plan.instalments.find((row) => row.sequence === sequence)!;
  const here = paths.instalmentPayment(plan.orderId, sequence);
  const paidNow = search.has("paid");

  const statusOf = (row: (typeof plan.instalments)[number]) => {
    if (row.status === "paid")
      return (
        <>
          {t("instalments.paidOn")} {date(row.paidAt)}
        </>
      );
    if (row.status === "cancelled") return t("instalments.cancelled");
    if (row.status === "failed")
      return (
        <>
          {t("instalments.failedOn")} {date(row.lastFailedAt)}
        </>
      );
    if (row.lastFailedAt)
      return (
        <>
          {t("instalments.declinedOn")} {date(row.lastFailedAt)}
          {row.nextAttemptAt && (
            <>
              {" · "}
              {t("instalments.nextTry")} {date(row.nextAttemptAt)}
            </>
          )}
        </>
      );
    return (
      <>
        {t("instalments.dueOn")} {date(row.dueAt)}
      </>
    );
  };

  return (
    <Container className="max-w-3xl py-6 sm:py-10">
      <Link to={paths.userInvoices()} className={buttonClasses({ variant: "ghost", className: "-ml-3" })}>
        <ArrowLeft aria-hidden="true" />
        {t("instalments.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">
        {t("instalments.title", { number: plan.number })}
      </h1>
      {paidNow && chosen.status === "paid" && (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg bg-primary-soft p-3 font-semibold text-on-primary-soft"
        >
          <CircleCheck aria-hidden="true" className="size-5" />
          {t("instalments.thanks", { sequence })}
        </p>
      )}
      {plan.paused && (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger"
        >
          <PauseCircle aria-hidden="true" className="size-5 shrink-0" />
          {t("instalments.paused")}
        </p>
      )}

      <table className="mt-6 w-full text-sm">
        <caption className="sr-only">{t("instalments.schedule")}</caption>
        <thead>
          <tr className="border-b border-line text-left text-xs tracking-wide text-ink-muted uppercase">
            <th scope="col" className="py-2 pr-3">
              {t("instalments.instalment")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("instalments.status")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("instalments.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.instalments.map((row) => (
            <tr
              key={row.sequence}
              className="border-b border-line"
              aria-current={row.sequence === sequence || undefined}
            >
              <td className="py-2 pr-3 text-ink">{row.sequence}</td>
              <td className="py-2 pr-3 text-ink-muted">{statusOf(row)}</td>
              <td className="py-2 text-right tabular-nums text-ink">{money(row.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section
        aria-labelledby="pay-instalment"
        className="mt-8 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
      >
        <h2 id="pay-instalment" className="mb-4 text-xl font-bold text-ink">
          {t("instalments.payTitle", { sequence, amount: money(chosen.amountCents) })}
        </h2>
        {chosen.status === "paid" ? (
          <p>{t("instalments.alreadyPaid")}</p>
        ) : !chosen.payable ? (
          <p>
            {t("instalments.automatic", {
              date: format.format(new Date(chosen.nextAttemptAt ?? chosen.dueAt)),
            })}
          </p>
        ) : provider === "stripe" ? (
          <StripePaymentForm
            orderId={plan.orderId}
            amount={money(chosen.amountCents)}
            returnUrl={`${origin}${here}?paid`}
            disabled={!online}
            start={() => checkoutApi.payInstalment(plan.orderId, sequence)}
          />
        ) : (
          <DemoCardForm
            orderId={plan.orderId}
            amount={money(chosen.amountCents)}
            disabled={!online}
            pay={(card) => checkoutApi.payInstalment(plan.orderId, sequence, card)}
            onPaid={() => navigate(`${here}?paid`, { replace: true })}
          />
        )}
      </section>
    </Container>
  );
}
