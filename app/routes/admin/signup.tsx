import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { FormMessage, PasswordField, TextField } from "~/features/admin/form-fields";
import { StaffAuthFrame, shopNameFor } from "~/features/staff/staff-auth-frame";
import { isClientError, staffErrorKey } from "~/features/staff/staff-errors.server";
import { translator } from "~/i18n/translator";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import { StaffSignupBody } from "~server/modules/staff/staff.schemas";
import { adminInfoOf } from "~server/modules/staff/staff-auth.service";
import { PASSWORD_MESSAGES } from "~shared/password-policy";
import type { Route } from "./+types/signup";

export const handle: RouteHandle = { chrome: false };

/** The invitation of the link, the reason it cannot be used, or whether open sign-up is allowed. */
async function signupState(context: Route.LoaderArgs["context"], token: string | null) {
  const { staffOnboarding } = context.services;
  if (token) {
    try {
      const invitation = await staffOnboarding.invitation(context.company.id, token);
      return { mode: "invited" as const, invitation, problem: null };
    } catch (error) {
      return { mode: "closed" as const, invitation: null, problem: staffErrorKey(error) };
    }
  }
  const open = await staffOnboarding.openSignup(context.company.id);
  return open.open
    ? { mode: "open" as const, invitation: null, problem: null }
    : { mode: "closed" as const, invitation: null, problem: "adminStaff.signup.errors.closed" };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("invitation");
  const [state, shopName] = await Promise.all([signupState(context, token), shopNameFor(context)]);
  return { ...state, token, shopName };
}

const passwordKeys: Record<string, string> = {
  [PASSWORD_MESSAGES.required]: "adminStaff.profile.errors.required",
  [PASSWORD_MESSAGES.tooShort]: "adminStaff.profile.errors.tooShort",
  [PASSWORD_MESSAGES.tooLong]: "adminStaff.profile.errors.tooLong",
};

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const token = new URL(request.url).searchParams.get("invitation");
  const values = { name: text("name"), email: text("email") };
  const parsed = StaffSignupBody.safeParse({
    ...values,
    password: text("password"),
    ...(token ? { invitation: token } : {}),
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (fieldErrors[field]) continue;
      if (field === "name") fieldErrors.name = "adminStaff.signup.errors.nameRequired";
      else if (field === "email")
        fieldErrors.email =
          issue.code === "too_small" ? "adminStaff.errors.emailRequired" : "adminStaff.errors.emailInvalid";
      else if (field === "password")
        fieldErrors.password = passwordKeys[issue.message] ?? "adminStaff.profile.errors.required";
    }
    return data({ fieldErrors, formError: null as string | null, pending: false, values }, 400);
  }
  try {
    const result = await context.services.staffOnboarding.signup(
      context.company.id,
      parsed.data,
      context.client,
    );
    if (!result.signedIn) return { fieldErrors: {}, formError: null, pending: true, values };
    const { session, staff } = result.signedIn;
    return redirect(adminPaths.dashboard(), {
      headers: cookieHeaders(context.sessionCookies.staffSignIn(session, adminInfoOf(staff))),
    });
  } catch (error) {
    if (isClientError(error) && error.code === "EMAIL_TAKEN") {
      return data(
        {
          fieldErrors: { email: "adminStaff.signup.errors.emailTaken" },
          formError: null,
          pending: false,
          values,
        },
        409,
      );
    }
    return data({ fieldErrors: {}, formError: staffErrorKey(error), pending: false, values }, 400);
  }
}

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
