import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { notify, resetScreenToast } from "~/components/ui/toast";
import { AuthCard } from "~/features/accounts/auth-card";
import { type FieldErrors, fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { accountMeta } from "~/features/accounts/page-meta";
import { PasswordField } from "~/features/accounts/password-field";
import { errorKeyFor } from "~/features/accounts/service-errors.server";
import { FieldStack } from "~/features/accounts/text-field";
import { paths } from "~/lib/paths";
import { passwordProblem } from "../../server/modules/auth/password-policy";
import { StoreResetPasswordBody } from "../../server/modules/customers/customers.schemas";
import type { Route } from "./+types/user.reset-password";

/** Spec section 5: new password required and at least 8 characters; the confirmation must match. */
function validate(newPassword: string, confirmPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  const problem = passwordProblem(newPassword);
  if (problem) errors.newPassword = problem;
  if (!confirmPassword) errors.confirmPassword = "required";
  else if (confirmPassword !== newPassword) errors.confirmPassword = "mismatch";
  return errors;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const newPassword = values.newPassword ?? "";
  const fieldErrors = validate(newPassword, values.confirmPassword ?? "");
  const parsed = StoreResetPasswordBody.safeParse({ newPassword, token: params.token });
  if (Object.keys(fieldErrors).length > 0 || !parsed.success) {
    const errors = parsed.success ? fieldErrors : { ...fieldErrorsFrom(parsed.error), ...fieldErrors };
    return data({ ok: false, fieldErrors: errors, formError: errors.token ? "resetInvalid" : null }, 400);
  }
  try {
    await context.services.customers.resetPassword(context.company.id, parsed.data);
    return { ok: true, fieldErrors: {}, formError: null };
  } catch (error) {
    return data({ ok: false, fieldErrors: {}, formError: errorKeyFor(error) }, 400);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.reset.metaTitle");

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  const message = (field: string) => (errors[field] ? t(`accounts.errors.${errors[field]}`) : undefined);

  // Each answer of the action is a new object: toast it once (`t` changes when the root data
  // revalidates after the submission, which must not toast again). On success, stay here, fields empty.
  const handled = useRef<typeof actionData>(undefined);
  useEffect(() => {
    if (!actionData || handled.current === actionData) return;
    handled.current = actionData;
    setClientErrors(null);
    if (actionData.ok) {
      form.current?.reset();
      notify.success(t("accounts.reset.success"), resetScreenToast);
    } else if (actionData.formError) {
      notify.error(t(`accounts.errors.${actionData.formError}`), resetScreenToast);
    }
  }, [actionData, t]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = new FormData(event.currentTarget);
    const found = validate(
      String(values.get("newPassword") ?? ""),
      String(values.get("confirmPassword") ?? ""),
    );
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      return;
    }
    setClientErrors({});
  };

  return (
    <AuthCard
      title={t("accounts.reset.title")}
      intro={t("accounts.reset.intro")}
      footer={
        <Link to={paths.signIn()} className="font-semibold text-primary-ink underline underline-offset-4">
          {t("accounts.reset.back")}
        </Link>
      }
    >
      <Form method="post" noValidate ref={form} onSubmit={onSubmit}>
        <FieldStack>
          <PasswordField
            name="newPassword"
            label={t("accounts.fields.newPassword")}
            autoComplete="new-password"
            error={message("newPassword")}
            required
          />
          <PasswordField
            name="confirmPassword"
            label={t("accounts.fields.confirmPassword")}
            autoComplete="new-password"
            error={message("confirmPassword")}
            required
          />
          <Button type="submit" size="lg" disabled={submitting}>
            {t("accounts.reset.submit")}
          </Button>
        </FieldStack>
      </Form>
    </AuthCard>
  );
}
