import { useTranslation } from "~/i18n/use-translation";
import type { Quote } from "~server/modules/checkout/checkout.schemas";

export type PaymentChoice = Quote["paymentMethods"][number];

/** The ways to pay the school offers for this cart (card, Paypal, iDEAL), as radio buttons. */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: PaymentChoice[];
  value: PaymentChoice;
  onChange: (method: PaymentChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <legend className="float-left mb-4 w-full text-xl font-bold tracking-tight text-ink">
        {t("checkout.paymentMethodTitle")}
      </legend>
      <div className="clear-both grid gap-2">
        {methods.map((method) => (
          <label key={method} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="size-5 accent-primary"
            />
            <span className="text-sm text-ink">{t(`checkout.paymentMethods.${method}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
