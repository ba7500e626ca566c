import { useState } from "react";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { PosCustomer } from "./cart";
import { PinField } from "./cashier-sign-in";
import { posApi } from "./pos-api";
import { useErrorText } from "./use-error-text";

/**
 * Look up the buyer by name or email, or add them on the spot (a learner for a course); adding asks
 * the cashier's PIN again under the POS setting 'every action'.
 */
export function CustomerPicker({
  customer,
  money,
  askPin,
  onChange,
}: {
  customer: PosCustomer | null;
  money(cents: number): string;
  askPin: boolean;
  onChange(customer: PosCustomer | null): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<PosCustomer[]>([]);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (customer) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg border border-line p-2">
        <span>
          {t("adminPos.customer.chosen", { name: customer.name, email: customer.email })}
          {customer.creditCents > 0 && (
            <span className="block text-sm text-ink-muted" data-testid="pos-customer-credit">
              {t("adminPos.customer.credit", { amount: money(customer.creditCents) })}
            </span>
          )}
        </span>
        <Button variant="ghost" onClick={() => onChange(null)}>
          {t("adminPos.customer.clear")}
        </Button>
      </div>
    );
  }

  async function lookUp(value: string) {
    setSearch(value);
    try {
      setFound(value.trim().length >= 2 ? await posApi.customers(value) : []);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <details className="rounded-lg border border-line p-2">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        {t("adminPos.customer.title")}
      </summary>
      <div className="grid gap-2 pt-2">
        <TextField
          label={t("adminPos.customer.search")}
          type="search"
          value={search}
          maxLength={100}
          onChange={(value) => void lookUp(value)}
        />
        {found.length > 0 && (
          <ul className="grid gap-1">
            {found.map((row) => (
              <li key={row.id}>
                <Button variant="secondary" className="w-full justify-start" onClick={() => onChange(row)}>
                  {row.name} · {row.email}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className="pt-2 text-sm font-semibold">{t("adminPos.customer.quickCreate")}</p>
        <TextField label={t("adminPos.customer.name")} value={name} maxLength={120} onChange={setName} />
        <TextField
          label={t("adminPos.customer.email")}
          type="email"
          value={email}
          maxLength={254}
          onChange={setEmail}
        />
        {askPin && <PinField label={t("adminPos.customer.pin")} value={pin} onChange={setPin} />}
        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}
        <Button
          variant="secondary"
          disabled={!name.trim() || !email.trim() || (askPin && pin.length < 4)}
          onClick={async () => {
            try {
              onChange(await posApi.createCustomer(name, email, askPin ? pin : null));
              setPin("");
            } catch (failure) {
              setError(errorText(failure));
            }
          }}
        >
          {t("adminPos.customer.add")}
        </Button>
      </div>
    </details>
  );
}
