import { FlaskConical } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { formatExpiry, parseExpiry } from "./card-expiry";
import { type CardInput, checkoutApi } from "./checkout-api";
import { checkoutErrorMessage } from "./error-message";

const field =
  "mt-1.5 block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-base text-ink tabular-nums " +
  "focus-visible:border-primary-ink focus-visible:outline-2 focus-visible:outline-focus";

const TEST_CARDS = { succeeds: "4242 4242 4242 4242", declines: "4000 0000 0000 0002" };

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The demo provider's card form, clearly in test mode: no money moves. */
export function DemoCardForm({
  orderId,
  amount,
  disabled,
  onPaid,
  pay = (card) => checkoutApi.pay(orderId, card),
}: {
  orderId: string;
  amount: string;
  disabled: boolean;
  onPaid: () => void;
  /** What the form pays (default: the order's amount due now). */
  pay?: (card: CardInput) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<{ number?: string; expiry?: string; cvc?: string }>({});
  /** A field's error goes as soon as what is typed there is valid. */
  const clearWhenValid = (name: keyof typeof errors, valid: boolean) => {
    if (valid && errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const digits = number.replace(/\D/g, "");
    const parsedExpiry = parseExpiry(expiry);
    const found: typeof errors = {};
    if (digits.length < 12) found.number = t("payment.cardInvalid");
    if (!parsedExpiry) found.expiry = t("payment.expiryInvalid");
    if (!/^\d{3}$/.test(cvc.trim())) found.cvc = t("payment.cvcInvalid");
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsedExpiry) return;
    const card: CardInput = {
      number: digits,
      expMonth: parsedExpiry.month,
      expYear: parsedExpiry.year,
      cvc: cvc.trim(),
    };
    setPaying(true);
    try {
      await pay(card);
      onPaid();
    } catch (error) {
      setFailure(checkoutErrorMessage(error, t, i18n.language));
      setPaying(false);
    }
  }

  const describedBy = (name: keyof typeof errors) => (errors[name] ? `${ids}-${name}-error` : undefined);

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="rounded-xl border-2 border-dashed border-accent bg-accent-soft p-4 text-on-accent-soft">
        <p className="flex items-center gap-2 text-sm font-bold tracking-wider">
          <FlaskConical aria-hidden="true" className="size-5" />
          {t("payment.testMode")}
        </p>
        <p className="mt-2 text-sm">{t("payment.testModeText")}</p>
        <ul className="mt-2 grid gap-1 text-sm font-semibold tabular-nums">
          <li>{t("payment.testSucceeds", { number: TEST_CARDS.succeeds })}</li>
          <li>{t("payment.testDeclines", { number: TEST_CARDS.declines })}</li>
        </ul>
      </div>

      <div>
        <label htmlFor={`${ids}-number`} className="text-sm font-semibold text-ink">
          {t("payment.cardNumber")}
        </label>
        <input
          id={`${ids}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(event) => {
            const grouped = groupDigits(event.target.value);
            setNumber(grouped);
            clearWhenValid("number", grouped.replace(/\D/g, "").length >= 12);
          }}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={describedBy("number")}
          className={field}
        />
        {errors.number && (
          <p id={`${ids}-number-error`} className="mt-1 text-xs text-danger">
            {errors.number}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={`${ids}-expiry`} className="text-sm font-semibold text-ink">
            {t("payment.expiry")}
          </label>
          <input
            id={`${ids}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/30"
            value={expiry}
            onChange={(event) => {
              const typed = formatExpiry(event.target.value, expiry);
              setExpiry(typed);
              clearWhenValid("expiry", parseExpiry(typed) !== null);
            }}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={describedBy("expiry")}
            className={field}
          />
          {errors.expiry && (
            <p id={`${ids}-expiry-error`} className="mt-1 text-xs text-danger">
              {errors.expiry}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${ids}-cvc`} className="text-sm font-semibold text-ink">
            {t("payment.cvc")}
          </label>
          <input
            id={`${ids}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={3}
            placeholder="123"
            value={cvc}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, "");
              setCvc(digits);
              clearWhenValid("cvc", /^\d{3}$/.test(digits));
            }}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={describedBy("cvc")}
            className={field}
          />
          {errors.cvc && (
            <p id={`${ids}-cvc-error`} className="mt-1 text-xs text-danger">
              {errors.cvc}
            </p>
          )}
        </div>
      </div>
      {failure && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger">
          {failure}
        </p>
      )}
      <Button type="submit" variant="accent" size="lg" className="w-full" disabled={disabled || paying}>
        {paying ? t("payment.paying") : t("payment.pay", { amount })}
      </Button>
    </form>
  );
}
