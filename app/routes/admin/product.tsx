import { useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import {
  FormMessage,
  MultiSelect,
  NumberField,
  Select,
  Switch,
  TextField,
} from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { type ActionResult, translatableErrors } from "~/features/admin-catalog/action-result";
import { CatalogEditorPage } from "~/features/admin-catalog/catalog-page-parts";
import { DownloadPanel, ImagesPanel } from "~/features/admin-catalog/product-media-panels";
import { BundleEditor, ExtrasEditor, VariantsTable } from "~/features/admin-catalog/product-row-editors";
import { StockPanel } from "~/features/admin-catalog/product-stock-panel";
import { TagInput } from "~/features/admin-catalog/product-tag-input";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { PRODUCT_TYPES, type ProductType } from "~shared/product.constants";
import { TAX_CLASSES } from "~shared/tax-classes";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/product";

export { action, loader } from "./product.server";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  const title = data?.product ? translate(data.product.title as { en: string }, root.language) : null;
  return [
    {
      title: title
        ? t("adminProducts.editor.editTitle", { name: title })
        : t("adminProducts.editor.newTitle"),
    },
  ];
};

const euros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? undefined : cents / 100;
const MEASURES = ["length", "width", "height", "weight", "volume"] as const;

/**
 * Create or edit one product: texts per language, type, prices and tax, stock and its rules,
 * variants from Variants attributes, measurements, extras, the bundle's products or the
 * download's file and limit, images, and the stock history with changes by hand.
 */
export default function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { product, categories, variantAttributes, otherProducts, settings, currency, history } = loaderData;
  const canWrite = useCan("catalog", "write");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const result = actionData as ActionResult | undefined;
  const errors = result && !result.ok && result.intent === "save" ? result.fieldErrors : undefined;
  const success = useCallback(
    (intent: string) =>
      intent === "save"
        ? t("adminProducts.editor.saved")
        : intent === "adjust-stock"
          ? t("adminProducts.stock.saved")
          : null,
    [t],
  );
  useActionToast(result, success);
  const [type, setType] = useState<ProductType>(product?.type ?? "physical");
  const language = i18n.language;
  const name = product ? translate(product.title as { en: string }, language) : "";
  const money = { style: "currency", currency } as const;
  const titleOf = (title: unknown) => translate(title as { en: string }, language);
  const units = { length: settings.lengthUnit, weight: settings.weightUnit, volume: settings.volumeUnit };
  const unitOf = (measure: (typeof MEASURES)[number]) =>
    measure === "weight" ? units.weight : measure === "volume" ? units.volume : units.length;
  const counted = type === "physical" && (product?.variants.length ?? 0) === 0;

  return (
    <CatalogEditorPage
      name={name}
      isNew={!product}
      newTitle={t("adminProducts.editor.newTitle")}
      back={{ to: adminPaths.products(), label: t("adminProducts.editor.back") }}
      deleteLabel={t("adminProducts.editor.delete")}
      canWrite={canWrite}
    >
      <Form method="post" className="grid grid-cols-1 gap-6" key={product?.updatedAt ?? "new"}>
        <input type="hidden" name="intent" value="save" />
        {errors && result && !result.ok && <FormMessage>{result.message}</FormMessage>}
        <AdminCard title={t("adminProducts.editor.basics")}>
          <div className="grid grid-cols-1 gap-5">
            {product ? (
              <p className="text-sm text-ink">
                {t("adminProducts.editor.typeIs", { type: t(`shop.types.${product.type}`) })}
              </p>
            ) : (
              <Select
                label={t("adminProducts.editor.type")}
                name="type"
                value={type}
                onChange={(value) => setType(value as ProductType)}
                options={PRODUCT_TYPES.map((option) => ({ value: option, label: t(`shop.types.${option}`) }))}
              />
            )}
            <TranslatableField
              label={t("adminProducts.editor.productTitle")}
              name="title"
              isRequired
              defaultValue={product?.title}
              errors={translatableErrors(errors, "title")}
            />
            <TextField
              label={t("adminProducts.editor.slug")}
              description={t("adminProducts.editor.slugHint")}
              name="slug"
              defaultValue={product?.slug ?? ""}
              error={errors?.slug}
            />
            <TranslatableField
              label={t("adminProducts.editor.description")}
              name="description"
              multiline
              rows={5}
              defaultValue={product?.description}
              errors={translatableErrors(errors, "description")}
            />
            <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
              <TextField
                label={t("adminProducts.editor.sku")}
                name="sku"
                defaultValue={product?.sku ?? ""}
                error={errors?.sku}
              />
              <TextField
                label={t("adminProducts.editor.barcode")}
                name="barcode"
                defaultValue={product?.barcode ?? ""}
                error={errors?.barcode}
              />
              <TextField
                label={t("adminProducts.editor.unit")}
                description={t("adminProducts.editor.unitHint")}
                name="unit"
                defaultValue={product?.unit ?? "piece"}
                error={errors?.unit}
              />
            </div>
            <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
              <Select
                label={t("adminProducts.editor.category")}
                name="categoryId"
                defaultValue={product?.categoryId ?? "none"}
                error={errors?.categoryId}
                options={[
                  { value: "none", label: t("adminCatalog.course.noCategory") },
                  ...categories.map((category) => ({
                    value: category.id,
                    label: `${"— ".repeat(category.depth)}${titleOf(category.name)}`,
                  })),
                ]}
              />
              <TagInput
                label={t("adminProducts.editor.childCategories")}
                name="childCategories"
                defaultValue={product?.childCategories ?? []}
                error={errors?.childCategories}
              />
            </div>
            {settings.childProducts && (
              <Select
                label={t("adminProducts.editor.parentProduct")}
                description={t("adminProducts.editor.parentProductHint")}
                name="parentProductId"
                defaultValue={product?.parentProductId ?? "none"}
                error={errors?.parentProductId}
                options={[
                  { value: "none", label: t("adminProducts.editor.noParentProduct") },
                  ...otherProducts.map((other) => ({ value: other.id, label: titleOf(other.title) })),
                ]}
              />
            )}
            <TagInput
              label={t("adminProducts.editor.tags")}
              name="tags"
              defaultValue={product?.tags ?? []}
              error={errors?.tags}
            />
          </div>
        </AdminCard>

        <AdminCard title={t("adminProducts.editor.pricing")}>
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
            <NumberField
              label={t("adminProducts.editor.price")}
              description={t("adminProducts.editor.priceHint")}
              name="price"
              isRequired
              minValue={0}
              formatOptions={money}
              defaultValue={euros(product?.priceCents)}
              error={errors?.priceCents}
            />
            <NumberField
              label={t("adminProducts.editor.salePrice")}
              name="salePrice"
              minValue={0}
              formatOptions={money}
              defaultValue={euros(product?.salePriceCents)}
              error={errors?.salePriceCents}
            />
            <NumberField
              label={t("adminProducts.editor.costPrice")}
              name="costPrice"
              minValue={0}
              formatOptions={money}
              defaultValue={euros(product?.costPriceCents)}
              error={errors?.costPriceCents}
            />
            <Select
              label={t("adminCatalog.course.taxClass")}
              name="taxClass"
              defaultValue={product?.taxClass ?? "default"}
              options={[
                { value: "default", label: t("adminCatalog.taxClasses.default") },
                ...TAX_CLASSES.map((taxClass) => ({
                  value: taxClass,
                  label: t(`adminCatalog.taxClasses.${taxClass}`),
                })),
              ]}
            />
            <TextField
              label={t("adminProducts.editor.taxName")}
              description={t("adminProducts.editor.taxHint")}
              name="taxName"
              defaultValue={product?.taxName ?? ""}
              error={errors?.taxName}
            />
            <TextField
              label={t("adminProducts.editor.taxRate")}
              name="taxRate"
              inputMode="decimal"
              defaultValue={product?.taxRateBp == null ? "" : String(product.taxRateBp / 100)}
              error={errors?.taxRateBp}
            />
          </div>
        </AdminCard>

        <AdminCard title={t("adminProducts.editor.stock")}>
          <div className="grid grid-cols-1 gap-4">
            {counted && (
              <NumberField
                label={t("adminProducts.editor.quantity")}
                description={t("adminProducts.editor.quantityHint")}
                name="quantity"
                minValue={0}
                step={1}
                defaultValue={product?.quantity ?? 0}
                error={errors?.quantity}
                className="max-w-xs"
              />
            )}
            <Switch name="soldOut" value="true" defaultSelected={product?.stockStatus === "sold_out"}>
              {t("adminProducts.editor.soldOut")}
            </Switch>
            {type === "physical" && (
              <Switch
                name="allowOutOfStockOrders"
                value="true"
                defaultSelected={product?.allowOutOfStockOrders ?? false}
              >
                {t("adminProducts.editor.allowOutOfStock")}
              </Switch>
            )}
            <Switch
              name="sellIndividualUnits"
              value="true"
              defaultSelected={product?.sellIndividualUnits ?? true}
            >
              {t("adminProducts.editor.sellIndividualUnits")}
            </Switch>
            <Switch name="allowNotes" value="true" defaultSelected={product?.allowNotes ?? false}>
              {t("adminProducts.editor.allowNotes")}
            </Switch>
          </div>
        </AdminCard>

        {type === "physical" && (
          <AdminCard title={t("adminProducts.editor.variants")}>
            <div className="grid gap-5">
              {variantAttributes.length > 0 ? (
                <MultiSelect
                  label={t("adminProducts.editor.variantAttributes")}
                  description={t("adminProducts.editor.variantAttributesHint")}
                  name="variantAttributeIds"
                  defaultValue={product?.variantAttributeIds ?? []}
                  error={errors?.variantAttributeIds}
                  options={variantAttributes.map((attribute) => ({
                    value: attribute.id,
                    label: titleOf(attribute.displayName),
                  }))}
                />
              ) : (
                <p className="text-sm text-ink-muted">{t("adminProducts.editor.noVariantAttributes")}</p>
              )}
              {product && <VariantsTable product={product} currency={currency} />}
              {errors?.variants && <p className="text-xs font-medium text-danger">{errors.variants}</p>}
            </div>
          </AdminCard>
        )}

        {type === "digital" && (
          <AdminCard title={t("adminProducts.editor.download")}>
            <NumberField
              label={t("adminProducts.editor.downloadLimit")}
              description={t("adminProducts.editor.downloadLimitHint")}
              name="downloadLimit"
              minValue={1}
              step={1}
              defaultValue={product?.downloadLimit ?? undefined}
              error={errors?.downloadLimit}
              className="max-w-xs"
            />
          </AdminCard>
        )}

        {type === "bundle" && (
          <AdminCard title={t("adminProducts.editor.bundle")}>
            <BundleEditor
              items={product?.bundleItems ?? []}
              options={otherProducts
                .filter((other) => other.type !== "bundle")
                .map((other) => ({ id: other.id, label: titleOf(other.title) }))}
            />
            {errors?.bundleItems && (
              <p className="mt-2 text-xs font-medium text-danger">{errors.bundleItems}</p>
            )}
          </AdminCard>
        )}

        {type === "physical" && (
          <AdminCard title={t("adminProducts.editor.measurements")}>
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-5">
              {MEASURES.map((measure) => (
                <TextField
                  key={measure}
                  label={t("adminProducts.editor.measureIn", {
                    measure: t(`shop.measures.${measure}`),
                    unit: t(`shop.units.${unitOf(measure)}`),
                  })}
                  name={`measurements.${measure}`}
                  inputMode="decimal"
                  defaultValue={
                    product?.measurements?.[measure] == null ? "" : String(product.measurements[measure])
                  }
                  error={errors?.[`measurements.${measure}`]}
                />
              ))}
            </div>
          </AdminCard>
        )}

        <AdminCard title={t("adminProducts.editor.extras")}>
          <ExtrasEditor extras={product?.extras ?? []} />
          {errors?.extras && <p className="mt-2 text-xs font-medium text-danger">{errors.extras}</p>}
        </AdminCard>

        <AdminCard title={t("adminProducts.editor.related")}>
          <MultiSelect
            label={t("adminProducts.editor.relatedProducts")}
            name="relatedProductIds"
            defaultValue={product?.relatedProductIds ?? []}
            options={otherProducts.map((other) => ({ value: other.id, label: titleOf(other.title) }))}
          />
        </AdminCard>

        <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
          <Switch name="published" value="true" defaultSelected={product?.published ?? false}>
            {t("adminProducts.editor.published")}
          </Switch>
          {canWrite && (
            <Button type="submit" disabled={saving}>
              {saving
                ? t("adminCatalog.saving")
                : product
                  ? t("adminProducts.editor.save")
                  : t("adminProducts.editor.create")}
            </Button>
          )}
        </div>
      </Form>

      {product && (
        <AdminCard title={t("adminProducts.images.title")}>
          <ImagesPanel product={product} imagesPerProduct={settings.imagesPerProduct} canWrite={canWrite} />
        </AdminCard>
      )}
      {product?.type === "digital" && (
        <AdminCard title={t("adminProducts.file.title")}>
          <DownloadPanel product={product} canWrite={canWrite} />
        </AdminCard>
      )}
      {product?.type === "physical" && history && (
        <AdminCard title={t("adminProducts.stock.title")}>
          <StockPanel product={product} history={history} canWrite={canWrite} />
        </AdminCard>
      )}
    </CatalogEditorPage>
  );
}
