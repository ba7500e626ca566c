import { Save } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Select, Switch, TextArea, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { PosTablesCard } from "~/features/pos/restaurant/pos-tables-card";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { PIN_RULES, POS_VIEWS, RECEIPT_WIDTHS } from "~shared/pos";
import type { Route } from "./+types/pos-settings";
import type { PosSettingsResult } from "./pos-settings.server";

export { action, loader } from "./pos-settings.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminPos.settings.title") }] : [];
};

/** POS Setting: view, PIN rule, discounts, receipt width and footer, home page counts, low stock, override. */
export default function PosSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  const result = useActionData<PosSettingsResult>();
  const busy = useNavigation().state !== "idle";
  const canWrite = useCan("settings", "write");
  const errors = result && !result.ok ? result.fields : {};
  return (
    <AdminPage title={t("adminPos.settings.title")} description={t("adminPos.settings.description")}>
      <AdminCard>
        <Form method="post" className="grid max-w-2xl gap-4">
          <fieldset disabled={!canWrite || busy} className="grid gap-4">
            <Select
              name="view"
              label={t("adminPos.settings.view")}
              defaultValue={settings.view}
              options={POS_VIEWS.map((view) => ({
                value: view,
                label: t(`adminPos.settings.views.${view}`),
              }))}
              error={errors.view}
            />
            <Select
              name="pinRule"
              label={t("adminPos.settings.pinRule")}
              defaultValue={settings.pinRule}
              options={PIN_RULES.map((rule) => ({
                value: rule,
                label: t(`adminPos.settings.pinRules.${rule}`),
              }))}
              error={errors.pinRule}
            />
            <Switch name="allowDiscounts" defaultSelected={settings.allowDiscounts}>
              {t("adminPos.settings.allowDiscounts")}
            </Switch>
            <Switch
              name="cashierOverride"
              defaultSelected={settings.cashierOverride}
              description={t("adminPos.settings.cashierOverrideHint")}
            >
              {t("adminPos.settings.cashierOverride")}
            </Switch>
            <Select
              name="receiptWidth"
              label={t("adminPos.settings.receiptWidth")}
              defaultValue={String(settings.receiptWidth)}
              options={RECEIPT_WIDTHS.map((width) => ({
                value: String(width),
                label: t("adminPos.settings.mm", { width }),
              }))}
              error={errors.receiptWidth}
            />
            <TextArea
              name="receiptFooter"
              label={t("adminPos.settings.receiptFooter")}
              maxLength={500}
              rows={3}
              defaultValue={settings.receiptFooter}
              error={errors.receiptFooter}
            />
            {(["homeProducts", "homeCategories", "lowStockValue"] as const).map((name) => (
              <TextField
                key={name}
                name={name}
                inputMode="numeric"
                label={t(`adminPos.settings.${name}`)}
                defaultValue={String(settings[name])}
                error={errors[name]}
              />
            ))}
          </fieldset>
          {result && (
            <p
              role={result.ok ? "status" : "alert"}
              className={result.ok ? "text-ink" : "font-semibold text-danger"}
            >
              {result.ok ? t("adminPos.settings.saved") : t("adminPos.settings.invalid")}
            </p>
          )}
          {canWrite && (
            <Button type="submit" disabled={busy} className="justify-self-start">
              <Save aria-hidden="true" />
              {t("adminPos.settings.save")}
            </Button>
          )}
        </Form>
      </AdminCard>
      <PosTablesCard initial={loaderData.tables} canWrite={canWrite} />
    </AdminPage>
  );
}
