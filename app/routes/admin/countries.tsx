import { ListTree } from "lucide-react";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DataTable, type DataTableColumn, DataTableFilter } from "~/components/admin/data-table";
import { Button, ButtonLink } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { useWriteToast } from "~/features/settings-content/use-write-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import type { Country } from "~server/modules/taxes/taxes.schemas";
import type { Route } from "./+types/countries";

export { action, loader } from "./countries.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminTaxes.countries.title") }] : [];
};

/** Enables or disables one country at once (no dialog: it is undone with the same button). */
function CountryToggle({ country }: { country: Country }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WriteResult>();
  useWriteToast(fetcher.data);
  const pending = fetcher.formData ? fetcher.formData.get("enabled") === "true" : null;
  const enabled = pending ?? country.enabled;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="set-enabled" />
      <input type="hidden" name="id" value={country.id} />
      <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
      <Button
        type="submit"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-label={t(enabled ? "adminTaxes.countries.disable" : "adminTaxes.countries.enable", {
          name: country.name,
        })}
      >
        {enabled ? t("adminTaxes.countries.disableAction") : t("adminTaxes.countries.enableAction")}
      </Button>
    </fetcher.Form>
  );
}

/** /countries: the world's countries (seeded), searchable; each enabled or disabled for checkout. */
export default function Countries({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list } = loaderData;
  const canWrite = useCan("international", "write");
  const columns = useMemo<DataTableColumn<Country>[]>(
    () => [
      {
        id: "name",
        header: t("adminTaxes.countries.name"),
        sortable: true,
        cell: (row) => <span className="font-semibold text-ink">{row.name}</span>,
        csv: (row) => row.name,
      },
      {
        id: "isoCode",
        header: t("adminTaxes.countries.isoCode"),
        sortable: true,
        cell: (row) => row.isoCode,
        csv: (row) => row.isoCode,
      },
      {
        id: "callPrefix",
        header: t("adminTaxes.countries.callPrefix"),
        cell: (row) => <span className="tabular-nums">{row.callPrefix}</span>,
        csv: (row) => row.callPrefix,
      },
      {
        id: "eu",
        header: t("adminTaxes.countries.eu"),
        cell: (row) => (row.eu ? t("adminTaxes.yes") : t("adminTaxes.no")),
        csv: (row) => (row.eu ? "yes" : "no"),
      },
      {
        id: "enabled",
        header: t("adminTaxes.countries.status"),
        sortable: true,
        cell: (row) => (row.enabled ? t("adminTaxes.countries.enabled") : t("adminTaxes.countries.disabled")),
        csv: (row) => (row.enabled ? "enabled" : "disabled"),
      },
    ],
    [t],
  );
  return (
    <AdminPage title={t("adminTaxes.countries.title")} description={t("adminTaxes.countries.description")}>
      <DataTable
        label={t("adminTaxes.countries.title")}
        columns={columns}
        rows={list.items}
        getRowId={(row) => row.id}
        cardsOnPhones
        total={list.total}
        page={list.page}
        limit={list.limit}
        searchPlaceholder={t("adminTaxes.countries.search")}
        filters={
          <DataTableFilter
            param="enabled"
            label={t("adminTaxes.countries.filterLabel")}
            allLabel={t("adminTaxes.countries.allStatuses")}
            options={[
              { value: "true", label: t("adminTaxes.countries.onlyEnabled") },
              { value: "false", label: t("adminTaxes.countries.onlyDisabled") },
            ]}
          />
        }
        filterParams={["enabled"]}
        exportCsv={{ filename: "countries.csv" }}
        rowActions={(row) => (
          <div className="flex justify-end gap-1">
            <ButtonLink
              to={adminPaths.states(row.id)}
              variant="ghost"
              aria-label={t("adminTaxes.countries.states", { name: row.name })}
            >
              <ListTree aria-hidden="true" />
            </ButtonLink>
            {canWrite && <CountryToggle country={row} />}
          </div>
        )}
        empty={{ title: t("adminTaxes.countries.empty") }}
      />
    </AdminPage>
  );
}
