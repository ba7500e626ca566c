import { useId, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useStoreCountries } from "./use-store-countries";

/** The buyer's country for tax and an optional business with its EU VAT number. */
export interface BuyerTaxDetails {
  country?: string;
  company?: string;
  vatNumber?: string;
}

const field =
  "mt-1.5 block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-base text-ink " +
  "placeholder:text-ink-muted focus-visible:border-primary-ink focus-visible:outline-2 focus-visible:outline-focus";

/**
 * Country, company and VAT number at checkout. The country applies at once (the quote shows its
 * VAT); the company and VAT number when the buyer leaves their field, so typing does not ask the
 * server at every key.
 */
export function TaxDetailsFields({
  onChange,
  error,
}: {
  onChange: (details: BuyerTaxDetails) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const countries = useStoreCountries();
  const [country, setCountry] = useState("");
  const [company, setCompany] = useState("");
  const [vatNumber, setVatNumber] = useState("");

  const apply = (next: { country: string; company: string; vatNumber: string }) =>
    onChange({
      ...(next.country ? { country: next.country } : {}),
      ...(next.company.trim() ? { company: next.company.trim() } : {}),
      ...(next.vatNumber.trim() ? { vatNumber: next.vatNumber.trim() } : {}),
    });

  return (
    <fieldset className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <legend className="float-left mb-4 w-full text-xl font-bold tracking-tight text-ink">
        {t("checkout.taxTitle")}
      </legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-country`} className="text-sm font-semibold text-ink">
            {t("checkout.country")}
          </label>
          <select
            id={`${ids}-country`}
            name="country"
            autoComplete="country"
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              apply({ country: event.target.value, company, vatNumber });
            }}
            aria-describedby={`${ids}-country-hint`}
            className={field}
          >
            <option value="">{t("checkout.countryDefault")}</option>
            {countries.map((option) => (
              <option key={option.isoCode} value={option.isoCode}>
                {option.name}
              </option>
            ))}
          </select>
          <p id={`${ids}-country-hint`} className="mt-1 text-xs text-ink-muted">
            {t("checkout.countryHint")}
          </p>
        </div>
        <div>
          <label htmlFor={`${ids}-company`} className="text-sm font-semibold text-ink">
            {t("checkout.company")}
          </label>
          <input
            id={`${ids}-company`}
            name="company"
            autoComplete="organization"
            value={company}
            onChange={(event) => setCompany(event.target.value)}
            onBlur={() => apply({ country, company, vatNumber })}
            className={field}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-vat`} className="text-sm font-semibold text-ink">
            {t("checkout.vatNumber")}
          </label>
          <input
            id={`${ids}-vat`}
            name="vatNumber"
            value={vatNumber}
            onChange={(event) => setVatNumber(event.target.value)}
            onBlur={() => apply({ country, company, vatNumber })}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-vat-hint${error ? ` ${ids}-vat-error` : ""}`}
            className={field}
          />
          <p id={`${ids}-vat-hint`} className="mt-1 text-xs text-ink-muted">
            {t("checkout.vatNumberHint")}
          </p>
          {error && (
            <p id={`${ids}-vat-error`} role="alert" className="mt-1 text-xs text-danger">
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
