import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormDialog } from "~/components/admin/form-dialog";
import {
  Checkbox,
  FormMessage,
  MultiSelect,
  NumberField,
  Select,
  Switch,
  TextField,
} from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import type { Coupon } from "~server/modules/coupons/coupons.schemas";
import type { CouponRestrictionOptions } from "~server/modules/coupons/coupons.service";
import { translate } from "~shared/translatable";
import type { CouponActionResult } from "./coupon-action-result";

const errorClasses = "mt-1.5 block text-xs font-medium text-danger";

/** A native date input with a visible label and an inline error. */
function DateField({
  name,
  label,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm aria-invalid:border-danger"
      />
      {error && (
        <span id={`${id}-error`} className={errorClasses}>
          {error}
        </span>
      )}
    </div>
  );
}

/** Create (no `coupon`) or edit a coupon in a drawer; saved through the coupons page's action. */
export function CouponDrawer({
  coupon,
  currency,
  restrictions,
  onClose,
}: {
  coupon: Coupon | null;
  currency: string;
  restrictions: CouponRestrictionOptions;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const options = (rows: CouponRestrictionOptions["courses"]) =>
    rows.map((row) => ({ value: row.id, label: translate(row.name, i18n.language) || row.id }));
  const fetcher = useFetcher<CouponActionResult>();
  const busy = fetcher.state !== "idle";
  const bannerId = useId();
  const handled = useRef<unknown>(null);
  const [discountType, setDiscountType] = useState<string>(coupon?.discountType ?? "percentage");
  const result = fetcher.data;
  const errors = result?.intent === "save" && !result.ok ? result.errors : {};
  const error = (field: string) => (errors[field] ? t(`adminCoupons.errors.${errors[field]}`) : undefined);
  const today = new Date().toISOString().slice(0, 10);
  const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new answer only
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.intent === "save" && result.ok) {
      notify.success(
        t(result.created ? "adminCoupons.created" : "adminCoupons.updated", { code: result.code }),
      );
      onClose();
    }
  }, [fetcher.state, result]);

  return (
    <FormDialog
      side="drawer"
      title={coupon ? t("adminCoupons.editTitle") : t("adminCoupons.addTitle")}
      closeLabel={t("adminCoupons.close")}
      isOpen
      busy={busy}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="grid grid-cols-[minmax(0,1fr)] gap-5"
      >
        <input type="hidden" name="intent" value="save" />
        {coupon && <input type="hidden" name="id" value={coupon.id} />}
        {coupon?.bannerImage && <input type="hidden" name="currentBanner" value={coupon.bannerImage} />}
        {errors.form && <FormMessage>{t(`adminCoupons.errors.${errors.form}`)}</FormMessage>}
        <TranslatableField
          name="campaignName"
          label={t("adminCoupons.fields.campaignName")}
          defaultValue={coupon?.campaignName}
          errors={{ en: error("campaignName") }}
          isRequired
        />
        <TextField
          name="code"
          label={t("adminCoupons.fields.code")}
          description={t("adminCoupons.fields.codeHelp")}
          defaultValue={coupon?.code ?? ""}
          isRequired
          autoComplete="off"
          error={error("code")}
        />
        <div>
          <label htmlFor={bannerId} className="mb-1.5 block text-sm font-semibold text-ink">
            {t("adminCoupons.fields.banner")}
          </label>
          {coupon?.bannerImage && (
            <img
              src={coupon.bannerImage}
              alt={t("adminCoupons.fields.currentBanner")}
              className="mb-2 max-h-32 rounded-lg border border-line object-cover"
            />
          )}
          <input
            id={bannerId}
            type="file"
            name="banner"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${bannerId}-help`}
            aria-invalid={errors.banner ? true : undefined}
            className="block w-full rounded-lg border border-line bg-surface text-sm text-ink file:mr-3 file:min-h-11 file:border-0 file:bg-sunken file:px-4 file:font-semibold file:text-ink"
          />
          <span id={`${bannerId}-help`} className="mt-1.5 block text-xs text-ink-muted">
            {t("adminCoupons.fields.bannerHelp")}
          </span>
          {errors.banner && <span className={errorClasses}>{error("banner")}</span>}
          {coupon?.bannerImage && (
            <Checkbox name="removeBanner" className="mt-1">
              {t("adminCoupons.fields.removeBanner")}
            </Checkbox>
          )}
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
          <DateField
            name="startsAt"
            label={t("adminCoupons.fields.startsAt")}
            defaultValue={coupon?.startsAt.slice(0, 10) ?? today}
            error={error("startsAt")}
          />
          <DateField
            name="endsAt"
            label={t("adminCoupons.fields.endsAt")}
            defaultValue={coupon?.endsAt.slice(0, 10) ?? inMonth}
            error={error("endsAt")}
          />
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
          <Select
            name="discountType"
            label={t("adminCoupons.fields.discountType")}
            value={discountType}
            onChange={(value) => setDiscountType(value ?? "percentage")}
            options={[
              { value: "percentage", label: t("adminCoupons.types.percentage") },
              { value: "fixed", label: t("adminCoupons.types.fixed") },
            ]}
          />
          {discountType === "percentage" ? (
            <NumberField
              key="percentage"
              name="discountValue"
              label={t("adminCoupons.fields.percentage")}
              defaultValue={coupon?.discountType === "percentage" ? coupon.discountValue : 10}
              minValue={1}
              maxValue={100}
              step={1}
              isRequired
              error={error("discountValue")}
            />
          ) : (
            <NumberField
              key="fixed"
              name="discountValue"
              label={t("adminCoupons.fields.amount")}
              defaultValue={coupon?.discountType === "fixed" ? coupon.discountValue / 100 : 10}
              minValue={0.01}
              step={0.01}
              formatOptions={{ style: "currency", currency }}
              isRequired
              error={error("discountValue")}
            />
          )}
        </div>
        <NumberField
          name="minimumAmount"
          label={t("adminCoupons.fields.minimum")}
          description={t("adminCoupons.fields.minimumHelp")}
          defaultValue={(coupon?.minimumAmountCents ?? 0) / 100}
          minValue={0}
          step={0.01}
          formatOptions={{ style: "currency", currency }}
          error={error("minimumAmountCents")}
        />
        <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-ink">
            {t("adminCoupons.fields.limitsLegend")}
          </legend>
          <NumberField
            name="usageLimit"
            label={t("adminCoupons.fields.usageLimit")}
            description={t("adminCoupons.fields.usageLimitHelp")}
            defaultValue={coupon?.usageLimit ?? Number.NaN}
            minValue={1}
            step={1}
            error={error("usageLimit")}
          />
          <NumberField
            name="usageLimitPerCustomer"
            label={t("adminCoupons.fields.usageLimitPerCustomer")}
            description={t("adminCoupons.fields.usageLimitPerCustomerHelp")}
            defaultValue={coupon?.usageLimitPerCustomer ?? Number.NaN}
            minValue={1}
            step={1}
            error={error("usageLimitPerCustomer")}
          />
        </fieldset>
        <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          <legend className="mb-1 text-sm font-semibold text-ink">
            {t("adminCoupons.fields.restrictionsLegend")}
          </legend>
          <p className="-mt-2 text-xs text-ink-muted">{t("adminCoupons.fields.restrictionsHelp")}</p>
          <MultiSelect
            name="courseIds"
            label={t("adminCoupons.fields.courses")}
            placeholder={t("adminCoupons.fields.everything")}
            options={options(restrictions.courses)}
            defaultValue={coupon?.courseIds ?? []}
            error={error("courseIds")}
          />
          <MultiSelect
            name="categoryIds"
            label={t("adminCoupons.fields.categories")}
            placeholder={t("adminCoupons.fields.everything")}
            options={options(restrictions.categories)}
            defaultValue={coupon?.categoryIds ?? []}
            error={error("categoryIds")}
          />
          {restrictions.products.length > 0 && (
            <MultiSelect
              name="productIds"
              label={t("adminCoupons.fields.products")}
              placeholder={t("adminCoupons.fields.everything")}
              options={options(restrictions.products)}
              defaultValue={coupon?.productIds ?? []}
              error={error("productIds")}
            />
          )}
        </fieldset>
        <Switch name="published" defaultSelected={coupon?.published ?? true}>
          {t("adminCoupons.fields.published")}
        </Switch>
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("adminCoupons.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t("adminCoupons.saving") : coupon ? t("adminCoupons.save") : t("adminCoupons.add")}
          </Button>
        </div>
      </fetcher.Form>
    </FormDialog>
  );
}
