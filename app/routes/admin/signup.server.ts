import { data, redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { throwIfTooManyAttempts } from "~/features/accounts/service-errors.server";
import { shopNameFor } from "~/features/staff/staff-auth-frame";
import { isClientError, staffErrorKey } from "~/features/staff/staff-errors.server";
import { adminPaths } from "~/lib/admin-paths";
import { StaffSignupBody } from "~server/modules/staff/staff.schemas";
import { adminInfoOf } from "~server/modules/staff/staff-auth.service";
import { PASSWORD_MESSAGES } from "~shared/password-policy";
import type { Route } from "./+types/signup";

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
    throwIfTooManyAttempts(error, context.language);
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
