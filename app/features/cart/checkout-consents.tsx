import { useId } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { checkoutConsentWording } from "~shared/checkout-consent";

export interface ConsentState {
  terms: boolean;
  immediateAccess: boolean;
}

export type ConsentErrors = Partial<Record<keyof ConsentState, string>>;

/**
 * Which consents are missing, as messages for the boxes (empty when all are given). Immediate access
 * is asked only when the cart holds digital content (courses, downloads).
 */
export function consentErrors(
  state: ConsentState,
  t: (key: string) => string,
  digitalContent: boolean,
): ConsentErrors {
  const errors: ConsentErrors = {};
  if (!state.terms) errors.terms = t("checkout.acceptTermsRequired");
  if (digitalContent && !state.immediateAccess) {
    errors.immediateAccess = t("checkout.immediateAccessRequired");
  }
  return errors;
}

const linkClass = "font-semibold text-primary-ink underline";

/**
 * The boxes a checkout asks for, unticked at first: the general terms (with a link), and, when the
 * cart holds digital content, immediate access with the loss of the right of withdrawal (terms §7,
 * in the wording that is recorded on the order). Goods only keep their right of withdrawal. A
 * box's error goes as soon as it is ticked.
 */
export function CheckoutConsents({
  value,
  errors,
  digitalContent,
  onChange,
}: {
  value: ConsentState;
  errors: ConsentErrors;
  digitalContent: boolean;
  onChange: (next: ConsentState, errors: ConsentErrors) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const wording = checkoutConsentWording(i18n.language);

  function set(key: keyof ConsentState, checked: boolean) {
    const next = { ...value, [key]: checked };
    const remaining = { ...errors };
    if (checked) delete remaining[key];
    onChange(next, remaining);
  }

  const box = (key: keyof ConsentState, label: React.ReactNode) => (
    <div>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm text-ink">
        <input
          type="checkbox"
          name={key === "terms" ? "acceptTerms" : "immediateAccess"}
          checked={value[key]}
          onChange={(event) => set(key, event.target.checked)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span>{label}</span>
      </label>
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="mt-1 text-xs text-danger">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <fieldset className="grid gap-2 rounded-2xl border border-line bg-surface p-5 shadow-card">
      <legend className="sr-only">{t("checkout.consentsTitle")}</legend>
      {box(
        "terms",
        <>
          {t("checkout.acceptTermsBefore")}
          <a href={paths.terms()} target="_blank" rel="noopener" className={linkClass}>
            {t("checkout.termsLinkText")}
          </a>
          {t("checkout.acceptTermsAfter")}
        </>,
      )}
      {digitalContent && box("immediateAccess", wording.immediateAccess)}
      <p className="text-xs text-ink-muted">
        {t("checkout.privacyNoteBefore")}
        <a href={paths.privacyPolicy()} target="_blank" rel="noopener" className={linkClass}>
          {t("checkout.privacyLinkText")}
        </a>
        {t("checkout.privacyNoteAfter")}
      </p>
    </fieldset>
  );
}
