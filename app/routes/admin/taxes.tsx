import { useMemo } from "react";
import { useFetcher } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table";
import { FormMessage, Select, Switch, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { RecordListPage, wholeList } from "~/features/settings-content/record-list-page";
import { useWriteToast } from "~/features/settings-content/use-write-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { Tax } from "~server/modules/taxes/taxes.schemas";
import { TAX_CLASSES } from "~shared/tax-classes";
import type { Route } from "./+types/taxes";

export { action, loader } from "./taxes.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminTaxes.taxes.title") }] : [];
};

type LoaderData = Route.ComponentProps["loaderData"];

/** A rate in basis points as the person reads and types it: 2100 → "21", 550 → "5.5". */
const percentText = (rateBp: number) => (rateBp / 100).toString();

/** The school's VAT country and whether prices include tax: settings of their own (area "settings"). */
function TaxSettingsForm({
  settings,
  countries,
}: {
  settings: NonNullable<LoaderData["settings"]>;
  countries: LoaderData["countries"];
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WriteResult>();
  const canWrite = useCan("settings", "write");
  useWriteToast(fetcher.data);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fields : {};
  return (
    <fetcher.Form
      method="post"
      aria-labelledby="tax-settings-title"
      className="grid gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card"
    >
      <h2 id="tax-settings-title" className="text-lg font-semibold text-ink">
        {t("adminTaxes.settings.title")}
      </h2>
      <input type="hidden" name="intent" value="tax-settings" />
      {fetcher.data && !fetcher.data.ok && <FormMessage>{fetcher.data.message}</FormMessage>}
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <Select
          name="country"
          label={t("adminTaxes.settings.country")}
          description={t("adminTaxes.settings.countryHint")}
          options={countries}
          defaultValue={settings.country}
          isDisabled={!canWrite}
          isRequired
          error={errors.country}
        />
        <Switch
          name="pricesIncludeTax"
          defaultSelected={settings.pricesIncludeTax}
          isDisabled={!canWrite}
          description={t("adminTaxes.settings.pricesIncludeTaxHint")}
        >
          {t("adminTaxes.settings.pricesIncludeTax")}
        </Switch>
      </div>
      {canWrite && (
        <div>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? t("adminSettings.saving") : t("adminSettings.save")}
          </Button>
        </div>
      )}
    </fetcher.Form>
  );
}

function TaxFields({
  tax,
  zones,
  errors,
}: {
  tax: Tax | null;
  zones: LoaderData["zones"];
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        name="zoneId"
        label={t("adminTaxes.taxes.zone")}
        options={zones.map((zone) => ({ value: zone.id, label: zone.name }))}
        defaultValue={tax?.zoneId ?? null}
        isDisabled={tax !== null}
        isRequired
        error={errors.zoneId}
      />
      <Select
        name="taxClass"
        label={t("adminTaxes.taxes.taxClass")}
        description={t("adminTaxes.taxes.taxClassHint")}
        options={TAX_CLASSES.map((taxClass) => ({
          value: taxClass,
          label: t(`adminCatalog.taxClasses.${taxClass}`),
        }))}
        defaultValue={tax?.taxClass ?? "standard"}
        isDisabled={tax !== null}
        isRequired
        error={errors.taxClass}
      />
      {tax && <p className="text-sm text-ink-muted sm:col-span-2">{t("adminTaxes.taxes.fixedOnEdit")}</p>}
      <TextField
        name="name"
        label={t("adminTaxes.taxes.name")}
        description={t("adminTaxes.taxes.nameHint")}
        defaultValue={tax?.name ?? ""}
        maxLength={100}
        isRequired
        error={errors.name}
      />
      <TextField
        name="rate"
        inputMode="decimal"
        label={t("adminTaxes.taxes.rate")}
        description={t("adminTaxes.taxes.rateHint")}
        defaultValue={tax ? percentText(tax.rateBp) : ""}
        maxLength={10}
        isRequired
        error={errors.rateBp}
      />
    </div>
  );
}

/** /taxes: the tax of each zone per class (name on invoices, rate), and the tax settings. */
export default function Taxes({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { taxes, zones, settings, countries } = loaderData;
  const canWrite = useCan("international", "write");
  const columns = useMemo<DataTableColumn<Tax>[]>(() => {
    const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    return [
      {
        id: "name",
        header: t("adminTaxes.taxes.name"),
        cell: (row) => <span className="font-semibold text-ink">{row.name}</span>,
        csv: (row) => row.name,
      },
      {
        id: "zone",
        header: t("adminTaxes.taxes.zone"),
        cell: (row) => row.zoneName,
        csv: (row) => row.zoneName,
      },
      {
        id: "taxClass",
        header: t("adminTaxes.taxes.taxClass"),
        cell: (row) => t(`adminCatalog.taxClasses.${row.taxClass}`),
        csv: (row) => row.taxClass,
      },
      {
        id: "rate",
        header: t("adminTaxes.taxes.rate"),
        align: "end",
        cell: (row) => <span className="tabular-nums">{percent.format(row.rateBp / 100)}</span>,
        csv: (row) => percentText(row.rateBp),
      },
    ];
  }, [t, i18n.language]);
  return (
    <RecordListPage
      title={t("adminTaxes.taxes.title")}
      description={t("adminTaxes.taxes.description")}
      addLabel={t("adminTaxes.taxes.add")}
      editTitle={t("adminTaxes.taxes.edit")}
      canWrite={canWrite}
      rowLabels={(row) => ({
        edit: t("adminTaxes.edit", { name: row.name }),
        delete: t("adminTaxes.delete", { name: row.name }),
      })}
      fields={(current, errors) => <TaxFields tax={current} zones={zones} errors={errors} />}
      table={{
        columns,
        rows: taxes,
        cardsOnPhones: true,
        ...wholeList(taxes),
        searchPlaceholder: t("adminTaxes.taxes.search"),
        exportCsv: { filename: "taxes.csv" },
        empty: { title: t("adminTaxes.taxes.empty"), hint: t("adminTaxes.taxes.emptyHint") },
      }}
    >
      {settings && <TaxSettingsForm settings={settings} countries={countries} />}
    </RecordListPage>
  );
}
