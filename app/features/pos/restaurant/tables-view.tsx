import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~shared/money";
import { useErrorText } from "../use-error-text";
import { type ParkedSummary, restaurantApi, type TableWithOrder } from "./restaurant-api";

export interface OpenTable {
  id: string;
  name: string;
}

/**
 * The restaurant view's start: every table (free, or with its open order and total), a new order
 * without a table, and the parked orders (table, who parked it, when, total) to resume.
 */
export function TablesView({
  currency,
  language,
  notice,
  onOpen,
}: {
  currency: string;
  language: string;
  notice: string | null;
  onOpen(table: OpenTable | null, parkedId: string | null): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { dateTime } = useDates();
  const [tables, setTables] = useState<TableWithOrder[] | null>(null);
  const [parked, setParked] = useState<ParkedSummary[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([restaurantApi.tables(), restaurantApi.parkedList()])
      .then(([nextTables, nextParked]) => {
        if (!current) return;
        setTables(nextTables);
        setParked(nextParked);
      })
      .catch((failure) => current && setError(errorText(failure)));
    return () => {
      current = false;
    };
  }, [errorText]);

  const money = (cents: number, code: string) => formatMoney(cents, code || currency, language);

  return (
    <main id="main" className="grid flex-1 content-start gap-6 p-4">
      {notice && (
        <p role="status" className="rounded-lg bg-primary-soft p-3 font-semibold text-on-primary-soft">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
      <section aria-labelledby="pos-tables" className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="pos-tables" className="text-lg font-semibold">
            {t("adminPosRestaurant.tables")}
          </h2>
          <Button variant="secondary" className="ml-auto" onClick={() => onOpen(null, null)}>
            {t("adminPosRestaurant.newWithoutTable")}
          </Button>
        </div>
        {tables?.length === 0 && <p className="text-ink-muted">{t("adminPosRestaurant.noTables")}</p>}
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
          {tables?.map((table) => (
            <li key={table.id}>
              <button
                type="button"
                onClick={() => onOpen(table, table.order?.id ?? null)}
                className={`grid min-h-28 w-full content-between gap-2 rounded-xl border p-3 text-left hover:border-primary focus-visible:border-primary ${
                  table.order
                    ? "border-primary bg-primary-soft text-on-primary-soft"
                    : "border-line bg-surface"
                }`}
              >
                <span className="text-lg font-semibold [overflow-wrap:anywhere]">{table.name}</span>
                {table.seats !== null && (
                  <span className="text-sm">{t("adminPosRestaurant.seats", { count: table.seats })}</span>
                )}
                <span className="text-sm font-semibold">
                  {table.order
                    ? t("adminPosRestaurant.openOrder", {
                        total: money(table.order.totalCents, table.order.currency),
                      })
                    : t("adminPosRestaurant.free")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="pos-parked" className="grid gap-3">
        <h2 id="pos-parked" className="text-lg font-semibold">
          {t("adminPosRestaurant.parkedOrders")}
        </h2>
        {parked.length === 0 ? (
          <p className="text-ink-muted">{t("adminPosRestaurant.noParked")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line">
                  <th className="p-2">{t("adminPosRestaurant.table")}</th>
                  <th className="p-2">{t("adminPosRestaurant.parkedByColumn")}</th>
                  <th className="p-2">{t("adminPosRestaurant.parkedAt")}</th>
                  <th className="p-2">{t("adminPosRestaurant.items")}</th>
                  <th className="p-2 text-right">{t("adminPosRestaurant.total")}</th>
                  <th className="p-2">
                    <span className="sr-only">{t("adminPosRestaurant.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {parked.map((order) => {
                  const where = order.table?.name ?? t("adminPosRestaurant.noTable");
                  return (
                    <tr key={order.id} className="border-b border-line">
                      <td className="p-2 font-semibold">{where}</td>
                      <td className="p-2">{order.parkedBy}</td>
                      <td className="p-2">{dateTime.format(new Date(order.parkedAt))}</td>
                      <td className="p-2">{order.itemCount}</td>
                      <td className="p-2 text-right">{money(order.totalCents, order.currency)}</td>
                      <td className="p-2 text-right">
                        <Button
                          variant="secondary"
                          aria-label={t("adminPosRestaurant.resumeFor", { table: where })}
                          onClick={() => onOpen(order.table, order.id)}
                        >
                          {t("adminPosRestaurant.resume")}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
