import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/features/accounts/auth-card";
import { accountMeta } from "~/features/accounts/page-meta";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/claim-purchases";

export { action } from "./claim-purchases.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.claim.metaTitle");

export default function ClaimPurchases({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard
      title={t("accounts.claim.title")}
      intro={t("accounts.claim.intro")}
      footer={
        <Link to={paths.signIn()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("accounts.claim.back")}
        </Link>
      }
    >
      {actionData?.formError && <FormAlert>{t(`accounts.errors.${actionData.formError}`)}</FormAlert>}
      {actionData?.ok ? (
        <>
          <FormAlert tone="success">{t("accounts.claim.success")}</FormAlert>
          <Link
            to={paths.userCourses()}
            className="font-semibold text-primary-ink underline underline-offset-4"
          >
            {t("accounts.claim.toCourses")}
          </Link>
        </>
      ) : (
        <Form method="post">
          <Button type="submit" className="w-full" disabled={submitting}>
            {t("accounts.claim.submit")}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
