import { Save } from "lucide-react";
import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
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

const field =
  "min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink focus:border-primary focus:outline-none";

function Field({ label, children, id }: { label: string; children: React.ReactNode; id: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

/** POS Setting: view, PIN rule, discounts, receipt width and footer, home page counts, low stock, override. */
export default function PosSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  const result = useActionData<PosSettingsResult>();
  const busy = useNavigation().state !== "idle";
  const canWrite = useCan("settings", "write");
  const id = useId();
  const ids = (name: string) => `${id}-${name}`;
  return (
    <AdminPage title={t("adminPos.settings.title")} description={t("adminPos.settings.description")}>
      <AdminCard>
        <Form method="post" className="grid max-w-2xl gap-4">
          <fieldset disabled={!canWrite || busy} className="grid gap-4">
            <Field id={ids("view")} label={t("adminPos.settings.view")}>
              <select id={ids("view")} name="view" defaultValue={settings.view} className={field}>
                {POS_VIEWS.map((view) => (
                  <option key={view} value={view}>
                    {t(`adminPos.settings.views.${view}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={ids("pinRule")} label={t("adminPos.settings.pinRule")}>
              <select id={ids("pinRule")} name="pinRule" defaultValue={settings.pinRule} className={field}>
                {PIN_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {t(`adminPos.settings.pinRules.${rule}`)}
                  </option>
                ))}
              </select>
            </Field>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="allowDiscounts"
                defaultChecked={settings.allowDiscounts}
                className="size-5"
              />
              {t("adminPos.settings.allowDiscounts")}
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="cashierOverride"
                defaultChecked={settings.cashierOverride}
                className="size-5"
              />
              {t("adminPos.settings.cashierOverride")}
            </label>
            <Field id={ids("receiptWidth")} label={t("adminPos.settings.receiptWidth")}>
              <select
                id={ids("receiptWidth")}
                name="receiptWidth"
                defaultValue={String(settings.receiptWidth)}
                className={field}
              >
                {RECEIPT_WIDTHS.map((width) => (
                  <option key={width} value={width}>
                    {t("adminPos.settings.mm", { width })}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={ids("receiptFooter")} label={t("adminPos.settings.receiptFooter")}>
              <textarea
                id={ids("receiptFooter")}
                name="receiptFooter"
                maxLength={500}
                defaultValue={settings.receiptFooter}
                className={`${field} min-h-20 py-2`}
              />
            </Field>
            {(["homeProducts", "homeCategories", "lowStockValue"] as const).map((name) => (
              <Field key={name} id={ids(name)} label={t(`adminPos.settings.${name}`)}>
                <input
                  id={ids(name)}
                  name={name}
                  type="number"
                  inputMode="numeric"
                  min={name === "lowStockValue" ? 0 : 1}
                  defaultValue={settings[name]}
                  className={field}
                />
              </Field>
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
    </AdminPage>
  );
}
