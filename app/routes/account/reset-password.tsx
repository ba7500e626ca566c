import { Link } from "react-router";
import { AuthCard } from "~/features/accounts/auth-card";
import { accountMeta } from "~/features/accounts/page-meta";
import { resetPasswordAction } from "~/features/accounts/reset-password-action.server";
import { ResetPasswordForm } from "~/features/accounts/reset-password-form";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/reset-password";

export async function action({ context, request, params }: Route.ActionArgs) {
  return resetPasswordAction(request, context.language, params.token, (input) =>
    context.services.customers.resetPassword(context.company.id, input, context.client),
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.reset.metaTitle");

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t("accounts.reset.title")}
      intro={t("accounts.reset.intro")}
      footer={
        <Link to={paths.signIn()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("accounts.reset.back")}
        </Link>
      }
    >
      <ResetPasswordForm actionData={actionData} />
    </AuthCard>
  );
}
