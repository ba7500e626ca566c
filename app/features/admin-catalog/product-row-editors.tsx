import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { fieldControlClasses } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/format";
import type { AdminProduct } from "~server/modules/products/products.schemas";

const cell = cn(fieldControlClasses, "min-w-24");
const euros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);

/**
 * The variants of a product, one row each: its combination, SKU, barcode, price (tax included,
 * the price without tax shown), sale price and quantity. Rows post as `variant.<i>.<field>`.
 */
export function VariantsTable({ product, currency }: { product: AdminProduct; currency: string }) {
  const { t, i18n } = useTranslation();
  if (product.variants.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{t("adminProducts.editor.variants")}</caption>
        <thead className="text-xs text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t("adminProducts.editor.combination")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("adminProducts.editor.sku")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("adminProducts.editor.barcode")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("adminProducts.editor.priceInclTax")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("adminProducts.editor.salePrice")}
            </th>
            <th scope="col" className="py-2">
              {t("adminProducts.editor.quantity")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {product.variants.map((variant, index) => {
            const field = (name: string) => `variant.${index}.${name}`;
            return (
              <tr key={variant.id}>
                <th scope="row" className="py-2 pr-3 font-semibold text-ink">
                  {variant.label}
                  <input type="hidden" name={field("id")} value={variant.id} />
                  <input
                    type="hidden"
                    name={field("combination")}
                    value={JSON.stringify(variant.combination)}
                  />
                </th>
                <td className="py-2 pr-3">
                  <input
                    name={field("sku")}
                    defaultValue={variant.sku ?? ""}
                    aria-label={t("adminProducts.editor.skuOf", { variant: variant.label })}
                    className={cell}
                  />
                </td>
                <td className="py-2 pr-3">
                  <input
                    name={field("barcode")}
                    defaultValue={variant.barcode ?? ""}
                    aria-label={t("adminProducts.editor.barcodeOf", { variant: variant.label })}
                    className={cell}
                  />
                </td>
                <td className="py-2 pr-3">
                  <input
                    name={field("price")}
                    inputMode="decimal"
                    defaultValue={euros(variant.priceCents)}
                    aria-label={t("adminProducts.editor.priceOf", { variant: variant.label })}
                    className={cell}
                  />
                  <span className="mt-1 block text-xs text-ink-muted">
                    {t("adminProducts.editor.exclTax", {
                      price: formatMoney(variant.priceExclTaxCents, currency, i18n.language),
                    })}
                  </span>
                </td>
                <td className="py-2 pr-3">
                  <input
                    name={field("salePrice")}
                    inputMode="decimal"
                    defaultValue={euros(variant.salePriceCents)}
                    aria-label={t("adminProducts.editor.salePriceOf", { variant: variant.label })}
                    className={cell}
                  />
                </td>
                <td className="py-2">
                  <input
                    name={field("quantity")}
                    inputMode="numeric"
                    defaultValue={String(variant.quantity)}
                    aria-label={t("adminProducts.editor.quantityOf", { variant: variant.label })}
                    className={cell}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type ExtraRow = { key: number; id?: string; name: string; price: string };

/** Paid add-ons (gift wrap): a name and a price per row, added and removed here. */
export function ExtrasEditor({ extras }: { extras: AdminProduct["extras"] }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ExtraRow[]>(() =>
    extras.map((extra, key) => ({
      key,
      id: extra.id,
      name: extra.name.en ?? "",
      price: euros(extra.priceCents),
    })),
  );
  const [next, setNext] = useState(extras.length);
  return (
    <div className="grid gap-3">
      {rows.map((row, index) => (
        <div key={row.key} className="flex flex-wrap items-end gap-3">
          {row.id && <input type="hidden" name={`extra.${index}.id`} value={row.id} />}
          <label className="grid flex-1 gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.editor.extraName")}
            <input name={`extra.${index}.name`} defaultValue={row.name} className={fieldControlClasses} />
          </label>
          <label className="grid w-32 gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.editor.extraPrice")}
            <input
              name={`extra.${index}.price`}
              inputMode="decimal"
              defaultValue={row.price}
              className={fieldControlClasses}
            />
          </label>
          <Button
            variant="ghost"
            onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
            aria-label={t("adminProducts.editor.removeExtra", { number: index + 1 })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            setRows([...rows, { key: next, name: "", price: "" }]);
            setNext(next + 1);
          }}
        >
          <Plus aria-hidden="true" />
          {t("adminProducts.editor.addExtra")}
        </Button>
      </div>
    </div>
  );
}

type BundleRow = { key: number; productId: string; quantity: string };

/** The products a bundle holds, each with how many: chosen from the school's other non-bundle products. */
export function BundleEditor({
  items,
  options,
}: {
  items: AdminProduct["bundleItems"];
  options: { id: string; label: string }[];
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<BundleRow[]>(() =>
    items.map((item, key) => ({ key, productId: item.productId, quantity: String(item.quantity) })),
  );
  const [next, setNext] = useState(items.length);
  return (
    <div className="grid gap-3">
      {rows.map((row, index) => (
        <div key={row.key} className="flex flex-wrap items-end gap-3">
          <label className="grid flex-1 gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.editor.bundleProduct")}
            <select
              name={`bundle.${index}.productId`}
              defaultValue={row.productId}
              className={fieldControlClasses}
            >
              <option value="">{t("adminProducts.editor.chooseProduct")}</option>
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="grid w-28 gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.editor.quantity")}
            <input
              name={`bundle.${index}.quantity`}
              inputMode="numeric"
              defaultValue={row.quantity}
              className={fieldControlClasses}
            />
          </label>
          <Button
            variant="ghost"
            onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
            aria-label={t("adminProducts.editor.removeBundleItem", { number: index + 1 })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            setRows([...rows, { key: next, productId: "", quantity: "1" }]);
            setNext(next + 1);
          }}
        >
          <Plus aria-hidden="true" />
          {t("adminProducts.editor.addBundleItem")}
        </Button>
      </div>
    </div>
  );
}
