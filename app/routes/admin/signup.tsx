import { UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage, PasswordField, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { StaffAuthFrame } from "~/features/staff/staff-auth-frame";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/signup";

export { action, loader } from "./signup.server";

export const handle: RouteHandle = { chrome: false };

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  return [
    { title: `${t("adminStaff.signup.metaTitle")} | ${loaderData?.shopName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
};

/** Staff sign-up (spec: /signup): with an invitation, or when the settings open it. */
export default function StaffSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const { mode, invitation, problem, shopName } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const footer = (
    <>
      {t("adminStaff.signup.haveAccount")}{" "}
      <Link to={adminPaths.login()} className="font-semibold text-primary-ink underline underline-offset-4">
        {t("adminStaff.signup.signIn")}
      </Link>
    </>
  );
  if (mode === "closed") {
    return (
      <StaffAuthFrame shopName={shopName} title={t("adminStaff.signup.closedTitle")} footer={footer}>
        <FormMessage>{t(problem ?? "adminStaff.signup.errors.closed")}</FormMessage>
      </StaffAuthFrame>
    );
  }
  return (
    <StaffAuthFrame
      shopName={shopName}
      title={t("adminStaff.signup.title")}
      intro={
        invitation
          ? t("adminStaff.signup.introInvited", { role: invitation.role })
          : t("adminStaff.signup.introOpen")
      }
      footer={footer}
    >
      {actionData?.pending ? (
        <FormMessage tone="success">{t("adminStaff.signup.pending")}</FormMessage>
      ) : (
        <Form method="post" noValidate className="grid gap-5">
          {actionData?.formError && <FormMessage>{t(actionData.formError)}</FormMessage>}
          <TextField
            name="name"
            label={t("adminStaff.signup.name")}
            autoComplete="name"
            defaultValue={actionData?.values.name ?? invitation?.name ?? ""}
            error={errors.name ? t(errors.name) : undefined}
            isRequired
          />
          <TextField
            name="email"
            type="email"
            label={t("adminStaff.signup.email")}
            autoComplete="username"
            defaultValue={actionData?.values.email ?? invitation?.email ?? ""}
            isReadOnly={Boolean(invitation)}
            error={errors.email ? t(errors.email) : undefined}
            isRequired
          />
          <PasswordField
            name="password"
            label={t("adminStaff.signup.password")}
            description={t("adminStaff.signup.passwordHint")}
            autoComplete="new-password"
            error={errors.password ? t(errors.password) : undefined}
            isRequired
          />
          <Button type="submit" size="lg" disabled={submitting}>
            <UserPlus aria-hidden="true" />
            {submitting ? t("adminStaff.signup.submitting") : t("adminStaff.signup.submit")}
          </Button>
        </Form>
      )}
    </StaffAuthFrame>
  );
}
