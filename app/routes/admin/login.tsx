import { LogIn } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage, PasswordField, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/login";

export { action, loader } from "./login.server";

export const handle: RouteHandle = { chrome: false };

export type LoginError =
  | "invalidCredentials"
  | "inactive"
  | "emailRequired"
  | "emailInvalid"
  | "passwordRequired";

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
