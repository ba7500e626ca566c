import { Link } from "react-router";
import { resetPasswordAction } from "~/features/accounts/reset-password-action.server";
import { ResetPasswordForm } from "~/features/accounts/reset-password-form";
import { StaffAuthFrame, shopNameFor } from "~/features/staff/staff-auth-frame";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/reset-password";

export const handle: RouteHandle = { chrome: false };

export async function loader({ context }: Route.LoaderArgs) {
  return { shopName: await shopNameFor(context) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return resetPasswordAction(request, context.language, params.token, (input) =>
    context.services.staffAccount.resetPassword(context.company.id, input, context.client),
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  return [
    { title: `${t("accounts.reset.metaTitle")} | ${loaderData?.shopName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
};

/** Staff reset (spec: /reset-password/{token}): the same rules, messages and toast as the customer reset. */
export default function StaffResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaffAuthFrame
      shopName={loaderData.shopName}
      title={t("accounts.reset.title")}
      intro={t("accounts.reset.intro")}
      footer={
        <Link to={adminPaths.login()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("adminStaff.frame.backToLogin")}
        </Link>
      }
    >
      <ResetPasswordForm actionData={actionData} />
    </StaffAuthFrame>
  );
}
