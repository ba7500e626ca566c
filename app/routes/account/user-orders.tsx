import { CreditCard, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { AccountListPage } from "~/features/invoices/account-list-page";
import { formatInvoiceDate, formatInvoiceMoney } from "~/features/invoices/invoice-format";
import { InvoiceStatus } from "~/features/invoices/invoice-status";
import { customerListPage } from "~/features/invoices/require-customer.server";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { CustomerOrderSummary } from "~server/modules/orders/customer-orders.schemas";
import type { Route } from "./+types/user-orders";

const PAGE_SIZE = 20;

/** My Orders: every order of the signed-in customer of this school, newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return customerListPage(context, request, (customerId, page) =>
    context.services.invoices.listOrdersForCustomer(context.company.id, customerId, {
      page,
      limit: PAGE_SIZE,
      language: context.language,
    }),
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "invoices.orders.metaTitle");

const paymentTone: Record<CustomerOrderSummary["paymentStatus"], string> = {
  unpaid: "text-danger",
  paid: "text-ink",
  "partially-refunded": "text-ink-muted",
  refunded: "text-ink-muted",
};

function PaymentState({ order }: { order: CustomerOrderSummary }) {
  const { t } = useTranslation();
  return (
    <span className={`text-sm font-semibold ${paymentTone[order.paymentStatus]}`}>
      {t(`invoices.orders.payment.${order.paymentStatus}`)}
    </span>
  );
}

function Items({ order }: { order: CustomerOrderSummary }) {
  return (
    <ul className="grid gap-0.5">
      {order.items.map((item, index) => (
        // Lines have no id of their own here; their order is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
        <li key={index} className="text-ink">
          {item.quantity > 1 ? `${item.quantity} × ${item.title}` : item.title}
        </li>
      ))}
    </ul>
  );
}

function PayNow({ order }: { order: CustomerOrderSummary }) {
  const { t } = useTranslation();
  if (!order.payable) return null;
  return (
    <Link to={paths.payOrder(order.id)} className={buttonClasses({ variant: "accent" })}>
      <CreditCard aria-hidden="true" />
      {t("invoices.orders.payNow")}
      <span className="sr-only"> {t("invoices.orders.orderNumber", { number: order.number })}</span>
    </Link>
  );
}

export default function UserOrders({ loaderData }: Route.ComponentProps) {
  const { list, dates } = loaderData;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (order: CustomerOrderSummary) =>
    formatInvoiceMoney(order.totalCents, order.currency, language);
  const date = (order: CustomerOrderSummary) => formatInvoiceDate(order.createdAt, language, dates);

  return (
    <AccountListPage
      title={t("invoices.orders.title")}
      intro={t("invoices.orders.intro")}
      empty={{
        Icon: ShoppingBag,
        title: t("invoices.orders.emptyTitle"),
        text: t("invoices.orders.emptyText"),
      }}
      isEmpty={list.orders.length === 0}
      list={list}
      path={paths.userOrders()}
      paginationLabel={t("invoices.orders.pagination")}
    >
      {/* Phones and tablets: one card per order. */}
      <ul className="mt-8 grid gap-4 md:grid-cols-2 xl:hidden">
        {list.orders.map((order) => (
          <li key={order.id} className="rounded-2xl border border-line bg-surface p-4 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-ink">
                  {t("invoices.orders.orderNumber", { number: order.number })}
                </p>
                <p className="text-sm text-ink-muted">{date(order)}</p>
              </div>
              <InvoiceStatus status={order.status} />
            </div>
            <div className="mt-3 text-sm">
              <Items order={order} />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-lg font-bold text-ink tabular-nums">{money(order)}</p>
              <PaymentState order={order} />
            </div>
            {order.payable && (
              <div className="mt-3">
                <PayNow order={order} />
              </div>
            )}
          </li>
        ))}
      </ul>

      {/* Wide screens (the learner sidebar beside it): a table. */}
      <div className="mt-8 hidden overflow-hidden rounded-2xl border border-line bg-surface shadow-card xl:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("invoices.orders.title")}</caption>
          <thead className="bg-sunken text-left text-xs tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.orders.number")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.orders.date")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.orders.items")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {t("invoices.total")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.statusLabel")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.orders.paymentLabel")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                <span className="sr-only">{t("invoices.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.orders.map((order) => (
              <tr key={order.id} className="border-t border-line align-top">
                <th scope="row" className="px-4 py-3 text-left font-semibold whitespace-nowrap text-ink">
                  #{order.number}
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-ink-muted">{date(order)}</td>
                <td className="px-4 py-3">
                  <Items order={order} />
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">
                  {money(order)}
                </td>
                <td className="px-4 py-3">
                  <InvoiceStatus status={order.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <PaymentState order={order} />
                </td>
                <td className="px-4 py-2 text-right">
                  <PayNow order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AccountListPage>
  );
}
