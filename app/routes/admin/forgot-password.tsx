import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { FormMessage, TextField } from "~/features/admin/form-fields";
import { StaffAuthFrame, shopNameFor } from "~/features/staff/staff-auth-frame";
import { translator } from "~/i18n/translator";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import { StaffForgotPasswordBody } from "~server/modules/staff/staff.schemas";
import type { Route } from "./+types/forgot-password";

export const handle: RouteHandle = { chrome: false };

export async function loader({ context }: Route.LoaderArgs) {
  return { shopName: await shopNameFor(context) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const parsed = StaffForgotPasswordBody.safeParse({ email: values.email ?? "" });
  if (!parsed.success) {
    return data({ sent: false, fieldErrors: fieldErrorsFrom(parsed.error), email: values.email ?? "" }, 400);
  }
  await context.services.staffAccount.requestPasswordReset(context.company.id, parsed.data.email, {
    origin: context.origin,
    language: context.language,
  });
  // The same answer whether or not the email belongs to a staff account.
  return { sent: true, fieldErrors: {}, email: parsed.data.email };
}

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
