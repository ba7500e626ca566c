import { LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { safeRedirect } from "~/features/accounts/safe-redirect";
import { FormMessage, PasswordField, TextField } from "~/features/admin/form-fields";
import { staffPrincipal } from "~/features/admin/staff-guard.server";
import { translator } from "~/i18n/translator";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import { SignInBody } from "~server/modules/auth/sign-in";
import { adminInfoOf } from "~server/modules/staff/staff-auth.service";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { chrome: false };

export async function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await staffPrincipal(context)) throw redirect(redirectTo || adminPaths.dashboard());
  const info = await context.services.settings.storeInfo(context.company.id);
  return { redirectTo, shopName: info.shopName || context.company.name };
}

type LoginError = "invalidCredentials" | "inactive" | "emailRequired" | "emailInvalid" | "passwordRequired";

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
    if (!isAppError(error) || error.status >= 500) throw error;
    const formError: LoginError = error.code === "ACCOUNT_INACTIVE" ? "inactive" : "invalidCredentials";
    return data({ fieldErrors: {}, formError, email: parsed.data.email }, error.status);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  return [
    { title: `${t("admin.login.metaTitle")} | ${loaderData?.shopName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
};

/** Staff sign-in (spec: /login). */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const errors: Partial<Record<string, LoginError>> = actionData?.fieldErrors ?? {};
  const error = (field: "email" | "password") => {
    const key = errors[field];
    return key ? t(`admin.login.errors.${key}`) : undefined;
  };
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-xl bg-primary text-lg font-bold text-on-primary"
          >
            {loaderData.shopName.charAt(0).toUpperCase()}
          </span>
          <span className="text-lg font-bold text-ink">
            {loaderData.shopName}{" "}
            <span className="font-medium text-ink-muted">· {t("admin.backOffice")}</span>
          </span>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t("admin.login.title")}</h1>
          <p className="mt-2 text-sm text-ink-muted">{t("admin.login.intro")}</p>
          <Form method="post" noValidate className="mt-6 grid gap-5">
            {actionData?.formError && (
              <FormMessage>{t(`admin.login.errors.${actionData.formError}`)}</FormMessage>
            )}
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <TextField
              name="email"
              type="email"
              label={t("admin.login.email")}
              autoComplete="username"
              defaultValue={actionData?.email ?? ""}
              error={error("email")}
              isRequired
            />
            <PasswordField
              name="password"
              label={t("admin.login.password")}
              autoComplete="current-password"
              error={error("password")}
              isRequired
            />
            <div className="-mt-2 text-right">
              <Link
                to={adminPaths.forgotPassword()}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink underline-offset-4 hover:underline"
              >
                {t("admin.login.forgot")}
              </Link>
            </div>
            <Button type="submit" size="lg" disabled={submitting}>
              <LogIn aria-hidden="true" />
              {submitting ? t("admin.login.submitting") : t("admin.login.submit")}
            </Button>
          </Form>
        </div>
        <p className="mt-6 text-center text-sm text-ink-muted">
          {t("admin.login.noAccount")}{" "}
          <Link
            to={adminPaths.signup()}
            className="font-semibold text-primary-ink underline underline-offset-4"
          >
            {t("admin.login.signup")}
          </Link>
        </p>
      </div>
    </div>
  );
}
