import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { Select } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { MoneyConfirmDialog } from "~/features/orders/money-confirm-dialog";
import type { OrderActionResult } from "~/features/orders/order-action-result";
import { contentsOfAll, type OrderContents } from "~/features/orders/order-contents";
import { OrderStatusBadge } from "~/features/orders/order-status-badge";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney, minorUnitsToDecimal } from "~/lib/format";
import { useListParams } from "~/lib/list-params";
import type { AdminOrderListItem } from "~server/modules/orders/orders-admin.schemas";
import {
  ORDER_CHANNELS,
  ORDER_DAY_RANGES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
} from "~shared/order-enums";
import { ORDER_TRANSITIONS } from "~shared/order-status";
import type { Route } from "./+types/orders";

export { action, loader } from "./orders.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminOrders.title") }] : [];
};

/**
 * Inline status changes, run by the page: a row can leave the list once its status changed (a
 * status filter) or be drawn anew, so what the change did is said by the page, not by the row.
 */
interface StatusChange {
  /** Moves the order to `status`; a toast says what happened once the list has reloaded. */
  submit(order: AdminOrderListItem, status: OrderStatus): void;
  /** The change on its way (one at a time), or null. */
  pending: { id: string; status: OrderStatus } | null;
}

const StatusChangeContext = createContext<StatusChange | null>(null);

function useStatusChange(): StatusChange {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<OrderActionResult>();
  // What was asked, as it stood when confirmed: once the list has reloaded, a cancelled order has
  // nothing left to refund. And each answer is announced once.
  const asked = useRef<{ number: number; refunded: string | null; contents: OrderContents } | null>(null);
  const announced = useRef<OrderActionResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || announced.current === result || !asked.current) return;
    announced.current = result;
    const { number, refunded, contents } = asked.current;
    if (!result.ok) notify.error(result.message);
    else if (result.status === "cancel")
      notify.success(
        `${t("adminOrders.statusChanged", { number, status: t("adminOrders.status.cancel") })} ${
          refunded
            ? t("adminOrders.money.cancelDone", { amount: refunded, context: contents })
            : t("adminOrders.money.cancelDoneNoMoney", { context: contents })
        }`,
      );
    else
      notify.success(
        t("adminOrders.statusChanged", { number, status: t(`adminOrders.status.${result.status}`) }),
      );
  }, [fetcher.state, fetcher.data, t]);
  const asking = fetcher.state !== "idle" ? fetcher.formData : undefined;
  return {
    submit: (order, status) => {
      asked.current = {
        number: order.number,
        contents: order.contents,
        refunded:
          status === "cancel" && order.refundableCents > 0
            ? formatMoney(order.refundableCents, order.currency, i18n.language)
            : null,
      };
      fetcher.submit({ intent: "status", id: order.id, status }, { method: "post" });
    },
    pending: asking ? { id: String(asking.get("id")), status: asking.get("status") as OrderStatus } : null,
  };
}

/** The inline status select of one row: only the statuses the order may move to. */
function StatusCell({ order, canWrite }: { order: AdminOrderListItem; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const change = useContext(StatusChangeContext);
  const next = ORDER_TRANSITIONS[order.status];
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(order.refundableCents, order.currency, i18n.language);
  const refunds = order.refundableCents > 0;
  const busy = change?.pending != null;
  // The confirmation closes when the change it started has come back.
  useEffect(() => {
    if (!busy) setConfirming(false);
  }, [busy]);
  if (!change || !canWrite || next.length === 0) return <OrderStatusBadge status={order.status} />;
  const shown = change.pending?.id === order.id ? change.pending.status : order.status;
  return (
    <>
      <MoneyConfirmDialog
        isOpen={confirming}
        title={
          refunds
            ? t("adminOrders.money.cancelRefundTitle", { number: order.number, amount })
            : t("adminOrders.money.cancelTitle", { number: order.number })
        }
        effects={[
          refunds ? t("adminOrders.money.refundEffect", { amount }) : t("adminOrders.money.noMoney"),
          t("adminOrders.money.accessEnds", { context: order.contents }),
        ]}
        confirmLabel={
          refunds ? t("adminOrders.money.cancelConfirm") : t("adminOrders.money.cancelConfirmNoMoney")
        }
        busy={busy}
        onConfirm={() => change.submit(order, "cancel")}
        onCancel={() => setConfirming(false)}
      />
      <Select
        label={t("adminOrders.changeStatus", { number: order.number })}
        hideLabel
        className="w-40"
        value={shown}
        isDisabled={busy}
        onChange={(value) => {
          if (!value || value === order.status) return;
          if (value === "cancel") setConfirming(true);
          else change.submit(order, value as OrderStatus);
        }}
        options={[order.status, ...next].map((status) => ({
          value: status,
          label: t(`adminOrders.status.${status}`),
        }))}
      />
    </>
  );
}

function DateFilter({ param, label }: { param: "startDate" | "endDate"; label: string }) {
  const { get, set } = useListParams();
  return (
    <label className="grid gap-1 text-xs font-semibold text-ink-muted">
      {label}
      <input
        type="date"
        value={get(param) ?? ""}
        onChange={(event) => set({ [param]: event.target.value || null, days: null })}
        className="min-h-11 rounded-lg border border-control bg-surface px-3 text-sm text-ink focus-visible:outline-3 focus-visible:outline-focus"
      />
    </label>
  );
}

/** What cancelling `orders` gives back, per currency: "€119.00 + $20.00"; empty when nothing. */
function refundTotals(orders: AdminOrderListItem[], language: string): string {
  const byCurrency = new Map<string, number>();
  for (const order of orders) {
    if (order.refundableCents > 0)
      byCurrency.set(order.currency, (byCurrency.get(order.currency) ?? 0) + order.refundableCents);
  }
  return [...byCurrency].map(([currency, cents]) => formatMoney(cents, currency, language)).join(" + ");
}

function BulkStatus({ selected, clear }: { selected: AdminOrderListItem[]; clear: () => void }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<OrderActionResult>();
  const [confirming, setConfirming] = useState(false);
  const announced = useRef<OrderActionResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || announced.current === result) return;
    announced.current = result;
    setConfirming(false);
    if (result.ok)
      notify.info(t("adminOrders.bulkDone", { changed: result.changed, refused: result.refused }));
    else notify.error(result.message);
    clear();
  }, [fetcher.state, fetcher.data, t, clear]);
  const submit = (status: OrderStatus) => {
    const form = new FormData();
    form.set("intent", "bulk-status");
    form.set("status", status);
    for (const order of selected) form.append("ids", order.id);
    fetcher.submit(form, { method: "post" });
  };
  const amounts = refundTotals(selected, i18n.language);
  return (
    <>
      <MoneyConfirmDialog
        isOpen={confirming}
        title={t("adminOrders.money.bulkCancelTitle", { count: selected.length })}
        effects={[
          amounts ? t("adminOrders.money.bulkRefundEffect", { amounts }) : t("adminOrders.money.noMoney"),
          t("adminOrders.money.accessEnds", { context: contentsOfAll(selected) }),
        ]}
        confirmLabel={
          amounts ? t("adminOrders.money.cancelConfirm") : t("adminOrders.money.cancelConfirmNoMoney")
        }
        busy={fetcher.state !== "idle"}
        onConfirm={() => submit("cancel")}
        onCancel={() => setConfirming(false)}
      />
      {(["processing", "delivered", "cancel"] as const).map((status) => (
        <Button
          key={status}
          variant="secondary"
          disabled={fetcher.state !== "idle"}
          onClick={() => (status === "cancel" ? setConfirming(true) : submit(status))}
        >
          {t("adminOrders.bulkStatus", { status: t(`adminOrders.status.${status}`) })}
        </Button>
      ))}
    </>
  );
}

/** All orders: filters, search, inline status changes, bulk status, CSV export of every match. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, timeZone } = loaderData;
  const canWrite = useCan("orders", "write");
  const statusChange = useStatusChange();
  const format = useDates({ timeZone }).dateTime;
  const columns = useMemo<DataTableColumn<AdminOrderListItem>[]>(
    () => [
      {
        id: "number",
        header: t("adminOrders.columns.number"),
        sortable: true,
        cell: (order) => (
          <Link
            to={adminPaths.order(order.id)}
            aria-label={t("adminOrders.view", { number: order.number })}
            className="font-semibold text-primary-ink underline-offset-4 hover:underline"
          >
            #{order.number}
          </Link>
        ),
        csv: (order) => order.number,
      },
      {
        id: "invoice",
        header: t("adminOrders.columns.invoice"),
        cell: (order) => order.invoiceNumber ?? "—",
        csv: (order) => order.invoiceNumber,
        className: "hidden lg:table-cell",
      },
      {
        id: "createdAt",
        header: t("adminOrders.columns.time"),
        sortable: true,
        cell: (order) => <time dateTime={order.createdAt}>{format.format(new Date(order.createdAt))}</time>,
        csv: (order) => order.createdAt,
        className: "whitespace-nowrap",
      },
      {
        id: "customerName",
        header: t("adminOrders.columns.customer"),
        sortable: true,
        cell: (order) => (
          <span className="grid [overflow-wrap:anywhere]">
            <span>{order.customerName}</span>
            <span className="text-xs text-ink-muted">{order.customerEmail}</span>
          </span>
        ),
        csv: (order) => order.customerName,
      },
      {
        id: "paymentMethod",
        header: t("adminOrders.columns.method"),
        sortable: true,
        cell: (order) => t(`adminOrders.method.${order.paymentMethod}`),
        csv: (order) => order.paymentMethod,
        className: "hidden md:table-cell",
      },
      {
        id: "totalCents",
        header: t("adminOrders.columns.amount"),
        sortable: true,
        align: "end",
        cell: (order) => formatMoney(order.totalCents, order.currency, i18n.language),
        csv: (order) => minorUnitsToDecimal(order.totalCents, order.currency),
      },
      {
        id: "status",
        header: t("adminOrders.columns.status"),
        sortable: true,
        cell: (order) => <StatusCell order={order} canWrite={canWrite} />,
        csv: (order) => order.status,
      },
    ],
    [t, format, i18n.language, canWrite],
  );

  return (
    <StatusChangeContext.Provider value={statusChange}>
      <AdminPage title={t("adminOrders.title")} description={t("adminOrders.description")}>
        <DataTable<AdminOrderListItem>
          label={t("adminOrders.tableLabel")}
          columns={columns}
          rows={list.items}
          getRowId={(order) => order.id}
          total={list.total}
          page={list.page}
          limit={list.limit}
          searchPlaceholder={t("adminOrders.search")}
          filterParams={["status", "paymentMethod", "channel", "days", "startDate", "endDate"]}
          filters={
            <>
              <DataTableFilter
                param="status"
                label={t("adminOrders.filters.status")}
                allLabel={t("adminOrders.filters.allStatuses")}
                options={ORDER_STATUSES.map((status) => ({
                  value: status,
                  label: t(`adminOrders.status.${status}`),
                }))}
              />
              <DataTableFilter
                param="paymentMethod"
                label={t("adminOrders.filters.method")}
                allLabel={t("adminOrders.filters.allMethods")}
                options={PAYMENT_METHODS.map((method) => ({
                  value: method,
                  label: t(`adminOrders.method.${method}`),
                }))}
              />
              <DataTableFilter
                param="channel"
                label={t("adminOrders.filters.channel")}
                allLabel={t("adminOrders.filters.allChannels")}
                options={ORDER_CHANNELS.map((channel) => ({
                  value: channel,
                  label: t(`adminOrders.filters.channels.${channel}`),
                }))}
              />
              <DataTableFilter
                param="days"
                label={t("adminOrders.filters.days")}
                allLabel={t("adminOrders.filters.allDays")}
                options={ORDER_DAY_RANGES.map((days) => ({
                  value: days,
                  label: t("adminOrders.filters.lastDays", { count: Number(days) }),
                }))}
              />
              <DateFilter param="startDate" label={t("adminOrders.filters.startDate")} />
              <DateFilter param="endDate" label={t("adminOrders.filters.endDate")} />
            </>
          }
          {...(canWrite
            ? { bulkActions: (selected, clear) => <BulkStatus selected={selected} clear={clear} /> }
            : {})}
          exportCsv={{ filename: "orders.csv", url: "/api/admin/orders/export" }}
          empty={{ title: t("adminOrders.emptyTitle"), hint: t("adminOrders.emptyHint") }}
          cardsOnPhones
        />
      </AdminPage>
    </StatusChangeContext.Provider>
  );
}
