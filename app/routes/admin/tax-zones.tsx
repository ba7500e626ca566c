import { useMemo } from "react";
import type { DataTableColumn } from "~/components/admin/data-table";
import { ZoneListPage } from "~/features/settings-content/zone-list-page";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { Route } from "./+types/tax-zones";

export { action, loader } from "./tax-zones.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminTaxes.zones.title") }] : [];
};

type ZoneRow = Route.ComponentProps["loaderData"]["zones"][number];

/** /tax-zones: the countries and states that share taxes, each set under one name, with its taxes. */
export default function TaxZones({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const taxColumn = useMemo<DataTableColumn<ZoneRow>[]>(
    () => [
      {
        id: "taxes",
        header: t("adminTaxes.zones.taxes"),
        cell: (row) => row.taxes.join(", "),
        csv: (row) => row.taxes.join("; "),
      },
    ],
    [t],
  );
  return (
    <ZoneListPage
      namespace="adminTaxes"
      zones={loaderData.zones}
      places={loaderData.places}
      canWrite={useCan("international", "write")}
      csvFilename="tax-zones.csv"
      extraColumns={taxColumn}
    />
  );
}
