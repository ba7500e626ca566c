import { TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Select, Switch, TextField } from "~/components/admin/form-fields";
import { useTranslation } from "~/i18n/use-translation";
import type { ProductSettings } from "~server/modules/products/products.schemas";
import {
  LENGTH_UNITS,
  SYSTEM_UNITS,
  UNIT_SYSTEMS,
  type UnitSystem,
  VOLUME_UNITS,
  WEIGHT_UNITS,
} from "~shared/product.constants";
import type { WriteResult } from "./admin-write.server";

/**
 * The product settings tab: unit system (Metric, Imperial or Custom, with each unit chosen under
 * Custom), images per product, the low-stock value and the master/child-products switch. A change
 * the server must hear a yes to (units, child products off) opens its question; yes sends again.
 */
export function ProductSettingsForm({
  settings,
  result,
  busy,
  saveBar,
}: {
  settings: ProductSettings;
  result: WriteResult | undefined;
  busy: boolean;
  saveBar: React.ReactNode;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [system, setSystem] = useState<UnitSystem>(settings.unitSystem);
  const [question, setQuestion] = useState<string | null>(null);
  const errors = result && !result.ok && result.intent === "products" ? result.fields : {};

  useEffect(() => {
    if (result && !result.ok && result.intent === "products" && result.needsConfirmation) {
      setQuestion(result.message);
    } else {
      setQuestion(null);
    }
  }, [result]);

  const confirm = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("confirm", "true");
    submit(data, { method: "post", preventScrollReset: true });
  };
  const unitSelect = (name: "lengthUnit" | "weightUnit" | "volumeUnit", units: readonly string[]) => {
    if (system !== "custom") {
      // Metric and Imperial stand for their own units: shown, not chosen.
      const unit = SYSTEM_UNITS[system][name.replace("Unit", "") as "length" | "weight" | "volume"];
      return (
        <div key={`${name}-${system}`}>
          <input type="hidden" name={name} value={unit} />
          <TextField
            label={t(`adminSettings.products.${name}`)}
            value={t(`adminSettings.products.units.${unit}`)}
            isReadOnly
          />
        </div>
      );
    }
    return (
      <Select
        key={`${name}-custom`}
        name={name}
        label={t(`adminSettings.products.${name}`)}
        defaultValue={settings[name]}
        options={units.map((unit) => ({ value: unit, label: t(`adminSettings.products.units.${unit}`) }))}
        error={errors[name]}
      />
    );
  };

  return (
    <Form method="post" ref={form} className="grid gap-6" key={JSON.stringify(settings)} preventScrollReset>
      <input type="hidden" name="intent" value="products" />
      <AdminCard title={t("adminSettings.products.unitsTitle")}>
        <div className="grid gap-4 md:grid-cols-2">
          <Select
            name="unitSystem"
            label={t("adminSettings.products.unitSystem")}
            value={system}
            onChange={(value) => value && setSystem(value as UnitSystem)}
            options={UNIT_SYSTEMS.map((value) => ({
              value,
              label: t(`adminSettings.products.systems.${value}`),
            }))}
            error={errors.unitSystem}
          />
          {unitSelect("lengthUnit", LENGTH_UNITS)}
          {unitSelect("weightUnit", WEIGHT_UNITS)}
          {unitSelect("volumeUnit", VOLUME_UNITS)}
        </div>
      </AdminCard>
      <AdminCard title={t("adminSettings.products.catalogTitle")}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            name="imagesPerProduct"
            inputMode="numeric"
            label={t("adminSettings.products.imagesPerProduct")}
            defaultValue={String(settings.imagesPerProduct)}
            error={errors.imagesPerProduct}
          />
          <TextField
            name="lowStockThreshold"
            inputMode="numeric"
            label={t("adminSettings.products.lowStockThreshold")}
            description={t("adminSettings.products.lowStockHint")}
            defaultValue={String(settings.lowStockThreshold)}
            error={errors.lowStockThreshold}
          />
          <Switch name="childProducts" defaultSelected={settings.childProducts} className="md:col-span-2">
            {t("adminSettings.products.childProducts")}
          </Switch>
        </div>
      </AdminCard>
      {saveBar}
      <ConfirmDialog
        isOpen={question !== null}
        title={question}
        icon={<TriangleAlert aria-hidden="true" className="size-6" />}
        confirmLabel={t("adminSettings.products.yes")}
        cancelLabel={t("adminSettings.products.no")}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setQuestion(null)}
      />
    </Form>
  );
}
