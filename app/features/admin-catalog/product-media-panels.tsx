import { Download, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { AdminProduct } from "~server/modules/products/products.schemas";
import type { ActionResult } from "./action-result";

const fileInput =
  "text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:font-semibold file:text-ink";

function Failure({ result }: { result: ActionResult | undefined }) {
  if (!result || result.ok) return null;
  return (
    <p role="alert" className="text-sm text-danger">
      {result.message}
    </p>
  );
}

/** The product's pictures (JPEG, WebP or PNG only, up to the images-per-product setting): add and remove. */
export function ImagesPanel({
  product,
  imagesPerProduct,
  canWrite,
}: {
  product: AdminProduct;
  imagesPerProduct: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const upload = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
  return (
    <div className="grid gap-4">
      {product.images.length > 0 ? (
        <ul className="flex flex-wrap gap-3">
          {product.images.map((image, index) => (
            <li key={image} className="grid gap-1">
              <img
                src={image}
                alt={t("adminProducts.images.alt", { number: index + 1 })}
                className="size-28 rounded-lg border border-line object-cover"
              />
              {canWrite && (
                <remove.Form method="post">
                  <input type="hidden" name="intent" value="remove-image" />
                  <input type="hidden" name="image" value={image} />
                  <Button
                    type="submit"
                    variant="ghost"
                    aria-label={t("adminProducts.images.remove", { number: index + 1 })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </remove.Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{t("adminProducts.images.none")}</p>
      )}
      {canWrite && product.images.length < imagesPerProduct && (
        <upload.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-image" />
          <label className="grid gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.images.choose")}
            <input
              type="file"
              name="image"
              accept="image/jpeg,image/png,image/webp"
              required
              className={fileInput}
            />
          </label>
          <Button type="submit" variant="secondary" disabled={upload.state !== "idle"}>
            {t("adminProducts.images.upload")}
          </Button>
        </upload.Form>
      )}
      <p className="text-xs text-ink-muted">{t("adminProducts.images.hint", { count: imagesPerProduct })}</p>
      <Failure result={upload.data} />
      <Failure result={remove.data} />
    </div>
  );
}

/** A digital product's file: the one uploaded (its name) and a new upload that replaces it. */
export function DownloadPanel({ product, canWrite }: { product: AdminProduct; canWrite: boolean }) {
  const { t } = useTranslation();
  const upload = useFetcher<ActionResult>();
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 text-sm text-ink">
        <Download aria-hidden="true" className="size-5 text-primary-ink" />
        {product.download
          ? t("adminProducts.file.current", { name: product.download.name })
          : t("adminProducts.file.none")}
      </p>
      {canWrite && (
        <upload.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload-file" />
          <label className="grid gap-1.5 text-sm font-semibold text-ink">
            {t("adminProducts.file.choose")}
            <input type="file" name="file" required className={fileInput} />
          </label>
          <Button type="submit" variant="secondary" disabled={upload.state !== "idle"}>
            {t("adminProducts.file.upload")}
          </Button>
        </upload.Form>
      )}
      <Failure result={upload.data} />
    </div>
  );
}
