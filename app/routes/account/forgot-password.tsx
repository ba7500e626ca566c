import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { accountMeta } from "~/features/accounts/page-meta";
import { FieldStack, TextField } from "~/features/accounts/text-field";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/forgot-password";

export { action } from "./forgot-password.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.forgot.metaTitle");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title={t("accounts.forgot.title")}
      intro={t("accounts.forgot.intro")}
      footer={
        <Link to={paths.signIn()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("accounts.forgot.back")}
        </Link>
      }
    >
      {actionData?.sent && <FormAlert tone="success">{t("accounts.forgot.sent")}</FormAlert>}
      <Form method="post" noValidate>
        <FieldStack>
          <TextField
            name="email"
            type="email"
            label={t("accounts.fields.email")}
            autoComplete="email"
            defaultValue={actionData?.email}
            error={fieldErrors.email ? t(`accounts.errors.${fieldErrors.email}`) : undefined}
            required
          />
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? t("accounts.forgot.submitting") : t("accounts.forgot.submit")}
          </Button>
        </FieldStack>
      </Form>
    </AuthCard>
  );
}
