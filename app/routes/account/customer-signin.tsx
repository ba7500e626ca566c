import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { accountMeta } from "~/features/accounts/page-meta";
import { PasswordField } from "~/features/accounts/password-field";
import { FieldStack, TextField } from "~/features/accounts/text-field";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/customer-signin";

export { action, loader } from "./customer-signin.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.signIn.metaTitle");

export default function CustomerSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "signin";
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const error = (field: string) =>
    fieldErrors[field] ? t(`accounts.errors.${fieldErrors[field]}`) : undefined;
  const { redirectTo } = loaderData;
  const signUpHref = redirectTo
    ? `${paths.signUp()}?redirectTo=${encodeURIComponent(redirectTo)}`
    : paths.signUp();

  return (
    <AuthCard
      title={t("accounts.signIn.title")}
      intro={t("accounts.signIn.intro")}
      footer={
        <>
          {t("accounts.signIn.noAccount")}{" "}
          <Link to={signUpHref} className="font-semibold text-primary-ink underline underline-offset-4">
            {t("accounts.signIn.createAccount")}
          </Link>
        </>
      }
    >
      {actionData?.formError && <FormAlert>{t(`accounts.errors.${actionData.formError}`)}</FormAlert>}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FieldStack>
          <TextField
            name="email"
            type="email"
            label={t("accounts.fields.email")}
            autoComplete="email"
            defaultValue={actionData?.email}
            error={error("email")}
            required
          />
          <PasswordField
            name="password"
            label={t("accounts.fields.password")}
            autoComplete="current-password"
            error={error("password")}
            required
          />
          <div className="-mt-2 flex flex-wrap justify-between gap-x-4">
            <Link
              to={paths.signInLink(redirectTo || undefined)}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink underline-offset-4 hover:underline"
            >
              {t("accounts.signIn.emailLink")}
            </Link>
            <Link
              to={paths.forgotPassword()}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink underline-offset-4 hover:underline"
            >
              {t("accounts.signIn.forgot")}
            </Link>
          </div>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? t("accounts.signIn.submitting") : t("accounts.signIn.submit")}
          </Button>
        </FieldStack>
      </Form>

      <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        <span className="h-px flex-1 bg-line" />
        {t("accounts.signIn.or")}
        <span className="h-px flex-1 bg-line" />
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="guest" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button type="submit" variant="secondary" size="lg" className="w-full">
          {t("accounts.signIn.guest")}
        </Button>
        <p className="mt-2 text-xs text-ink-muted">{t("accounts.signIn.guestHint")}</p>
      </Form>
    </AuthCard>
  );
}
