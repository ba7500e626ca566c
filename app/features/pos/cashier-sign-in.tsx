import { type FormEvent, useState } from "react";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { type Cashier, posApi } from "./pos-api";
import { useErrorText } from "./use-error-text";

/** The cashier identifies on the shared device: their name, then their PIN. */
export function CashierSignIn({
  cashiers,
  onSignedIn,
}: {
  cashiers: Cashier[];
  onSignedIn(cashier: Cashier): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [staffId, setStaffId] = useState(cashiers[0]?.id ?? "");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await posApi.signInCashier(staffId, pin));
    } catch (failure) {
      setError(errorText(failure));
      setPin("");
    } finally {
      setBusy(false);
    }
  }

  if (cashiers.length === 0) {
    return <p className="mx-auto max-w-md p-6 text-center text-ink-muted">{t("adminPos.cashier.none")}</p>;
  }
  return (
    <form
      onSubmit={submit}
      className="mx-auto grid w-full max-w-md gap-4 rounded-2xl bg-surface p-6 shadow-sm"
    >
      <h2 className="text-xl font-semibold">{t("adminPos.cashier.title")}</h2>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("adminPos.cashier.who")}</legend>
        {cashiers.map((cashier) => (
          <label
            key={cashier.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name="cashier"
              value={cashier.id}
              checked={staffId === cashier.id}
              onChange={() => setStaffId(cashier.id)}
            />
            {cashier.name}
          </label>
        ))}
      </fieldset>
      <PinField label={t("adminPos.cashier.pin")} value={pin} onChange={setPin} />
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy || pin.length < 4}>
        {t("adminPos.cashier.signIn")}
      </Button>
    </form>
  );
}

/** A PIN: digits only, hidden, 4 to 8 long. */
export function PinField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(pin: string): void;
}) {
  return (
    <TextField
      label={label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={8}
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, ""))}
    />
  );
}
