import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { accountMeta } from "~/features/accounts/page-meta";
import { FieldStack, TextField } from "~/features/accounts/text-field";
import { paths } from "~/lib/paths";
import { StoreForgotPasswordBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/forgot-password";

export async function action({ context, request }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const parsed = StoreForgotPasswordBody.safeParse({ email: values.email ?? "" });
  if (!parsed.success) {
    return data({ sent: false, fieldErrors: fieldErrorsFrom(parsed.error), email: values.email ?? "" }, 400);
  }
  await context.services.customers.requestPasswordReset(context.company.id, parsed.data.email, {
    origin: context.origin,
    language: context.language,
  });
  // The same answer whether or not the email belongs to an account.
  return { sent: true, fieldErrors: {}, email: parsed.data.email };
}

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
