import { Form, Link, useNavigation } from "react-router";
import { FormMessage, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { StaffAuthFrame } from "~/features/staff/staff-auth-frame";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/forgot-password";

export { action, loader } from "./forgot-password.server";

export const handle: RouteHandle = { chrome: false };

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  return [
    { title: `${t("adminStaff.forgot.metaTitle")} | ${loaderData?.shopName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
};

/** Staff forgotten password (spec: /forgot-password): mails a reset link to /reset-password/{token}. */
export default function StaffForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <StaffAuthFrame
      shopName={loaderData.shopName}
      title={t("adminStaff.forgot.title")}
      intro={t("adminStaff.forgot.intro")}
      footer={
        <Link to={adminPaths.login()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("adminStaff.frame.backToLogin")}
        </Link>
      }
    >
      <Form method="post" noValidate className="grid gap-5">
        {actionData?.sent && <FormMessage tone="success">{t("accounts.forgot.sent")}</FormMessage>}
        <TextField
          name="email"
          type="email"
          label={t("accounts.fields.email")}
          autoComplete="email"
          defaultValue={actionData?.email ?? ""}
          error={fieldErrors.email ? t(`accounts.errors.${fieldErrors.email}`) : undefined}
          isRequired
        />
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? t("accounts.forgot.submitting") : t("accounts.forgot.submit")}
        </Button>
      </Form>
    </StaffAuthFrame>
  );
}
