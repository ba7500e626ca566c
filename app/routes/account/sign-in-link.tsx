import { Link } from "react-router";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { EmailLinkForm } from "~/features/accounts/email-link-form";
import { accountMeta } from "~/features/accounts/page-meta";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/sign-in-link";

export { action, loader } from "./sign-in-link.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.signInLink.metaTitle");

/** Sign in without a password: a single-use link is mailed to the address. */
export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title={t("accounts.signInLink.title")}
      intro={t("accounts.signInLink.intro")}
      footer={
        <Link
          to={paths.signIn(loaderData.redirectTo || undefined)}
          className="font-semibold text-primary-ink underline underline-offset-4"
        >
          {t("accounts.signInLink.back")}
        </Link>
      }
    >
      {actionData?.sent && <FormAlert tone="success">{t("accounts.signInLink.sent")}</FormAlert>}
      <EmailLinkForm
        email={actionData?.email}
        errorKey={fieldErrors.email}
        submit={t("accounts.signInLink.submit")}
        submitting={t("accounts.signInLink.submitting")}
      >
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
      </EmailLinkForm>
    </AuthCard>
  );
}
