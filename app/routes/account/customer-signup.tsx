import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { accountMeta } from "~/features/accounts/page-meta";
import { PasswordField } from "~/features/accounts/password-field";
import { FieldError, FieldStack, TextField } from "~/features/accounts/text-field";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/customer-signup";

export { action, loader } from "./customer-signup.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.signUp.metaTitle");

export default function CustomerSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const termsErrorId = useId();
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const error = (field: string) =>
    fieldErrors[field] ? t(`accounts.errors.${fieldErrors[field]}`) : undefined;
  const { redirectTo } = loaderData;
  const signInHref = redirectTo ? paths.signIn(redirectTo) : paths.signIn();
  const termsError = error("acceptTerms");

  return (
    <AuthCard
      title={t("accounts.signUp.title")}
      intro={t("accounts.signUp.intro")}
      footer={
        <>
          {t("accounts.signUp.haveAccount")}{" "}
          <Link to={signInHref} className="font-semibold text-primary-ink underline underline-offset-4">
            {t("accounts.signUp.signIn")}
          </Link>
        </>
      }
    >
      {actionData?.formError && (
        <FormAlert>
          {t(`accounts.errors.${actionData.formError}`)}{" "}
          {actionData.formError === "emailTaken" && (
            <Link to={signInHref} className="underline underline-offset-4">
              {t("accounts.signUp.signIn")}
            </Link>
          )}
        </FormAlert>
      )}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FieldStack>
          <TextField
            name="name"
            label={t("accounts.fields.name")}
            autoComplete="name"
            defaultValue={actionData?.entered.name}
            error={error("name")}
            required
          />
          <TextField
            name="email"
            type="email"
            label={t("accounts.fields.email")}
            autoComplete="email"
            defaultValue={actionData?.entered.email ?? loaderData.email}
            error={error("email")}
            required
          />
          <PasswordField
            name="password"
            label={t("accounts.fields.password")}
            autoComplete="new-password"
            hint={t("accounts.signUp.passwordHint")}
            error={error("password")}
            required
            minLength={8}
          />
          <div>
            <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="acceptTerms"
                required
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? termsErrorId : undefined}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <span>
                {t("accounts.signUp.termsBefore")}
                <Link
                  to={paths.terms()}
                  target="_blank"
                  className="font-semibold text-primary-ink underline underline-offset-4"
                >
                  {t("accounts.signUp.termsLink")}
                </Link>
                {t("accounts.signUp.termsAfter")}
              </span>
            </label>
            {termsError && <FieldError id={termsErrorId}>{termsError}</FieldError>}
          </div>
          <p className="text-sm text-ink-muted">
            {t("accounts.signUp.privacyBefore")}
            <Link
              to={paths.privacyPolicy()}
              target="_blank"
              className="font-semibold text-primary-ink underline underline-offset-4"
            >
              {t("accounts.signUp.privacyLink")}
            </Link>
            {t("accounts.signUp.privacyAfter")}
          </p>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? t("accounts.signUp.submitting") : t("accounts.signUp.submit")}
          </Button>
        </FieldStack>
      </Form>
    </AuthCard>
  );
}
