import { useCallback, useId } from "react";
import { useFetcher } from "react-router";
import { fieldControlClasses } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import type { AdminProduct } from "~server/modules/products/products.schemas";
import type { ActionResult } from "./action-result";
import { useActionToast } from "./use-action-toast";

interface Movement {
  id: string;
  variantId: string | null;
  reason: string;
  change: number;
  quantityAfter: number;
  orderNumber: number | null;
  note: string | null;
  createdAt: string;
}

/**
 * A physical product's stock: a change in or out (of the product or one variant) with a note, and
 * its stock history, newest first (sales, cancels, returns, changes by staff).
 */
export function StockPanel({
  product,
  history,
  canWrite,
}: {
  product: AdminProduct;
  history: { items: Movement[]; total: number };
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const ids = useId();
  const dates = useDates().dateTime;
  // The change is toasted (or its refusal: "The stock cannot go below 0.").
  useActionToast(
    fetcher.data,
    useCallback(() => t("adminProducts.stock.saved"), [t]),
  );
  const labelOf = (variantId: string | null) =>
    variantId ? (product.variants.find((variant) => variant.id === variantId)?.label ?? "—") : "";
  return (
    <div className="grid gap-6">
      {canWrite && (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-3" key={product.updatedAt}>
          <input type="hidden" name="intent" value="adjust-stock" />
          {product.variants.length > 0 && (
            <label className="grid gap-1.5 text-sm font-semibold text-ink">
              {t("adminProducts.stock.variant")}
              <select name="variantId" className={fieldControlClasses}>
                {product.variants.map((variant) => (
                  <option key={variant.id} value={variant.id}>
                    {`${variant.label} (${variant.quantity})`}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="grid w-32 gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.stock.change")}
            <input
              name="change"
              inputMode="numeric"
              required
              aria-describedby={`${ids}-hint`}
              className={fieldControlClasses}
            />
          </label>
          <label className="grid min-w-48 flex-1 gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.stock.note")}
            <input name="note" maxLength={200} className={fieldControlClasses} />
          </label>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {t("adminProducts.stock.apply")}
          </Button>
          <p id={`${ids}-hint`} className="w-full text-xs text-ink-muted">
            {t("adminProducts.stock.hint")}
          </p>
        </fetcher.Form>
      )}
      {history.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminProducts.stock.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("adminProducts.stock.history")}</caption>
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("adminProducts.stock.when")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("adminProducts.stock.reason")}
                </th>
                {product.variants.length > 0 && (
                  <th scope="col" className="py-2 pr-3">
                    {t("adminProducts.stock.variant")}
                  </th>
                )}
                <th scope="col" className="py-2 pr-3 text-right">
                  {t("adminProducts.stock.change")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t("adminProducts.stock.after")}
                </th>
                <th scope="col" className="py-2">
                  {t("adminProducts.stock.note")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {history.items.map((movement) => (
                <tr key={movement.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <time dateTime={movement.createdAt}>{dates.format(new Date(movement.createdAt))}</time>
                  </td>
                  <td className="py-2 pr-3">
                    {t(`adminProducts.stock.reasons.${movement.reason}`)}
                    {movement.orderNumber !== null && (
                      <span className="block text-xs text-ink-muted">
                        {t("adminProducts.stock.order", { number: movement.orderNumber })}
                      </span>
                    )}
                  </td>
                  {product.variants.length > 0 && (
                    <td className="py-2 pr-3">{labelOf(movement.variantId)}</td>
                  )}
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {movement.change > 0 ? `+${movement.change}` : movement.change}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{movement.quantityAfter}</td>
                  <td className="py-2 text-ink-muted">{movement.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
