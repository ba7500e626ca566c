import { useMemo } from "react";
import { type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { Select, Switch, TextField } from "~/components/admin/form-fields";
import { RecordListPage, wholeList } from "~/features/settings-content/record-list-page";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { State } from "~server/modules/taxes/taxes.schemas";
import type { Route } from "./+types/states";

export { action, loader } from "./states.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminTaxes.states.title") }] : [];
};

type StateRow = State & { countryName: string };

/** /states: the states, provinces or regions of every country (or of the chosen one). */
export default function States({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { states, countries, countryId } = loaderData;
  const canWrite = useCan("international", "write");
  const countryOptions = useMemo(
    () => countries.map((country) => ({ value: country.id, label: country.name })),
    [countries],
  );
  const columns = useMemo<DataTableColumn<StateRow>[]>(
    () => [
      {
        id: "name",
        header: t("adminTaxes.states.name"),
        cell: (row) => <span className="font-semibold text-ink">{row.name}</span>,
        csv: (row) => row.name,
      },
      {
        id: "code",
        header: t("adminTaxes.states.code"),
        cell: (row) => row.code,
        csv: (row) => row.code,
      },
      {
        id: "country",
        header: t("adminTaxes.states.country"),
        cell: (row) => row.countryName,
        csv: (row) => row.countryName,
      },
      {
        id: "status",
        header: t("adminTaxes.states.status"),
        cell: (row) =>
          row.enabled ? t("adminTaxes.states.statusEnabled") : t("adminTaxes.states.statusDisabled"),
        csv: (row) => (row.enabled ? "enabled" : "disabled"),
      },
    ],
    [t],
  );
  return (
    <RecordListPage
      title={t("adminTaxes.states.title")}
      description={t("adminTaxes.states.description")}
      addLabel={t("adminTaxes.states.add")}
      editTitle={t("adminTaxes.states.edit")}
      canWrite={canWrite}
      rowLabels={(row) => ({
        edit: t("adminTaxes.edit", { name: row.name }),
        delete: t("adminTaxes.delete", { name: row.name }),
      })}
      fields={(current, errors) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            name="countryId"
            label={t("adminTaxes.states.country")}
            options={countryOptions}
            defaultValue={current?.countryId ?? countryId}
            isDisabled={current !== null}
            isRequired
            error={errors.countryId}
            className="sm:col-span-2"
          />
          <TextField
            name="name"
            label={t("adminTaxes.states.name")}
            defaultValue={current?.name ?? ""}
            maxLength={100}
            isRequired
            error={errors.name}
          />
          <TextField
            name="code"
            label={t("adminTaxes.states.code")}
            description={t("adminTaxes.states.codeHint")}
            defaultValue={current?.code ?? ""}
            maxLength={3}
            isRequired
            error={errors.code}
          />
          <Switch name="enabled" defaultSelected={current?.enabled ?? true} className="sm:col-span-2">
            {t("adminTaxes.states.enabled")}
          </Switch>
        </div>
      )}
      table={{
        columns,
        rows: states,
        cardsOnPhones: true,
        ...wholeList(states),
        search: false,
        filters: (
          <DataTableFilter
            param="countryId"
            label={t("adminTaxes.states.country")}
            allLabel={t("adminTaxes.states.allCountries")}
            options={countryOptions}
          />
        ),
        filterParams: ["countryId"],
        exportCsv: { filename: "states.csv" },
        empty: { title: t("adminTaxes.states.empty"), hint: t("adminTaxes.states.emptyHint") },
      }}
    />
  );
}
