import { data, redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { safeRedirect } from "~/features/accounts/safe-redirect";
import { throwIfTooManyAttempts } from "~/features/accounts/service-errors.server";
import { adminPaths } from "~/lib/admin-paths";
import { staffPrincipal } from "~/lib/staff-guard.server";
import { SignInBody } from "~server/modules/auth/sign-in";
import { adminInfoOf } from "~server/modules/staff/staff-auth.service";
import type { Route } from "./+types/login";
import type { LoginError } from "./login";

export async function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await staffPrincipal(context)) throw redirect(redirectTo || adminPaths.dashboard());
  const info = await context.services.settings.storeInfo(context.company.id);
  return { redirectTo, shopName: info.shopName || context.company.name };
}

/** The error keys of the sign-in form (under admin.login.errors) for a failed parse. */
function fieldErrors(error: import("zod").ZodError): Partial<Record<"email" | "password", LoginError>> {
  const errors: Partial<Record<"email" | "password", LoginError>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === "email")
      errors.email ??=
        issue.code === "too_small" || issue.code === "invalid_type" ? "emailRequired" : "emailInvalid";
    if (field === "password") errors.password ??= "passwordRequired";
  }
  return errors;
}

function isAppError(error: unknown): error is Error & { status: number; code: string } {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const parsed = SignInBody.safeParse({ email: text("email"), password: text("password") });
  if (!parsed.success) {
    return data({ fieldErrors: fieldErrors(parsed.error), formError: null, email: text("email") }, 400);
  }
  const { staffAuth } = context.services;
  try {
    const result = await staffAuth.login(context.company.id, parsed.data, context.client);
    if (context.staffSession) await staffAuth.logout(context.staffSession.id);
    return redirect(safeRedirect(text("redirectTo"), adminPaths.dashboard()), {
      headers: cookieHeaders(context.sessionCookies.staffSignIn(result.session, adminInfoOf(result.staff))),
    });
  } catch (error) {
    throwIfTooManyAttempts(error, context.language);
    if (!isAppError(error) || error.status >= 500) throw error;
    const formError: LoginError = error.code === "ACCOUNT_INACTIVE" ? "inactive" : "invalidCredentials";
    return data({ fieldErrors: {}, formError, email: parsed.data.email }, error.status);
  }
}
