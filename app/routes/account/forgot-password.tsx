import { Link } from "react-router";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { EmailLinkForm } from "~/features/accounts/email-link-form";
import { accountMeta } from "~/features/accounts/page-meta";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/forgot-password";

export { action } from "./forgot-password.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.forgot.metaTitle");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
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
      <EmailLinkForm
        email={actionData?.email}
        errorKey={fieldErrors.email}
        submit={t("accounts.forgot.submit")}
        submitting={t("accounts.forgot.submitting")}
      />
    </AuthCard>
  );
}
