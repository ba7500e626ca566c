import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AccountDataSection } from "~/features/accounts/account-data-section";
import { FormAlert } from "~/features/accounts/auth-card";
import type { FieldErrors } from "~/features/accounts/form-errors";
import { accountMeta } from "~/features/accounts/page-meta";
import { PasswordField } from "~/features/accounts/password-field";
import { FieldStack, TextField } from "~/features/accounts/text-field";
import { CreditLedgerTable } from "~/features/credit/credit-ledger-table";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { Route } from "./+types/user-details";

export { action, loader } from "./user-details.server";

export type Intent = "profile" | "password" | "delete";

export interface ActionResult {
  intent: Intent;
  ok: boolean;
  fieldErrors: FieldErrors;
  formError: string | null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.details.metaTitle");

function Section({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      <p className="mt-1 mb-6 text-sm text-ink-muted">{intro}</p>
      {children}
    </section>
  );
}

export default function UserDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dates = useDates().dateTime;
  const navigation = useNavigation();
  const busy = (intent: Intent) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { customer, credit } = loaderData;
  const passwordForm = useRef<HTMLFormElement>(null);
  const result = actionData as ActionResult | undefined;
  const errorsFor = (intent: Intent): Record<string, string | undefined> =>
    result?.intent === intent ? result.fieldErrors : {};
  const profileErrors = errorsFor("profile");
  const passwordErrors = errorsFor("password");
  const message = (errors: Record<string, string | undefined>, field: string) =>
    errors[field] ? t(`accounts.errors.${errors[field]}`) : undefined;

  useEffect(() => {
    if (result?.intent === "password" && result.ok) passwordForm.current?.reset();
  }, [result]);

  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("accounts.details.title")}</h1>

      <Section title={t("accounts.details.profileTitle")} intro={t("accounts.details.profileIntro")}>
        {result?.intent === "profile" && result.ok && (
          <FormAlert tone="success">{t("accounts.details.saved")}</FormAlert>
        )}
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <FieldStack className="sm:grid-cols-2">
            <TextField
              name="name"
              label={t("accounts.fields.name")}
              autoComplete="name"
              defaultValue={customer.name}
              error={message(profileErrors, "name")}
              required
            />
            <TextField
              name="email"
              type="email"
              label={t("accounts.details.email")}
              value={customer.email}
              readOnly
              disabled
            />
            <TextField
              name="phone"
              type="tel"
              label={t("accounts.fields.phone")}
              autoComplete="tel"
              defaultValue={customer.phone ?? ""}
              error={message(profileErrors, "phone")}
            />
            <TextField
              name="image"
              type="url"
              label={t("accounts.fields.image")}
              hint={t("accounts.fields.imageHint")}
              defaultValue={customer.image ?? ""}
              error={message(profileErrors, "image")}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy("profile")}>
                {busy("profile") ? t("accounts.details.saving") : t("accounts.details.save")}
              </Button>
            </div>
          </FieldStack>
        </Form>
      </Section>

      <Section title={t("credit.learner.title")} intro={t("credit.learner.intro")}>
        <p className="mb-4 text-base text-ink">
          {t("credit.balance")}:{" "}
          <strong className="tabular-nums" data-testid="credit-balance">
            {formatMoney(credit.balanceCents, credit.currency, i18n.language)}
          </strong>
        </p>
        <CreditLedgerTable entries={credit.entries} currency={credit.currency} dates={dates} />
      </Section>

      <Section
        title={t(
          customer.hasPassword ? "accounts.details.passwordTitle" : "accounts.details.setPasswordTitle",
        )}
        intro={t(
          customer.hasPassword ? "accounts.details.passwordIntro" : "accounts.details.setPasswordIntro",
        )}
      >
        {result?.intent === "password" && result.ok && (
          <FormAlert tone="success">{t("accounts.details.passwordChanged")}</FormAlert>
        )}
        {result?.intent === "password" && result.formError && (
          <FormAlert>{t(`accounts.errors.${result.formError}`)}</FormAlert>
        )}
        <Form method="post" noValidate ref={passwordForm}>
          <input type="hidden" name="intent" value="password" />
          <FieldStack className="sm:grid-cols-2">
            {customer.hasPassword && (
              <PasswordField
                name="currentPassword"
                label={t("accounts.fields.currentPassword")}
                autoComplete="current-password"
                error={message(passwordErrors, "currentPassword")}
                required
              />
            )}
            <PasswordField
              name="newPassword"
              label={t("accounts.fields.newPassword")}
              autoComplete="new-password"
              error={message(passwordErrors, "newPassword")}
              required
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy("password")}>
                {busy("password")
                  ? t("accounts.details.changing")
                  : t(
                      customer.hasPassword
                        ? "accounts.details.changePassword"
                        : "accounts.details.setPassword",
                    )}
              </Button>
            </div>
          </FieldStack>
        </Form>
      </Section>

      <AccountDataSection
        hasPassword={customer.hasPassword}
        passwordError={message(errorsFor("delete"), "password")}
        formError={
          result?.intent === "delete" && result.formError
            ? t(`accounts.errors.${result.formError}`)
            : undefined
        }
      />
    </div>
  );
}
