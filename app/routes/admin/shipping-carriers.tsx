import { useMemo } from "react";
import { useFetcher } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table";
import { Select, Switch, TextArea, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { RecordListPage, wholeList } from "~/features/settings-content/record-list-page";
import { useWriteToast } from "~/features/settings-content/use-write-toast";
import { CostRangesEditor } from "~/features/shipping/cost-ranges-editor";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import type { ShippingCarrier } from "~server/modules/shipping/shipping.schemas";
import { COST_BASES, SPEED_GRADES, TRACKING_PLACEHOLDER } from "~shared/shipping";
import type { Route } from "./+types/shipping-carriers";

export { action, loader } from "./shipping-carriers.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminShipping.carriers.title") }] : [];
};

/** The first error among the cost ranges (the action groups rows by zone, so one message for all). */
const rangesError = (errors: Record<string, string>) =>
  Object.entries(errors).find(([key]) => key === "zones" || key.startsWith("zones."))?.[1];

function CarrierFields({
  carrier,
  zones,
  errors,
}: {
  carrier: ShippingCarrier | null;
  zones: { id: string; name: string }[];
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="name"
          label={t("adminShipping.carriers.name")}
          defaultValue={carrier?.name ?? ""}
          maxLength={100}
          isRequired
          error={errors.name}
        />
        <TextField
          name="logoUrl"
          type="url"
          label={t("adminShipping.carriers.logo")}
          description={t("adminShipping.carriers.logoHint")}
          defaultValue={carrier?.logoUrl ?? ""}
          maxLength={500}
          error={errors.logoUrl}
        />
      </div>
      <TextArea
        name="description"
        label={t("adminShipping.carriers.descriptionField")}
        defaultValue={carrier?.description ?? ""}
        maxLength={500}
        rows={2}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          name="speedGrade"
          label={t("adminShipping.carriers.speedGrade")}
          options={SPEED_GRADES.map((grade) => ({ value: grade, label: t(`adminShipping.speed.${grade}`) }))}
          defaultValue={carrier?.speedGrade ?? "standard"}
          isRequired
          error={errors.speedGrade}
        />
        <Select
          name="costBasis"
          label={t("adminShipping.carriers.costBasis")}
          options={COST_BASES.map((basis) => ({ value: basis, label: t(`adminShipping.basis.${basis}`) }))}
          defaultValue={carrier?.costBasis ?? "weight"}
          isRequired
          error={errors.costBasis}
        />
      </div>
      <TextField
        name="trackingUrlTemplate"
        type="url"
        label={t("adminShipping.carriers.trackingUrl")}
        description={t("adminShipping.carriers.trackingUrlHint", { placeholder: TRACKING_PLACEHOLDER })}
        defaultValue={carrier?.trackingUrlTemplate ?? ""}
        maxLength={500}
        error={errors.trackingUrlTemplate}
      />
      <CostRangesEditor carrier={carrier} zones={zones} error={rangesError(errors)} />
      <Switch name="disabled" defaultSelected={carrier?.disabled ?? false}>
        {t("adminShipping.carriers.disabled")}
      </Switch>
    </div>
  );
}

/** Cash on delivery for orders with goods to ship: a setting of its own (area "settings"). */
function CashOnDeliveryForm({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<WriteResult>();
  const canWrite = useCan("settings", "write");
  useWriteToast(fetcher.data);
  return (
    <fetcher.Form
      method="post"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-card sm:flex-row sm:items-center sm:justify-between"
    >
      <input type="hidden" name="intent" value="cash-on-delivery" />
      <Switch
        name="cashOnDelivery"
        defaultSelected={enabled}
        isDisabled={!canWrite}
        description={t("adminShipping.cashOnDelivery.hint")}
      >
        {t("adminShipping.cashOnDelivery.label")}
      </Switch>
      {canWrite && (
        <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("adminSettings.saving") : t("adminSettings.save")}
        </Button>
      )}
    </fetcher.Form>
  );
}

/** /store/shipping-carriers: who delivers the goods, where, at what cost; and cash on delivery. */
export default function ShippingCarriers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { carriers, zones, settings } = loaderData;
  const canWrite = useCan("international", "write");
  const columns = useMemo<DataTableColumn<ShippingCarrier>[]>(
    () => [
      {
        id: "name",
        header: t("adminShipping.carriers.name"),
        cell: (row) => (
          <span className="flex items-center gap-3 font-semibold text-ink">
            {row.logoUrl && (
              <img
                src={row.logoUrl}
                alt=""
                width={32}
                height={32}
                className="size-8 rounded object-contain"
              />
            )}
            {row.name}
          </span>
        ),
        csv: (row) => row.name,
      },
      {
        id: "speedGrade",
        header: t("adminShipping.carriers.speedGrade"),
        cell: (row) => t(`adminShipping.speed.${row.speedGrade}`),
        csv: (row) => row.speedGrade,
      },
      {
        id: "zones",
        header: t("adminShipping.carriers.zones"),
        cell: (row) => row.zones.map((zone) => zone.zoneName).join(", "),
        csv: (row) => row.zones.map((zone) => zone.zoneName).join("; "),
      },
      {
        id: "status",
        header: t("adminShipping.carriers.status"),
        cell: (row) =>
          row.disabled
            ? t("adminShipping.carriers.statusDisabled")
            : t("adminShipping.carriers.statusEnabled"),
        csv: (row) => (row.disabled ? "disabled" : "enabled"),
      },
    ],
    [t],
  );
  return (
    <RecordListPage
      title={t("adminShipping.carriers.title")}
      description={t("adminShipping.carriers.description")}
      addLabel={t("adminShipping.carriers.add")}
      editTitle={t("adminShipping.carriers.edit")}
      canWrite={canWrite}
      rowLabels={(row) => ({
        edit: t("adminShipping.edit", { name: row.name }),
        delete: t("adminShipping.delete", { name: row.name }),
      })}
      fields={(current, errors) => <CarrierFields carrier={current} zones={zones} errors={errors} />}
      table={{
        columns,
        rows: carriers,
        ...wholeList(carriers),
        search: false,
        exportCsv: { filename: "shipping-carriers.csv" },
        empty: { title: t("adminShipping.carriers.empty"), hint: t("adminShipping.carriers.emptyHint") },
      }}
    >
      {settings && <CashOnDeliveryForm enabled={settings.cashOnDelivery} />}
    </RecordListPage>
  );
}
