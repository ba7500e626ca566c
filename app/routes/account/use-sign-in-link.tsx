import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { accountMeta } from "~/features/accounts/page-meta";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/use-sign-in-link";

export { action } from "./use-sign-in-link.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.useSignInLink.metaTitle");

export default function UseSignInLink({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard
      title={t("accounts.useSignInLink.title")}
      intro={t("accounts.useSignInLink.intro")}
      footer={
        <Link to={paths.signInLink()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("accounts.useSignInLink.askNew")}
        </Link>
      }
    >
      {actionData?.formError && <FormAlert>{t(`accounts.errors.${actionData.formError}`)}</FormAlert>}
      {/* No action attribute: the post keeps the link's ?next= (where to go once signed in). */}
      <Form method="post">
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? t("accounts.useSignInLink.submitting") : t("accounts.useSignInLink.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
