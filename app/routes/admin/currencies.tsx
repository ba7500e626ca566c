import { useMemo } from "react";
import type { DataTableColumn } from "~/components/admin/data-table";
import { Switch, TextField } from "~/components/admin/form-fields";
import { RecordListPage } from "~/features/settings-content/record-list-page";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { useDates } from "~/lib/dates";
import type { Currency } from "~server/modules/international/international.schemas";
import type { Route } from "./+types/currencies";

export { action, loader } from "./currencies.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminInternational.currencies.title") }] : [];
};

/** Whether live rates are on, when the rate was last read, and why the last refresh failed. */
function LiveRateStatus({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  if (!currency.liveExchangeRates) return t("adminInternational.currencies.liveOff");
  return (
    <span className="flex flex-col gap-1">
      <span>
        {currency.rateUpdatedAt
          ? t("adminInternational.currencies.liveUpdated", {
              when: dateTime.format(new Date(currency.rateUpdatedAt)),
            })
          : t("adminInternational.currencies.liveNever")}
      </span>
      {currency.rateError && (
        <span className="text-sm text-danger">
          {t("adminInternational.currencies.liveError", { error: currency.rateError })}
        </span>
      )}
    </span>
  );
}

function CurrencyFields({ currency, errors }: { currency: Currency | null; errors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        name="name"
        label={t("adminInternational.currencies.name")}
        defaultValue={currency?.name ?? ""}
        isRequired
        error={errors.name}
      />
      <TextField
        name="symbol"
        label={t("adminInternational.currencies.symbol")}
        defaultValue={currency?.symbol ?? ""}
        isRequired
        error={errors.symbol}
      />
      <TextField
        name="isoCode"
        label={t("adminInternational.currencies.isoCode")}
        description={t("adminInternational.currencies.isoCodeHint")}
        defaultValue={currency?.isoCode ?? ""}
        isRequired
        error={errors.isoCode}
      />
      <TextField
        name="exchangeRate"
        inputMode="decimal"
        label={t("adminInternational.currencies.exchangeRate")}
        description={t("adminInternational.currencies.exchangeRateHint")}
        defaultValue={currency?.exchangeRate ?? "1"}
        isRequired
        error={errors.exchangeRate}
      />
      <Switch
        name="enabled"
        defaultSelected={currency?.enabled ?? true}
        isDisabled={currency?.isShopCurrency === true}
      >
        {t("adminInternational.currencies.enabled")}
      </Switch>
      {currency?.isShopCurrency && <input type="hidden" name="enabled" value="on" />}
      <Switch name="liveExchangeRates" defaultSelected={currency?.liveExchangeRates ?? false}>
        {t("adminInternational.currencies.liveRates")}
      </Switch>
    </div>
  );
}

/** /currencies: the currencies a school shows prices in (the shop currency stays enabled). */
export default function Currencies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list } = loaderData;
  const canWrite = useCan("international", "write");
  const columns = useMemo<DataTableColumn<Currency>[]>(
    () => [
      {
        id: "name",
        header: t("adminInternational.currencies.name"),
        sortable: true,
        cell: (row) => (
          <span className="font-semibold text-ink">
            {row.name}
            {row.isShopCurrency && (
              <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs text-on-primary-soft">
                {t("adminInternational.currencies.shopCurrency")}
              </span>
            )}
          </span>
        ),
        csv: (row) => row.name,
      },
      {
        id: "symbol",
        header: t("adminInternational.currencies.symbol"),
        cell: (row) => row.symbol,
        csv: (row) => row.symbol,
      },
      {
        id: "isoCode",
        header: t("adminInternational.currencies.isoCode"),
        sortable: true,
        cell: (row) => row.isoCode,
        csv: (row) => row.isoCode,
      },
      {
        id: "exchangeRate",
        header: t("adminInternational.currencies.exchangeRate"),
        sortable: true,
        align: "end",
        cell: (row) => <span className="tabular-nums">{row.exchangeRate}</span>,
        csv: (row) => row.exchangeRate,
      },
      {
        id: "liveRate",
        header: t("adminInternational.currencies.liveRate"),
        cell: (row) => <LiveRateStatus currency={row} />,
        csv: (row) => (row.liveExchangeRates ? (row.rateUpdatedAt ?? "") : "off"),
      },
      {
        id: "enabled",
        header: t("adminInternational.currencies.enabled"),
        sortable: true,
        cell: (row) => (row.enabled ? t("adminInternational.yes") : t("adminInternational.no")),
        csv: (row) => (row.enabled ? "yes" : "no"),
      },
    ],
    [t],
  );
  return (
    <RecordListPage
      title={t("adminInternational.currencies.title")}
      description={t("adminInternational.currencies.description")}
      addLabel={t("adminInternational.currencies.add")}
      editTitle={t("adminInternational.currencies.edit")}
      canWrite={canWrite}
      rowLabels={(row) => ({
        edit: t("adminInternational.edit", { name: row.name }),
        delete: t("adminInternational.delete", { name: row.name }),
      })}
      canDelete={(row) => !row.isShopCurrency}
      fields={(current, errors) => <CurrencyFields currency={current} errors={errors} />}
      table={{
        columns,
        rows: list.items,
        total: list.total,
        page: list.page,
        limit: list.limit,
        searchPlaceholder: t("adminInternational.currencies.search"),
        exportCsv: { filename: "currencies.csv" },
        empty: { title: t("adminInternational.currencies.empty") },
      }}
    />
  );
}
