import { useId } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Quote } from "./checkout-api";
import { useStoreCountries } from "./use-store-countries";

/** Where the goods go, a phone number for the carrier, and the chosen carrier. */
export interface ShippingInput {
  name: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
  carrierId: string;
}

export const EMPTY_SHIPPING: ShippingInput = {
  name: "",
  line1: "",
  line2: "",
  postalCode: "",
  city: "",
  country: "",
  phone: "",
  carrierId: "",
};

/** What the quote needs of the address: the country and carrier (typing a street asks the server nothing). */
export const shippingForQuote = (value: ShippingInput) =>
  value.country
    ? { country: value.country, ...(value.carrierId ? { carrierId: value.carrierId } : {}) }
    : undefined;

/** The address as the checkout sends it: empty optional fields left out. */
export const shippingForOrder = (value: ShippingInput) => {
  if (!value.country) return undefined;
  const { line2, name, carrierId, ...rest } = value;
  return {
    ...rest,
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(line2.trim() ? { line2: line2.trim() } : {}),
    ...(carrierId ? { carrierId } : {}),
  };
};

export type ShippingFieldErrors = Partial<Record<keyof ShippingInput, string>>;

const field =
  "mt-1.5 block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-base text-ink " +
  "placeholder:text-ink-muted focus-visible:border-primary-ink focus-visible:outline-2 focus-visible:outline-focus";

const TEXT_FIELDS = [
  { key: "name", autoComplete: "shipping name", wide: true },
  { key: "line1", autoComplete: "shipping address-line1", wide: true },
  { key: "line2", autoComplete: "shipping address-line2", wide: true },
  { key: "postalCode", autoComplete: "shipping postal-code", wide: false },
  { key: "city", autoComplete: "shipping address-level2", wide: false },
] as const;

/**
 * The shipping address, phone and carrier at checkout, shown when the cart holds goods to ship.
 * The carriers that serve the chosen country come from the quote, each with its cost; cash on
 * delivery is offered when the school allows it.
 */
export function ShippingFields({
  value,
  onChange,
  shipping,
  money,
  errors = {},
  cashOnDelivery,
  onCashOnDelivery,
}: {
  value: ShippingInput;
  onChange: (next: ShippingInput) => void;
  shipping: NonNullable<Quote["shipping"]>;
  money: (cents: number) => string;
  errors?: ShippingFieldErrors;
  cashOnDelivery: boolean;
  onCashOnDelivery: (chosen: boolean) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const countries = useStoreCountries();

  const set = (key: keyof ShippingInput, next: string) => onChange({ ...value, [key]: next });
  const error = (key: keyof ShippingInput) =>
    errors[key] ? (
      <p id={`${ids}-${key}-error`} role="alert" className="mt-1 text-xs text-danger">
        {errors[key]}
      </p>
    ) : null;
  const described = (key: keyof ShippingInput) => (errors[key] ? `${ids}-${key}-error` : undefined);

  return (
    <fieldset className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <legend className="float-left mb-4 w-full text-xl font-bold tracking-tight text-ink">
        {t("checkout.shippingTitle")}
      </legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-country`} className="text-sm font-semibold text-ink">
            {t("checkout.shippingCountry")}
          </label>
          <select
            id={`${ids}-country`}
            name="shippingCountry"
            autoComplete="shipping country"
            value={value.country}
            onChange={(event) => onChange({ ...value, country: event.target.value, carrierId: "" })}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={described("country")}
            className={field}
          >
            <option value="">{t("checkout.shippingCountryChoose")}</option>
            {countries.map((option) => (
              <option key={option.isoCode} value={option.isoCode}>
                {option.name}
              </option>
            ))}
          </select>
          {error("country")}
        </div>
        {TEXT_FIELDS.map(({ key, autoComplete, wide }) => (
          <div key={key} className={wide ? "sm:col-span-2" : undefined}>
            <label htmlFor={`${ids}-${key}`} className="text-sm font-semibold text-ink">
              {t(`checkout.shipping.${key}`)}
            </label>
            <input
              id={`${ids}-${key}`}
              name={`shipping-${key}`}
              autoComplete={autoComplete}
              value={value[key]}
              maxLength={key === "postalCode" ? 20 : 200}
              onChange={(event) => set(key, event.target.value)}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={described(key)}
              className={field}
            />
            {error(key)}
          </div>
        ))}
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-phone`} className="text-sm font-semibold text-ink">
            {t("checkout.shipping.phone")}
          </label>
          <input
            id={`${ids}-phone`}
            name="shipping-phone"
            type="tel"
            autoComplete="shipping tel"
            value={value.phone}
            maxLength={30}
            onChange={(event) => set("phone", event.target.value)}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={`${ids}-phone-hint${errors.phone ? ` ${ids}-phone-error` : ""}`}
            className={field}
          />
          <p id={`${ids}-phone-hint`} className="mt-1 text-xs text-ink-muted">
            {t("checkout.shipping.phoneHint")}
          </p>
          {error("phone")}
        </div>
      </div>

      <div className="mt-6" role="radiogroup" aria-labelledby={`${ids}-carriers`}>
        <p id={`${ids}-carriers`} className="text-sm font-semibold text-ink">
          {t("checkout.carrier")}
        </p>
        {shipping.message && value.country ? (
          <p role="status" className="mt-2 text-sm text-danger">
            {shipping.options.length === 0 ? t("checkout.noCarrier") : t("checkout.carrierNotOffered")}
          </p>
        ) : null}
        {!value.country && <p className="mt-2 text-sm text-ink-muted">{t("checkout.carrierNeedsCountry")}</p>}
        <ul className="mt-2 grid gap-2">
          {shipping.options.map((option) => (
            <li key={option.carrierId}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-checked:border-primary-ink">
                <input
                  type="radio"
                  name="carrier"
                  value={option.carrierId}
                  checked={value.carrierId === option.carrierId}
                  onChange={() => set("carrierId", option.carrierId)}
                  className="size-5 accent-primary"
                />
                {option.logoUrl ? (
                  <img src={option.logoUrl} alt="" width={32} height={32} className="size-8 object-contain" />
                ) : null}
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{option.name}</span>
                  <span className="block text-xs text-ink-muted">
                    {t(`checkout.speed.${option.speedGrade}`)}
                    {option.description ? ` · ${option.description}` : ""}
                  </span>
                </span>
                <span className="tabular-nums text-ink">
                  {option.costCents === 0 ? t("checkout.shippingFree") : money(option.costCents)}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error("carrierId")}
      </div>

      {shipping.cashOnDelivery && (
        <label className="mt-6 flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            name="cashOnDelivery"
            checked={cashOnDelivery}
            onChange={(event) => onCashOnDelivery(event.target.checked)}
            className="size-5 accent-primary"
          />
          <span className="text-sm text-ink">{t("checkout.cashOnDelivery")}</span>
        </label>
      )}
    </fieldset>
  );
}
